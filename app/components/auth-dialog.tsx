import { createContext, Suspense, useContext, useState, type ButtonHTMLAttributes, type ReactNode } from "react";
import { Button, type ButtonVariant } from "~/components/ui/button";
import { dialogCommand } from "~/components/ui/dialog-command";
import { lazyComponent } from "~/lib/lazy-component";
import type { ActionResult } from "~/lib/form-errors";
import { useDocumentPage } from "~/lib/page-mode";
import type { AuthDialogFlash, Toast } from "~/lib/toast";

export type AuthMode = "signin" | "signup";
type AuthDialogApi = {
  openAuthDialog: (mode?: AuthMode) => void;
  /** Starts loading the dialog's code early, for example when the pointer reaches a sign-in button. */
  preloadAuthDialog: () => void;
};

const AuthDialog = lazyComponent(() => import("~/components/auth-dialog-content").then((m) => m.default));
const loadDialog = () => void AuthDialog.preload();
// Only the server renders it (for pages without React, behind `import.meta.env.SSR`): a dynamic import, so the
// browser never loads it and the shell does not take in its fields and buttons (scripts/shell-chunk.ts follows
// static imports only).
const DocumentAuthDialog = lazyComponent(() => import("~/components/document-auth-dialog").then((m) => m.DocumentAuthDialog));

/** The id of the sign-in dialog of pages without React (app/components/document-auth-dialog.tsx). */
export const DOCUMENT_DIALOG_ID = "auth-dialog";

const AuthDialogContext = createContext<AuthDialogApi | null>(null);

function useAuthDialog(): AuthDialogApi {
  const api = useContext(AuthDialogContext);
  if (!api) throw new Error("useAuthDialog must be used within an AuthDialogProvider");
  return api;
}

/**
 * What the sign-in and sign-up actions answer to the dialog (it stays on the page, so no redirect), in the one answer
 * shape (decision 0077): a success carries the toast to show, a refusal its fields' messages and the form's (`formError`).
 */
export type DialogAnswer = ActionResult<{ toast: Toast }>;

export function AuthDialogProvider({
  children,
  googleEnabled,
  documentFlash = null,
}: {
  children: ReactNode;
  googleEnabled: boolean;
  /** What the dialog of a page without React shows again after the server refused its form. */
  documentFlash?: AuthDialogFlash | null;
}) {
  const documentPage = useDocumentPage();
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
      {/* Only the server renders pages without React: `import.meta.env.SSR` keeps this dialog out of the browser's code. */}
      {import.meta.env.SSR && documentPage ? <DocumentAuthDialog googleEnabled={googleEnabled} flash={documentFlash} /> : null}
      {opened ? (
        <Suspense fallback={null}>
          <AuthDialog open={open} onOpenChange={setOpen} mode={mode} formKey={formKey} onToggle={toggle} googleEnabled={googleEnabled} />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}

/**
 * What makes a button open the sign-in dialog: React where the page runs it, the native `commandfor`/`command`
 * attributes on pages without React.
 */
export function useSignInButtonProps(): ButtonHTMLAttributes<HTMLButtonElement> {
  const documentPage = useDocumentPage();
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();
  if (import.meta.env.SSR && documentPage) return { ...dialogCommand(DOCUMENT_DIALOG_ID, "show-modal"), "aria-haspopup": "dialog" };
  return { onClick: () => openAuthDialog("signin"), onPointerEnter: preloadAuthDialog, onFocus: preloadAuthDialog, "aria-haspopup": "dialog" };
}

export function SignInButton({ variant, className, children }: { variant?: ButtonVariant; className?: string; children: ReactNode }) {
  return (
    <Button variant={variant} className={className} {...useSignInButtonProps()}>
      {children}
    </Button>
  );
}
