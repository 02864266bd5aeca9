// The account's front door (decision 0053; decision 0080's addendum): what a signed-in person does to their own
// account, /account and its pages. Inside: account-settings.server.ts (profile, password, address, sessions, deleting
// the account), account.server.ts (settings and sessions read, preferences, "Download my data", anonymizeUser: the
// deletion's one transaction, with family's and enrollment's steps through their doors), account-menu.server.ts (the
// pages a person has) and account-forms.server.ts (/account's intents). Sign-in and the session guard are auth's (a
// shared service); account-page.tsx (the screen's sections) stays importable from the browser.
export { AccountIntentSchema, LanguageSchema } from "./account-forms.server";
export { getAccountMenu, type MenuLink } from "./account-menu.server";
export { changeEmail, changePassword, deleteAccount, endOtherSessions, endSession, resendVerification, saveProfile } from "./account-settings.server";
export type { SettingsResult } from "./account-settings.server";
export {
  anonymizeUser,
  exportUserData,
  getAccountSettings,
  getActiveSessions,
  getOwnSessionToken,
  UNVERIFIED_FORMS_NOTE,
  updatePreferences,
} from "./account.server";
