import { useId, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { errorMessage } from "~/lib/page-behaviours-contract";
import { Input, Select, TextArea } from "./controls";

// The labelled fields (issue 38, docs/decisions/0078): a label tied to its control, and the server's message for the
// field under it, tied with aria-describedby and marked aria-invalid, so a screen reader reads it with the field.
// The bare controls are ./controls.tsx.

// A form's own message (not one field's) is its own module, for the pages whose forms have no text fields.
export { FormError } from "./form-error";
export { Checkbox, Input, Radio, Select, TextArea } from "./controls";

/** One field's message from the server, under it; `id` is what the control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} {...errorMessage.field()} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** What a control needs to be tied to its message. */
function described(id: string, error: string | undefined) {
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
}

const labelClass = "text-sm font-medium text-slate-800";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; name: string };

/** A labelled input whose error message is announced and tied to it. */
export function Field({ label, error, id, className = "", ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? `${input.name}-${autoId}`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <Input {...described(inputId, error)} {...input} />
      <FieldError id={`${inputId}-error`} error={error} />
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

/** A choice whose options show `label` (in the reader's language) and send `value` (what the form stores). */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  id: givenId,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  name: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  /** The empty first choice ("Choose..."); none when one option is always chosen. */
  placeholder?: string;
}) {
  const autoId = useId();
  // The id a page gives (its label, its message and any link to it follow), or one of its own.
  const id = givenId ?? `${select.name}-${autoId}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <Select {...described(id, error)} {...select}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled text area (five rows unless `rows` says), its error message announced and tied to it; `id` when a page needs its own. */
export function TextAreaField({
  label,
  error,
  id: givenId,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; error?: string | undefined }) {
  const autoId = useId();
  const id = givenId ?? `${area.name}-${autoId}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <TextArea {...described(id, error)} rows={5} {...area} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
