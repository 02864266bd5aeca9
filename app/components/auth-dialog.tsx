import { createContext, Suspense, useContext, useState, type ReactNode } from "react";
import { lazyComponent } from "~/lib/lazy-component";
import type { FieldErrors } from "~/lib/auth-schemas";
import type { Toast } from "~/lib/toast";

export type AuthMode = "signin" | "signup";
type AuthDialogApi = {
  openAuthDialog: (mode?: AuthMode) => void;
  /** Starts loading the dialog's code early, for example when the pointer reaches a sign-in button. */
  preloadAuthDialog: () => void;
};

const AuthDialog = lazyComponent(() => import("~/components/auth-dialog-content").then((m) => m.default));
const loadDialog = () => void AuthDialog.preload();

const AuthDialogContext = createContext<AuthDialogApi | null>(null);

export function useAuthDialog(): AuthDialogApi {
  const api = useContext(AuthDialogContext);
  if (!api) throw new Error("useAuthDialog must be used within an AuthDialogProvider");
  return api;
}

/** What the sign-in and sign-up actions answer to the dialog (it stays on the page, so no redirect). */
export type DialogActionData = { ok: true; toast: Toast } | { ok: false; fieldErrors?: FieldErrors; error?: string };

export function AuthDialogProvider({ children, googleEnabled }: { children: ReactNode; googleEnabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthMode>("signin");
  // A new key on every toggle or opening gives fresh, empty fields and no leftover error.
  const [formKey, setFormKey] = useState(0);
  // The dialog (Radix, the forms and their zod rules) loads on first use: most visitors never open it.
  const [opened, setOpened] = useState(false);
  const openAuthDialog = (m: AuthMode = "signin") => {
    setOpened(true);
    setMode(m);
    setFormKey((k) => k + 1);
    setOpen(true);
  };
  const toggle = () => {
    setMode((m) => (m === "signin" ? "signup" : "signin"));
    setFormKey((k) => k + 1);
  };
  return (
    <AuthDialogContext.Provider value={{ openAuthDialog, preloadAuthDialog: loadDialog }}>
      {children}
      {opened ? (
        <Suspense fallback={null}>
          <AuthDialog open={open} onOpenChange={setOpen} mode={mode} formKey={formKey} onToggle={toggle} googleEnabled={googleEnabled} />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}
