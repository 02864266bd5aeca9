// Auth's front door (decision 0053): routes, capabilities and server/auth.ts reach sign-in, sessions and the account
// through here. Inside: session.server.ts (who is signed in: requireUser / requireCoach / requireVisitor),
// accounts.server.ts (sign in and up, their limits), account-settings.server.ts and account-forms.server.ts (/account),
// account-menu.server.ts (the pages a person has), password-reset.server.ts, email-links.server.ts,
// document-dialog.server.ts and sign-up-notice.server.ts (the sign-in dialog without JavaScript); schemas.ts (parseForm,
// the forms) stays importable from the browser.
// Capabilities that need only the session guard still import session.server (listed debts): this door also loads the
// account menu (payments, athletes, medical) and account settings (enrollment, through app/models/account.server), and a
// low module such as safe-play/safe-play.server loading them closes cycles that reach load-time reads (decision 0053's
// addendum). Next: /account's modules become a capability of their own, and auth a leaf.
export { requireUser } from "./session.server";
export { AccountIntentSchema, LanguageSchema } from "./account-forms.server";
export { getAccountMenu } from "./account-menu.server";
export { changeEmail, changePassword, deleteAccount, endOtherSessions, endSession, resendVerification, saveProfile } from "./account-settings.server";
export type { SettingsResult } from "./account-settings.server";
export { clearSignInLimits, signInWithPassword, signOut, signUpWithPassword, startGoogleSignIn } from "./accounts.server";
export { backToDocumentDialog } from "./document-dialog.server";
export { recordEmailLink, wasEmailLinkMailed } from "./email-links.server";
export { isResetTokenUsable, requestPasswordReset, resetPassword } from "./password-reset.server";
export { getUser, isCoach, requireCoach, requireVisitor } from "./session.server";
export { readSignedUpAddress, signedUpCookie } from "./sign-up-notice.server";
