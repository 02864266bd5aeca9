// The account forms' rules (required fields; the dialog's sign-up also needs a phone and a 6+ character password), used by the browser for instant feedback and by the server,
// which decides.
import { z } from "zod";
import type { FieldErrors } from "../lib/form-errors";
import { unsafeFields } from "../lib/safe-text";

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((v) => v.toLowerCase());

const requiredPassword = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(128, "Password must be at most 128 characters long");

export const PASSWORD_MIN = 6;
export const PASSWORD_TOO_SHORT = "Password must be at least 6 characters long";

const newPassword = requiredPassword.refine((p) => p.length >= PASSWORD_MIN, PASSWORD_TOO_SHORT);

const fullName = z
  .string({ error: "Full name is required" })
  .trim()
  .min(1, "Full name is required")
  .max(120, "Full name must be at most 120 characters");

/** A phone number: digits with the usual separators, and at least 7 digits (so `+++++++` is not one). */
export const phoneNumber = z
  .string()
  .trim()
  .max(40, "Phone number is too long")
  .regex(/^\+?[0-9().\-\s]+$/, "Please enter a valid phone number")
  .refine((v) => (v.match(/[0-9]/g) ?? []).length >= 7, "Please enter a valid phone number");

/** Every form that asks for a phone uses one of these two, so each holds the same rule. */
export const requiredPhone = z.string({ error: "Phone number is required" }).trim().min(1, "Phone number is required").pipe(phoneNumber);
export const optionalPhone = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(phoneNumber.optional());

export const SignInSchema = z.object({ email, password: requiredPassword });

/** Safe Play: "I am a parent or guardian" / "I am a student-athlete"; athletes give their date of birth. */
export const clientKind = z.enum(["guardian", "athlete"], { error: "Please choose whether you are a parent or guardian or a student-athlete." });
export const optionalDate = z
  .string()
  .trim()
  .max(10, "Please enter a date as YYYY-MM-DD.")
  .optional()
  .transform((v) => (v ? v : undefined));

// Safe Play: no default. A sign-up that does not say what the person is (a form whose choice was lost, a script)
// is refused beside the question and creates nothing: a default would make a teenager a "guardian".
export const SignUpSchema = z.object({
  fullName,
  email,
  password: newPassword,
  phone: optionalPhone,
  kind: clientKind,
  dateOfBirth: optionalDate,
});

/** The header dialog's sign-up also asks for a phone number. */
export const SignUpDialogSchema = SignUpSchema.extend({ phone: requiredPhone });

/** The `via` of a form posted by the sign-in dialog of a page without React (app/auth/document-dialog.server.ts). */
export { DOCUMENT_DIALOG, type FieldErrors } from "../lib/form-errors";

export function parseForm<S extends z.ZodType>(schema: S, form: FormData | Record<string, unknown>) {
  const raw = form instanceof FormData ? Object.fromEntries(form) : form;
  // Checked before the schema, for every field of every form: NUL and invalid Unicode get a message beside
  // the field instead of reaching the database (see safe-text.ts).
  const unsafe = unsafeFields(raw);
  if (Object.keys(unsafe).length > 0) return { data: null, fieldErrors: unsafe as FieldErrors };
  const result = schema.safeParse(raw);
  if (result.success) return { data: result.data as z.output<S>, fieldErrors: null };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  return { data: null, fieldErrors };
}

export const ForgotPasswordSchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: "This link is not valid" }).min(1, "This link is not valid").max(200, "This link is not valid"),
    password: newPassword,
    confirmPassword: z.string({ error: "Please repeat the new password" }).min(1, "Please repeat the new password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The two passwords are not the same" });

export const ProfileSchema = z.object({ fullName, phone: optionalPhone });

export const ChangePasswordSchema = z.object({ currentPassword: requiredPassword.refine(Boolean, "Your current password is required"), newPassword });

export const ChangeEmailSchema = z.object({ newEmail: email });

export const DELETE_CONFIRMATION = "DELETE";
export const DeleteAccountSchema = z.object({
  password: requiredPassword,
  confirm: z
    .string({ error: `Type ${DELETE_CONFIRMATION} to confirm` })
    .trim()
    .refine((v) => v === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm`),
});

export const PreferencesSchema = z.object({
  notifyMessages: z.literal("on").optional().transform(Boolean),
  notifySubmissions: z.literal("on").optional().transform(Boolean),
});
