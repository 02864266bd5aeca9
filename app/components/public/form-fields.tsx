import { useId, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { errorMessage } from "~/lib/page-behaviours-contract";

const inputClass =
  "rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-700";

function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} {...errorMessage.field()} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** A choice whose options show `label` (in the reader's language) and send `value` (what the form stores). */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  name: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  /** The empty first choice ("Choose..."); none when one option is always chosen. */
  placeholder?: string;
}) {
  const id = `${select.name}-${useId()}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputClass} {...select}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-error`} error={error} />
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
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        rows={5}
        {...area}
      />
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}
