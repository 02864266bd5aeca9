import { X } from "lucide-react";
import { createContext, Suspense, useContext, useId, useState, type ButtonHTMLAttributes, type ReactNode } from "react";
import { useLocation } from "react-router";
import { GoogleButton } from "~/components/google-button";
import { Button, type ButtonVariant } from "~/components/ui/button";
import { dialogCommand } from "~/components/ui/dialog-command";
import { ForgotPasswordLink } from "~/components/forgot-password-link";
import { ClientKindFields } from "~/components/client-kind-fields";
import { Field, FormError } from "~/components/ui/field";
import { AUTH_DIALOG_TEXT } from "~/content/auth";
import { lazyComponent } from "~/lib/lazy-component";
import { DOCUMENT_DIALOG, type FieldErrors } from "~/lib/form-errors";
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

const AuthDialogContext = createContext<AuthDialogApi | null>(null);

function useAuthDialog(): AuthDialogApi {
  const api = useContext(AuthDialogContext);
  if (!api) throw new Error("useAuthDialog must be used within an AuthDialogProvider");
  return api;
}

/** What the sign-in and sign-up actions answer to the dialog (it stays on the page, so no redirect). */
export type DialogActionData = { ok: true; toast: Toast } | { ok: false; fieldErrors?: FieldErrors; error?: string };

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

/** The id of the sign-in dialog of pages without React (see DocumentAuthDialog). */
const DOCUMENT_DIALOG_ID = "auth-dialog";

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

/**
 * The header's sign-in and sign-up dialog on pages that run no React: a native modal <dialog> with one plain form.
 * The server checks it with the same rules and messages: success brings the visitor back to this page, signed in,
 * with the same toast as the other dialog; a refusal brings them back with this dialog open again, showing the
 * reason and what they typed (app/auth/document-dialog.server.ts). Switching modes (the words, the sign-up fields,
 * the form's target) and clearing the fields and errors is app/lib/page-behaviours.js (data-auth-toggle).
 */
function DocumentAuthDialog({ googleEnabled, flash }: { googleEnabled: boolean; flash: AuthDialogFlash | null }) {
  const { pathname, search } = useLocation();
  const id = useId();
  const mode = flash?.mode ?? "signin";
  const text = AUTH_DIALOG_TEXT[mode];
  const signup = mode === "signup";
  const field = (name: string) => ({ name, defaultValue: flash?.values[name], error: flash?.fieldErrors[name] });
  const describedBy = `${id}-subtitle`;
  return (
    <dialog
      id={DOCUMENT_DIALOG_ID}
      closedby="any"
      open={flash ? true : undefined}
      data-open-on-load={flash ? "" : undefined}
      data-mode={mode}
      data-texts={JSON.stringify(AUTH_DIALOG_TEXT)}
      aria-labelledby={`${id}-title`}
      // After a refusal the reason is part of the description, so opening the dialog says it.
      aria-describedby={flash?.error ? `${describedBy} ${id}-error` : describedBy}
      data-describedby={describedBy}
      className="m-auto max-h-[90vh] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50 [&:not(:modal)]:fixed [&:not(:modal)]:inset-0 [&:not(:modal)]:z-50 [&:not(:modal)]:ring-1 [&:not(:modal)]:ring-slate-300"
    >
      <button
        type="button"
        {...dialogCommand(DOCUMENT_DIALOG_ID, "close")}
        aria-label="Close"
        className="absolute right-3 top-3 rounded-md p-1 text-slate-600 hover:bg-slate-100"
      >
        <X aria-hidden className="size-5" />
      </button>
      <h2 id={`${id}-title`} data-text="title" className="text-xl font-bold text-slate-900">
        {text.title}
      </h2>
      <p id={`${id}-subtitle`} data-text="subtitle" className="mt-1 text-sm text-slate-600">
        {text.subtitle}
      </p>
      {/* No browser validation: the server answers with the site's own messages. */}
      <form method="post" action={text.action} noValidate className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="via" value={DOCUMENT_DIALOG} />
        <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
        <fieldset data-signup-only="" hidden={!signup} disabled={!signup} className="contents">
          <Field label="Full Name" autoComplete="name" required {...field("fullName")} />
        </fieldset>
        <Field label="Email" type="email" autoComplete="email" required {...field("email")} />
        <fieldset data-signup-only="" hidden={!signup} disabled={!signup} className="contents">
          <Field label="Phone" type="tel" autoComplete="tel" required {...field("phone")} />
          <ClientKindFields errors={{ kind: flash?.fieldErrors.kind, dateOfBirth: flash?.fieldErrors.dateOfBirth }} />
        </fieldset>
        <Field
          label="Password"
          type="password"
          autoComplete={text.passwordAutoComplete}
          required
          name="password"
          error={flash?.fieldErrors.password}
        />
        {mode === "signin" ? <ForgotPasswordLink /> : null}
        {flash?.error ? (
          <div id={`${id}-error`} data-form-error="">
            <FormError message={flash.error} />
          </div>
        ) : null}
        <Button type="submit" className="w-full" data-text="submit" data-busy-label={text.busy}>
          {text.submit}
        </Button>
      </form>
      {googleEnabled ? <GoogleButton className="mt-3 w-full" /> : null}
      {/* The script switches modes in place; without it, this goes to the other mode's own page. */}
      <form
        method="get"
        action={AUTH_DIALOG_TEXT[signup ? "signin" : "signup"].action}
        data-auth-toggle-form=""
        className="mt-4 text-center text-sm text-slate-700"
      >
        <span data-text="prompt">{text.prompt}</span>
        <button type="submit" data-auth-toggle="" data-text="toggle" className="font-semibold text-court-800 underline">
          {text.toggle}
        </button>
      </form>
    </dialog>
  );
}
