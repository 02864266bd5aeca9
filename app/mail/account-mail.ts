// The words of the account mails (password reset, verification, warnings). Shaped by app/mail/template.server.ts.
import type { MailContent } from "./template.server";

type AccountMail = MailContent & { kind: string };

export const ACCOUNT_MAIL = {
  resetPassword: (url: string): AccountMail => ({
    kind: "password-reset",
    subject: "Reset your password",
    paragraphs: ["Someone (hopefully you) asked to reset the password of your account.", "The link works once, for 30 minutes."],
    action: { label: "Choose a new password", url },
    footnote: ["If you did not ask for this, ignore this email: your password stays as it is."],
  }),
  passwordChanged: (forgotUrl: string): AccountMail => ({
    kind: "password-changed",
    subject: "Your password was changed",
    paragraphs: ["The password of your account was just changed, and every device that was signed in has been signed out."],
    footnote: [`If this was not you, choose a new password now: ${forgotUrl}`],
  }),
  signUpAttempt: (forgotUrl: string): AccountMail => ({
    kind: "sign-up-attempt",
    subject: "Someone tried to create an account with your address",
    paragraphs: [
      "Someone tried to create an account with your address, but you already have one.",
      "If it was you, sign in, or reset your password if you forgot it.",
    ],
    action: { label: "Reset your password", url: forgotUrl },
    footnote: ["If it was not you, you can ignore this email: nothing has changed."],
  }),
  verifyEmail: (url: string): AccountMail => ({
    kind: "verify-email",
    subject: "Confirm your email address",
    paragraphs: ["Welcome! Please confirm that this is your email address."],
    action: { label: "Confirm my email address", url },
    footnote: ["If you did not create an account, ignore this email."],
  }),
  confirmNewEmail: (url: string): AccountMail => ({
    kind: "change-email",
    subject: "Confirm your new email address",
    paragraphs: ["You asked to use this address for your account. Your account keeps its old address until you confirm."],
    action: { label: "Confirm my new address", url },
    footnote: ["If you did not ask for this, ignore this email."],
  }),
};
