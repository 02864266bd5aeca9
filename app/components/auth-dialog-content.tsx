// The header's sign-in and sign-up dialog itself, loaded on first use (see auth-dialog.tsx).
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { AuthMode, DialogAnswer } from "~/components/auth-dialog";
import { AUTH_DIALOG_TEXT } from "~/content/auth";
import { GoogleButton } from "~/components/google-button";
import { ForgotPasswordLink } from "~/components/forgot-password-link";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { ClientKindFields } from "~/components/client-kind-fields";
import { Field, FormError, EmailField, PhoneField } from "~/components/ui/field";
import { SignInSchema, SignUpDialogSchema } from "~/auth/schemas";
import { m } from "~/paraglide/messages";
import { parseForm, type FieldErrors } from "~/lib/forms";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: AuthMode;
  formKey: number;
  onToggle: () => void;
  googleEnabled: boolean;
};

export default function AuthDialog({ open, onOpenChange, mode, formKey, onToggle, googleEnabled }: Props) {
  const text = AUTH_DIALOG_TEXT[mode];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold text-slate-900">{text.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{text.subtitle}</Dialog.Description>
          <Dialog.Close aria-label={m.account_close()} className="absolute right-3 top-3 rounded-md p-1 text-slate-600 hover:bg-slate-100">
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          <DialogForm key={`${mode}-${formKey}`} mode={mode} onDone={() => onOpenChange(false)} />
          {googleEnabled ? <GoogleButton className="mt-3 w-full" /> : null}
          <p className="mt-4 text-center text-sm text-slate-700">
            {text.prompt}
            <button type="button" onClick={onToggle} className="font-semibold text-court-800 underline">
              {text.toggle}
            </button>
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DialogForm({ mode, onDone }: { mode: AuthMode; onDone: () => void }) {
  const text = AUTH_DIALOG_TEXT[mode];
  const fetcher = useFetcher<DialogAnswer>();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const fieldErrors = clientErrors ?? (result && !result.ok ? result.fieldErrors : undefined) ?? {};
  const formError = result && !result.ok ? result.formError : undefined;

  const handled = useRef<DialogAnswer | undefined>(undefined);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      showToast(result.toast);
      onDone();
    } else if (result.formError) {
      showToast({ type: "error", title: AUTH_DIALOG_TEXT[mode].failed, description: result.formError });
    }
  }, [result, mode, onDone]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const { fieldErrors: errors } = parseForm(mode === "signin" ? SignInSchema : SignUpDialogSchema, new FormData(e.currentTarget));
    setClientErrors(errors);
    if (errors) e.preventDefault();
  };

  return (
    <fetcher.Form method="post" action={text.action} noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-3">
      <input type="hidden" name="via" value="dialog" />
      <fieldset disabled={busy} className="flex flex-col gap-3">
        {mode === "signup" ? (
          <Field label={m.account_field_full_name_signup()} name="fullName" autoComplete="name" error={fieldErrors.fullName} />
        ) : null}
        <EmailField label={m.account_field_email()} name="email" error={fieldErrors.email} />
        {mode === "signup" ? <PhoneField label={m.account_field_phone()} name="phone" error={fieldErrors.phone} /> : null}
        {mode === "signup" ? <ClientKindFields privacyNote errors={{ kind: fieldErrors.kind, dateOfBirth: fieldErrors.dateOfBirth }} /> : null}
        <Field
          label={m.account_field_password()}
          name="password"
          type="password"
          autoComplete={text.passwordAutoComplete}
          error={fieldErrors.password}
        />
        {mode === "signin" ? <ForgotPasswordLink /> : null}
        <FormError message={formError} />
        <Button type="submit" className="w-full">
          {busy ? text.busy : text.submit}
        </Button>
      </fieldset>
    </fetcher.Form>
  );
}
