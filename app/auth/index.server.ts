// auth's front door (docs/decisions/0053): the only module of app/auth/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
export { AccountIntentSchema, LanguageSchema } from "./account-forms.server";
export { getAccountMenu } from "./account-menu.server";
export { changeEmail, changePassword, deleteAccount, endOtherSessions, endSession, resendVerification, saveProfile } from "./account-settings.server";
export type { SettingsResult } from "./account-settings.server";
export { clearSignInLimits, signInWithPassword, signOut, signUpWithPassword, startGoogleSignIn } from "./accounts.server";
export { backToDocumentDialog } from "./document-dialog.server";
export { recordEmailLink, wasEmailLinkMailed } from "./email-links.server";
export { isResetTokenUsable, requestPasswordReset, resetPassword } from "./password-reset.server";
export { getUser, isCoach, requireCoach, requireUser, requireVisitor } from "./session.server";
export { readSignedUpAddress, signedUpCookie } from "./sign-up-notice.server";
