// The words of the account mails (password reset, verification, warnings), in the recipient's language: the account's
// (null: English; decision 0027). Shaped by app/mail/template.server.ts.
import type { Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import type { MailContent } from "./template.server";

type AccountMail = MailContent & { kind: string };
type Options = { locale: Locale };

export const ACCOUNT_MAIL = {
  resetPassword: (url: string, locale: Locale): AccountMail => {
    const o: Options = { locale };
    return {
      kind: "password-reset",
      locale,
      subject: m.account_mail_reset_subject({}, o),
      paragraphs: [m.account_mail_reset_asked({}, o), m.account_mail_reset_once({}, o)],
      action: { label: m.account_mail_reset_action({}, o), url },
      footnote: [m.account_mail_reset_ignore({}, o)],
    };
  },
  passwordChanged: (forgotUrl: string, locale: Locale): AccountMail => {
    const o: Options = { locale };
    return {
      kind: "password-changed",
      locale,
      subject: m.account_mail_changed_subject({}, o),
      paragraphs: [m.account_mail_changed_text({}, o)],
      footnote: [m.account_mail_changed_not_you({ url: forgotUrl }, o)],
    };
  },
  signUpAttempt: (forgotUrl: string, locale: Locale): AccountMail => {
    const o: Options = { locale };
    return {
      kind: "sign-up-attempt",
      locale,
      subject: m.account_mail_attempt_subject({}, o),
      paragraphs: [m.account_mail_attempt_text({}, o), m.account_mail_attempt_if_you({}, o)],
      action: { label: m.account_mail_attempt_action({}, o), url: forgotUrl },
      footnote: [m.account_mail_attempt_not_you({}, o)],
    };
  },
  verifyEmail: (url: string, locale: Locale): AccountMail => {
    const o: Options = { locale };
    return {
      kind: "verify-email",
      locale,
      subject: m.account_mail_verify_subject({}, o),
      paragraphs: [m.account_mail_verify_text({}, o)],
      action: { label: m.account_mail_verify_action({}, o), url },
      footnote: [m.account_mail_verify_ignore({}, o)],
    };
  },
  confirmNewEmail: (url: string, locale: Locale): AccountMail => {
    const o: Options = { locale };
    return {
      kind: "change-email",
      locale,
      subject: m.account_mail_new_email_subject({}, o),
      paragraphs: [m.account_mail_new_email_text({}, o)],
      action: { label: m.account_mail_new_email_action({}, o), url },
      footnote: [m.account_mail_new_email_ignore({}, o)],
    };
  },
};
