import { useId, type InputHTMLAttributes } from "react";
import { errorMessage } from "~/lib/page-behaviours-contract";

// A form's own message (not one field's) is its own module, for the pages whose forms have no text fields.
export { FormError } from "./form-error";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; name: string };

/** A labelled input whose error message is announced and tied to it. */
export function Field({ label, error, id, className = "", ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? `${input.name}-${autoId}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-700"
        {...input}
      />
      {error ? (
        <p id={errorId} {...errorMessage.field()} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type PresetFieldProps = Omit<FieldProps, "type" | "autoComplete">;

/** A password: the browser's password manager offers the saved one ("current") or a new one ("new"). */
export function PasswordField({ purpose = "current", ...props }: PresetFieldProps & { purpose?: "current" | "new" }) {
  return <Field type="password" autoComplete={purpose === "new" ? "new-password" : "current-password"} required {...props} />;
}

/** A person's own email address (the phone's keyboard has the @; the browser offers the saved one). */
export function EmailField(props: PresetFieldProps) {
  return <Field type="email" autoComplete="email" {...props} />;
}

/** A person's own phone number (the phone's number pad; the browser offers the saved one). */
export function PhoneField(props: PresetFieldProps) {
  return <Field type="tel" autoComplete="tel" {...props} />;
}
