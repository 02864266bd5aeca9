// The account forms' rules (required fields; the dialog's sign-up also needs a phone and a 6+ character password), used by the browser for instant feedback and by the server,
// which decides. Every message is a function, read in the language of the page (the request's on the server).
import { z } from "zod";
import { m } from "~/paraglide/messages";
import { normalisePhone } from "../lib/phone";
import { says } from "../lib/forms";

const email = z
  .string(says(m.account_error_email_required))
  .trim()
  .min(1, says(m.account_error_email_required))
  .max(254, says(m.account_error_email_too_long))
  .pipe(z.email(says(m.account_error_email_invalid)))
  .transform((v) => v.toLowerCase());

const requiredPassword = z
  .string(says(m.account_error_password_required))
  .min(1, says(m.account_error_password_required))
  .max(128, says(m.account_error_password_too_long));

export const PASSWORD_MIN = 6;

const newPassword = requiredPassword.refine((p) => p.length >= PASSWORD_MIN, says(m.account_error_password_too_short));

const fullName = z
  .string(says(m.account_error_full_name_required))
  .trim()
  .min(1, says(m.account_error_full_name_required))
  .max(120, says(m.account_error_full_name_too_long));

/** A phone number: digits with the usual separators, and at least 7 digits (so `+++++++` is not one). */
export const phoneNumber = z
  .string()
  .trim()
  .max(40, says(m.account_error_phone_too_long))
  .regex(/^\+?[0-9().\-\s]+$/, says(m.account_error_phone_invalid))
  .refine((v) => (v.match(/[0-9]/g) ?? []).length >= 7, says(m.account_error_phone_invalid));

/** Every form that asks for a phone uses one of these two, so each holds the same rule. */
export const requiredPhone = z.string(says(m.account_error_phone_required)).trim().min(1, says(m.account_error_phone_required)).pipe(phoneNumber);
export const optionalPhone = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(phoneNumber.optional());

/**
 * An account's own phone (a guardian's mobile, issue 39): the rule above, then a number a coach can call from the
 * roster, kept in one form (app/lib/phone.ts: "(202) 555-0123", or "+" and the digits for another country).
 */
const callablePhone = phoneNumber.transform((v, ctx) => {
  const kept = normalisePhone(v);
  if (kept) return kept;
  ctx.issues.push({ code: "custom", input: v, message: m.account_error_phone_callable() });
  return z.NEVER;
});
export const requiredAccountPhone = z
  .string(says(m.account_error_phone_required))
  .trim()
  .min(1, says(m.account_error_phone_required))
  .pipe(callablePhone);
export const optionalAccountPhone = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(callablePhone.optional());

export const SignInSchema = z.object({ email, password: requiredPassword });

/** Safe Play: "I am a parent or guardian" / "I am a student-athlete"; athletes give their date of birth. */
export const clientKind = z.enum(["guardian", "athlete"], says(m.account_error_kind_required));
export const optionalDate = z
  .string()
  .trim()
  .max(10, says(m.account_error_date_format))
  .optional()
  .transform((v) => (v ? v : undefined));

// Safe Play: no default. A sign-up that does not say what the person is (a form whose choice was lost, a script)
// is refused beside the question and creates nothing: a default would make a teenager a "guardian".
export const SignUpSchema = z.object({
  fullName,
  email,
  password: newPassword,
  phone: optionalAccountPhone,
  kind: clientKind,
  dateOfBirth: optionalDate,
});

/** A coach invited to the staff (issue 39): not asked "parent or student-athlete"; the date of birth still proves an adult. */
export const StaffSignUpSchema = SignUpSchema.omit({ kind: true });

/** The header dialog's sign-up also asks for a phone number. */
export const SignUpDialogSchema = SignUpSchema.extend({ phone: requiredAccountPhone });

/** The `via` of a form posted by the sign-in dialog of a page without React (app/auth/document-dialog.server.ts). */
export { DOCUMENT_DIALOG } from "../lib/form-errors";

export const ForgotPasswordSchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({
    token: z.string(says(m.account_error_link_invalid)).min(1, says(m.account_error_link_invalid)).max(200, says(m.account_error_link_invalid)),
    password: newPassword,
    confirmPassword: z.string(says(m.account_error_repeat_password)).min(1, says(m.account_error_repeat_password)),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], ...says(m.account_error_passwords_differ) });

export const ProfileSchema = z.object({ fullName, phone: optionalAccountPhone });

/** The family page's one field for a guardian's mobile phone (empty clears it). */
export const GuardianPhoneSchema = z.object({ phone: optionalAccountPhone });

export const ChangePasswordSchema = z.object({
  currentPassword: requiredPassword.refine(Boolean, says(m.account_error_current_password_required)),
  newPassword,
});

export const ChangeEmailSchema = z.object({ newEmail: email });

/** The word typed to confirm deleting an account: the page's language's ("DELETE", "ELIMINAR"); the English one always works. */
export const DELETE_CONFIRMATION = "DELETE";
// The word in the reader's language (the page says it with m.account_delete_word directly: importing a value from this
// module brings zod into a page's JavaScript).
export const deleteConfirmationWord = () => m.account_delete_word();
const deleteConfirmationMessage = () => m.account_error_delete_confirm({ word: deleteConfirmationWord() });
export const DeleteAccountSchema = z.object({
  password: requiredPassword,
  confirm: z
    .string(says(deleteConfirmationMessage))
    .trim()
    .refine((v) => v === DELETE_CONFIRMATION || v === deleteConfirmationWord(), says(deleteConfirmationMessage)),
});

export const PreferencesSchema = z.object({
  notifyMessages: z.literal("on").optional().transform(Boolean),
  notifyChanges: z.literal("on").optional().transform(Boolean),
  notifySubmissions: z.literal("on").optional().transform(Boolean),
});
