// The words of signing in and up: the dialogs, the pages and their toasts, in the language of the page (issue 27).
import { localHref } from "~/i18n/locale";
import type { Locale } from "~/i18n/language";
import type { Toast } from "~/lib/toast";
import { m } from "~/paraglide/messages";

/**
 * The sign-in dialog's words in each mode, shared by both dialogs and the /signin and /signup pages. Each is read when
 * it is used, so it is in the language of the page being rendered; the dialog of pages without React carries both
 * modes' words (page-behaviours.js switches between them), and the forms post to the page's own language.
 */
export const AUTH_DIALOG_TEXT = {
  signin: {
    get title() {
      return m.account_signin_title();
    },
    get subtitle() {
      return m.account_signin_subtitle();
    },
    get action() {
      return localHref("/signin");
    },
    get submit() {
      return m.account_signin_title();
    },
    get busy() {
      return m.account_signin_busy();
    },
    get prompt() {
      return m.account_signin_prompt();
    },
    get toggle() {
      return m.account_signin_toggle();
    },
    passwordAutoComplete: "current-password",
    get failed() {
      return m.account_signin_failed();
    },
  },
  signup: {
    get title() {
      return m.account_signup_title();
    },
    get subtitle() {
      return m.account_signup_subtitle();
    },
    get action() {
      return localHref("/signup");
    },
    get submit() {
      return m.account_signup_title();
    },
    get busy() {
      return m.account_signup_busy();
    },
    get prompt() {
      return m.account_signup_prompt();
    },
    get toggle() {
      return m.account_signup_toggle();
    },
    passwordAutoComplete: "new-password",
    get failed() {
      return m.account_signup_failed();
    },
  },
} as const;

/** The toasts of signing in and up, in `locale` (the page's language unless told: the account's, after signing in). */
export const AUTH_TOASTS = {
  signedIn: (locale?: Locale): Toast => ({
    type: "success",
    title: m.account_toast_welcome_back({}, { locale }),
    description: m.account_toast_signed_in({}, { locale }),
  }),
  /** After signing up in the dialog. Sign-up never signs in: the answer is the same whether or not the address has an account. */
  accountCreated: (): Toast => ({ type: "success", title: m.account_toast_created(), description: m.account_toast_created_dialog() }),
  /** After signing up on the /signup page, which sends the person on to sign in. */
  registered: (): Toast => ({ type: "success", title: m.account_toast_created(), description: m.account_toast_registered() }),
};
