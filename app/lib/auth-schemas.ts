// The account forms' rules (spec section 5), used by the browser for instant feedback and by the server,
// which decides.
import { z } from "zod";
import { unsafeFields } from "./safe-text";

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((v) => v.toLowerCase());

const requiredPassword = z.string({ error: "Password is required" }).min(1, "Password is required").max(128, "Password must be at most 128 characters long");

export const PASSWORD_MIN = 6;
export const PASSWORD_TOO_SHORT = "Password must be at least 6 characters long";

const newPassword = requiredPassword.refine((p) => p.length >= PASSWORD_MIN, PASSWORD_TOO_SHORT);

const fullName = z
  .string({ error: "Full name is required" })
  .trim()
  .min(1, "Full name is required")
  .max(120, "Full name must be at most 120 characters");

const optionalPhone = z
  .string()
  .trim()
  .max(40, "Phone number is too long")
  .optional()
  .transform((v) => (v ? v : undefined));

export const SignInSchema = z.object({ email, password: requiredPassword });

export const SignUpSchema = z.object({ fullName, email, password: newPassword, phone: optionalPhone });

/** The header dialog's sign-up also asks for a phone number. */
export const SignUpDialogSchema = SignUpSchema.extend({
  phone: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    .max(40, "Phone number is too long")
    .regex(/^[0-9+().\-\s]{7,}$/, "Please enter a valid phone number"),
});

/** The `via` of a form posted by the sign-in dialog of a page without React (app/auth/document-dialog.server.ts). */
export const DOCUMENT_DIALOG = "document-dialog";

export type FieldErrors = Partial<Record<string, string>>;

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
