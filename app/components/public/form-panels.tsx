// The public forms' own parts (the registration and contact forms): the bots' trap and the answer panel. Apart from
// the fields (form-fields.tsx), which signed-in pages use too, so those pages do not carry these.
import { HONEYPOT_FIELD } from "~/forms/honeypot";
import { Confirmation } from "~/components/ui/confirmation";
import { m } from "~/paraglide/messages";

/** A field people never see or reach with the keyboard; automated spam fills it in and is quietly dropped. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {m.form_honeypot_label()}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function SuccessPanel({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <Confirmation panel>
      <h2 className="text-xl font-semibold text-court-900">{title}</h2>
      <p className="mt-2 text-slate-800">{text}</p>
      {children}
    </Confirmation>
  );
}
