// The words of the mails sent when a family uses the registration or contact form.
import type { MailContent } from "./template.server";
import { PROGRAM_LINKS } from "~/content/site";
import { getLocale, type Locale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

type SubmissionMail = MailContent & { kind: string };

/**
 * The registration form's confirmation, in the visitor's language: the language of the page the form was sent from
 * (decision 0027). The program is named in that language too (the form stores its English name).
 */
function registrationConfirmation(locale: Locale, program: string | undefined): SubmissionMail {
  const name = program ? (PROGRAM_LINKS.find((p) => p.label === program)?.name({}, { locale }) ?? program) : undefined;
  return {
    kind: "registration-received",
    locale,
    subject: m.account_mail_registration_subject({}, { locale }),
    paragraphs: [
      name ? m.account_mail_registration_thanks_program({ program: name }, { locale }) : m.account_mail_registration_thanks({}, { locale }),
      m.account_mail_registration_contact({}, { locale }),
    ],
    footnote: [m.account_mail_registration_not_you({}, { locale })],
  };
}

export const SUBMISSION_MAIL = {
  confirmation: (form: "registration" | "contact", program?: string): SubmissionMail =>
    form === "registration"
      ? registrationConfirmation(getLocale(), program)
      : // In the visitor's language: the language of the request that sent the form (decision 0027).
        {
          kind: "contact-received",
          subject: m.help_contact_mail_subject({}, { locale: getLocale() }),
          paragraphs: [m.help_contact_mail_text({}, { locale: getLocale() })],
          footnote: [m.help_contact_mail_footnote({}, { locale: getLocale() })],
        },
  coachNotice: (form: "registration" | "contact", url: string): SubmissionMail => ({
    kind: form === "registration" ? "registration-notice" : "contact-notice",
    subject: form === "registration" ? "New registration request" : "New contact message",
    paragraphs: [form === "registration" ? "A family sent a new registration request." : "Someone sent a new message through the contact form."],
    action: { label: "Open appointments", url },
    footnote: ["You get this email because you are a coach. Turn these emails off on your account page."],
  }),
};
