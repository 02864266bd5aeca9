// The words of signing in and up: the dialogs, the pages and their toasts.
import type { Toast } from "~/lib/toast";

/** The sign-in dialog's words in each mode, shared by both dialogs and the /signin and /signup pages. */
export const AUTH_DIALOG_TEXT = {
  signin: {
    title: "Sign In",
    subtitle: "Enter your credentials to access your account",
    action: "/signin",
    submit: "Sign In",
    busy: "Signing in...",
    prompt: "Don't have an account? ",
    toggle: "Sign up",
    passwordAutoComplete: "current-password",
    failed: "Sign In Failed",
  },
  signup: {
    title: "Create Account",
    subtitle: "Join the organisation as a client",
    action: "/signup",
    submit: "Create Account",
    busy: "Creating account...",
    prompt: "Already have an account? ",
    toggle: "Sign in",
    passwordAutoComplete: "new-password",
    failed: "Sign Up Failed",
  },
} as const;

export const AUTH_TOASTS = {
  signedIn: { type: "success", title: "Welcome back!", description: "You have successfully signed in." },
  /** After signing up in the dialog. Sign-up never signs in: the answer is the same whether or not the address has an account. */
  accountCreated: {
    type: "success",
    title: "Account Created!",
    description: "Welcome to Next Level Tennis! We sent you an email to confirm your address. You can sign in now.",
  },
  /** After signing up on the /signup page, which sends the person on to sign in. */
  registered: {
    type: "success",
    title: "Account Created!",
    description: "Welcome! You've been registered as a client. Contact us if you need coach access.",
  },
} as const satisfies Record<string, Toast>;

/** The link to this page beside a sign-up form (/signup and the header's dialog): here, so the dialog does not carry the whole notice. */
export const PRIVACY_SIGNUP_NOTE = {
  before: "What we keep about you and your children, and why:",
  link: "Privacy notice",
  newTab: "(opens in a new tab)",
};
