// A labelled textarea and a labelled select, made as Field (components/ui/field.tsx) makes an input: the message
// beside the control is announced and tied to it. The programs editor's forms use them.
import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { errorMessage } from "~/lib/page-behaviours-contract";

const controlClass = "rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-700";

function Labelled({ id, label, error, children }: { id: string; label: string; error?: string | undefined; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} {...errorMessage.field()} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  name,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; error?: string | undefined }) {
  const id = `${name}-${useId()}`;
  return (
    <Labelled id={id} label={label} error={error}>
      <textarea
        id={id}
        name={name}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClass}
        {...rest}
      />
    </Labelled>
  );
}

export function SelectField({
  label,
  error,
  name,
  options,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  name: string;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const id = `${name}-${useId()}`;
  return (
    <Labelled id={id} label={label} error={error}>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${controlClass} bg-white`}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
