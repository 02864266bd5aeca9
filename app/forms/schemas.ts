// The rules for the public registration and contact forms, checked on the server (which decides).
import { z } from "zod";
import { PROGRAM_CHOICES, SKILL_LEVELS } from "~/content/forms";
import { phoneNumber, requiredPhone } from "~/auth/schemas";
import { OnCourtSchema, type OnCourtInput } from "~/enrollment/schemas";
import { ageOn, dateOfBirthProblem } from "~/safe-play/safe-play";
import { isUuid } from "~/lib/uuid";
import { INTL_LOCALE, getLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { parseForm, type FieldErrors } from "~/lib/forms";

// The registration form's messages are the catalog's (messages/account), read when a form is checked: in the
// request's language on the server, the page's in the browser.
const registrationText = (requiredMessage: () => string, tooLong: (max: string) => string, max = 120) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: () => tooLong(new Intl.NumberFormat(INTL_LOCALE[getLocale()]).format(max)) });

const registrationEmail = z
  .string({ error: () => m.account_error_email_required() })
  .trim()
  .min(1, { error: () => m.account_error_email_required() })
  .max(254, { error: () => m.account_error_email_too_long() })
  .pipe(z.email({ error: () => m.account_error_email_invalid() }));

const ageWhole = { error: () => m.account_reg_error_age_whole() };

export const RegistrationSchema = z.object({
  studentName: registrationText(
    () => m.account_reg_error_student_required(),
    (max) => m.account_reg_error_student_too_long({ max }),
  ),
  age: z
    .string({ error: () => m.account_reg_error_age_required() })
    .trim()
    .min(1, { error: () => m.account_reg_error_age_required() })
    .regex(/^\d{1,2}$/, ageWhole)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(4, { error: () => m.account_reg_error_age_min() })
        .max(99, ageWhole),
    ),
  skillLevel: z.enum(SKILL_LEVELS, { error: () => m.account_reg_error_skill() }),
  programInterest: z.enum(PROGRAM_CHOICES as [string, ...string[]], { error: () => m.account_reg_error_program() }),
  parentName: registrationText(
    () => m.account_reg_error_parent_required(),
    (max) => m.account_reg_error_parent_too_long({ max }),
  ),
  email: registrationEmail,
  phone: requiredPhone,
  emergencyContact: registrationText(
    () => m.account_reg_error_emergency_required(),
    (max) => m.account_reg_error_emergency_too_long({ max }),
    200,
  ),
});

// The contact form's messages are the catalog's (messages/help), read when a form is checked: in the request's
// language on the server, the page's in the browser.
const contactText = (requiredMessage: () => string, tooLong: (max: string) => string, max: number) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: () => tooLong(new Intl.NumberFormat(INTL_LOCALE[getLocale()]).format(max)) });

const contactEmail = z
  .string({ error: () => m.help_contact_email_required() })
  .trim()
  .min(1, { error: () => m.help_contact_email_required() })
  .max(254, { error: () => m.help_contact_email_too_long() })
  .pipe(z.email({ error: () => m.help_contact_email_invalid() }));

/** Optional; the rule of every phone field (phoneNumber), with the contact form's words. Empty is null. */
const contactPhone = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const checked = phoneNumber.safeParse(value);
    if (checked.success) return checked.data;
    const tooLong = checked.error.issues[0]?.code === "too_big";
    ctx.issues.push({ code: "custom", input: value, message: tooLong ? m.help_contact_phone_too_long() : m.help_contact_phone_invalid() });
    return z.NEVER;
  });

export const ContactSchema = z.object({
  name: contactText(
    () => m.help_contact_name_required(),
    (max) => m.help_contact_name_too_long({ max }),
    120,
  ),
  email: contactEmail,
  phone: contactPhone,
  message: contactText(
    () => m.help_contact_message_required(),
    (max) => m.help_contact_message_too_long({ max }),
    5000,
  ),
});

export type RegistrationInput = z.output<typeof RegistrationSchema>;

/** With a session chosen (issue 29): which session, for which of a signed-in family's athletes, and the court's part. */
export type RegistrationChoice = {
  sessionId: string | null;
  athleteId: string | null;
  /** A visitor's student's date of birth (the athlete made when the address is verified needs one). */
  dateOfBirth: string | null;
  onCourt: OnCourtInput | null;
};
export type RegistrationFormInput = RegistrationInput & RegistrationChoice;

const opaqueId = (v: string | undefined) => (v ?? "").trim().slice(0, 101);

/**
 * The registration form as sent. Always the spec's fields (RegistrationSchema). With a session chosen, also what
 * coaches need on court (OnCourtSchema, the same rule as /enroll/:sessionId), the emergency contact then asked as the
 * court's name and phone (the registration keeps them as "name, phone"), and, when `askBirthDate` (a visitor), the
 * student's date of birth, which must agree with the age given. Every message lands beside its field, all at once.
 */
export function parseRegistration(
  values: Record<string, string>,
  options: { askBirthDate: boolean; now: Date; timeZone: string },
): { data: RegistrationFormInput; fieldErrors: null } | { data: null; fieldErrors: FieldErrors } {
  const sessionId = opaqueId(values.sessionId) || null;
  const athleteId = opaqueId(values.athleteId) || null;
  if (!sessionId) {
    const base = parseForm(RegistrationSchema, values);
    return base.data
      ? { data: { ...base.data, sessionId: null, athleteId, dateOfBirth: null, onCourt: null }, fieldErrors: null }
      : { data: null, fieldErrors: base.fieldErrors };
  }
  const name = (values.emergencyName ?? "").trim();
  const phone = (values.emergencyPhone ?? "").trim();
  const base = parseForm(RegistrationSchema, { ...values, emergencyContact: name && phone ? `${name}, ${phone}` : "" });
  const court = parseForm(OnCourtSchema, values);
  const fieldErrors: FieldErrors = { ...court.fieldErrors };
  for (const [key, message] of Object.entries(base.fieldErrors ?? {})) if (key !== "emergencyContact") fieldErrors[key] ??= message;
  if (!isUuid(sessionId)) fieldErrors.sessionId = m.enroll_reg_error_session();
  let dateOfBirth: string | null = null;
  if (options.askBirthDate) {
    dateOfBirth = (values.dateOfBirth ?? "").trim();
    const problem = dateOfBirthProblem(dateOfBirth, options.now, options.timeZone);
    if (problem) fieldErrors.dateOfBirth = problem;
    else if (base.data && ageOn(dateOfBirth, options.now, options.timeZone) !== base.data.age) fieldErrors.dateOfBirth = m.enroll_reg_error_dob_age();
  }
  if (Object.keys(fieldErrors).length > 0 || !base.data || !court.data) return { data: null, fieldErrors };
  return { data: { ...base.data, sessionId, athleteId, dateOfBirth, onCourt: court.data }, fieldErrors: null };
}
export type ContactInput = z.output<typeof ContactSchema>;
