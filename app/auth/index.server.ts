// Auth's front door (decision 0053): a shared service below the capabilities (the layer order of issue 38: routes ->
// capabilities -> shared services -> db). Routes, capabilities and server/auth.ts reach sign-in and sessions here:
// session.server.ts (who is signed in: getUser / requireUser / requireCoach / requireVisitor, the session guard every
// capability's access rules start from), accounts.server.ts (sign in and up, their limits, Better Auth's answers),
// password-reset.server.ts, email-links.server.ts, document-dialog.server.ts and sign-up-notice.server.ts (the
// sign-in dialog without JavaScript); schemas.ts (parseForm, the forms) stays importable from the browser.
// Auth imports no capability (lint: capability-boundaries), so this door closes no cycle whoever imports it; what a
// signed-in person does to their own account (/account: settings, the menu, their data, deletion) is app/account's.
export { getUser, isCoach, requireCoach, requireUser, requireVisitor } from "./session.server";
export {
  apiErrorMessage,
  clearedSessionCookies,
  clearSignInLimits,
  cookiesOnly,
  forwardHeaders,
  signInWithPassword,
  signOut,
  signUpWithPassword,
  startGoogleSignIn,
  unexpectedError,
} from "./accounts.server";
export { backToDocumentDialog } from "./document-dialog.server";
export { recordEmailLink, wasEmailLinkMailed } from "./email-links.server";
export { isResetTokenUsable, requestPasswordReset, resetPassword } from "./password-reset.server";
export { readSignedUpAddress, signedUpCookie } from "./sign-up-notice.server";
