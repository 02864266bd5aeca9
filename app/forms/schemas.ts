// The rules for the public registration and contact forms, checked on the server (which decides).
import { z } from "zod";
import { PROGRAM_CHOICES, SKILL_LEVELS } from "~/content/forms";
import { phoneNumber, requiredPhone } from "~/auth/schemas";
import { INTL_LOCALE, getLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

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
export type ContactInput = z.output<typeof ContactSchema>;
