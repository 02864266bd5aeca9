// The header's sign-in dialog as the server renders it for pages that run no React. Only the server renders it
// (app/components/auth-dialog.tsx guards it with `import.meta.env.SSR`), so the browser's build drops this file and
// what only it imports; scripts/shell-chunk.ts does not count files named document-*.tsx into the shell.
import { X } from "lucide-react";
import { useId } from "react";
import { useLocation } from "react-router";
import { DOCUMENT_DIALOG_ID } from "~/components/auth-dialog";
import { ClientKindFields } from "~/components/client-kind-fields";
import { ForgotPasswordLink } from "~/components/forgot-password-link";
import { GoogleButton } from "~/components/google-button";
import { Button } from "~/components/ui/button";
import { dialogCommand } from "~/components/ui/dialog-command";
import { Field, FormError, EmailField, PhoneField } from "~/components/ui/field";
import { AUTH_DIALOG_TEXT } from "~/content/auth";
import { DOCUMENT_DIALOG } from "~/lib/form-errors";
import { authDialog, busy, errorMessage } from "~/lib/page-behaviours-contract";
import type { AuthDialogFlash } from "~/lib/toast";
import { m } from "~/paraglide/messages";

/**
 * The header's sign-in and sign-up dialog on pages that run no React: a native modal <dialog> with one plain form.
 * The server checks it with the same rules and messages: success brings the visitor back to this page, signed in,
 * with the same toast as the other dialog; a refusal brings them back with this dialog open again, showing the
 * reason and what they typed (app/auth/document-dialog.server.ts). Switching modes (the words, the sign-up fields,
 * the form's target) and clearing the fields and errors is app/lib/page-behaviours.js (`authDialog`).
 */
export function DocumentAuthDialog({ googleEnabled, flash }: { googleEnabled: boolean; flash: AuthDialogFlash | null }) {
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
      {...authDialog.dialog({ mode, texts: AUTH_DIALOG_TEXT, describedBy, openOnLoad: Boolean(flash) })}
      aria-labelledby={`${id}-title`}
      // After a refusal the reason is part of the description, so opening the dialog says it.
      aria-describedby={flash?.error ? `${describedBy} ${id}-error` : describedBy}
      className="m-auto max-h-[90vh] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50 [&:not(:modal)]:fixed [&:not(:modal)]:inset-0 [&:not(:modal)]:z-50 [&:not(:modal)]:ring-1 [&:not(:modal)]:ring-slate-300"
    >
      <button
        type="button"
        {...dialogCommand(DOCUMENT_DIALOG_ID, "close")}
        aria-label={m.account_close()}
        className="absolute right-3 top-3 rounded-md p-1 text-slate-600 hover:bg-slate-100"
      >
        <X aria-hidden className="size-5" />
      </button>
      <h2 id={`${id}-title`} {...authDialog.text("title")} className="text-xl font-bold text-slate-900">
        {text.title}
      </h2>
      <p id={`${id}-subtitle`} {...authDialog.text("subtitle")} className="mt-1 text-sm text-slate-600">
        {text.subtitle}
      </p>
      {/* No browser validation: the server answers with the site's own messages. */}
      <form method="post" action={text.action} noValidate className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="via" value={DOCUMENT_DIALOG} />
        <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
        <fieldset {...authDialog.signupOnly()} hidden={!signup} disabled={!signup} className="contents">
          <Field label={m.account_field_full_name_signup()} autoComplete="name" required {...field("fullName")} />
        </fieldset>
        <EmailField label={m.account_field_email()} required {...field("email")} />
        <fieldset {...authDialog.signupOnly()} hidden={!signup} disabled={!signup} className="contents">
          <PhoneField label={m.account_field_phone()} required {...field("phone")} />
          <ClientKindFields privacyNote errors={{ kind: flash?.fieldErrors.kind, dateOfBirth: flash?.fieldErrors.dateOfBirth }} />
        </fieldset>
        <Field
          label={m.account_field_password()}
          type="password"
          autoComplete={text.passwordAutoComplete}
          required
          name="password"
          error={flash?.fieldErrors.password}
        />
        {mode === "signin" ? <ForgotPasswordLink /> : null}
        {flash?.error ? (
          <div id={`${id}-error`} {...errorMessage.form()}>
            <FormError message={flash.error} />
          </div>
        ) : null}
        <Button type="submit" className="w-full" {...authDialog.text("submit")} {...busy.button(text.busy)}>
          {text.submit}
        </Button>
      </form>
      {googleEnabled ? <GoogleButton className="mt-3 w-full" /> : null}
      {/* The script switches modes in place; without it, this goes to the other mode's own page. */}
      <form
        method="get"
        action={AUTH_DIALOG_TEXT[signup ? "signin" : "signup"].action}
        {...authDialog.toggleForm()}
        className="mt-4 text-center text-sm text-slate-700"
      >
        <span {...authDialog.text("prompt")}>{text.prompt}</span>
        <button type="submit" {...authDialog.toggle()} {...authDialog.text("toggle")} className="font-semibold text-court-800 underline">
          {text.toggle}
        </button>
      </form>
    </dialog>
  );
}
