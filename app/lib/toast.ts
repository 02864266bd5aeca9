export type Toast = {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
  /**
   * The page it lands on writes it in place (a focused status, app/components/ui/confirmation.tsx) and the toaster
   * leaves it: for an answer a person must read, since a toast is gone in seconds and is not drawn without the page's
   * script (issue 41's review: the request form's "Request sent" was missed on the next page).
   */
  inPage?: boolean;
};

/** What the sign-in dialog of a page without React shows when it reopens after the server refused a form. */
export type AuthDialogFlash = {
  mode: "signin" | "signup";
  error?: string | undefined;
  fieldErrors: Partial<Record<string, string>>;
  values: Record<string, string>;
};
