export type Toast = { title: string; description?: string; type: "success" | "error" | "info" };

/** What the sign-in dialog of a page without React shows when it reopens after the server refused a form. */
export type AuthDialogFlash = {
  mode: "signin" | "signup";
  error?: string | undefined;
  fieldErrors: Partial<Record<string, string>>;
  values: Record<string, string>;
};
