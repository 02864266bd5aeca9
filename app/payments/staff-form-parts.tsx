// What payment staff's pages (/aid, /aid/accounts/:id, /aid/sessions) share: the one form of several a refusal
// answers (its `intent` names the form, decision 0077), the way money handed over in person was paid, and the page's
// frame with its link back. Plain parts, working before and without the page's script.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { refusalOf, type ActionResult } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";

/** The refusal of the form named `intent` (a request's, a family's, a payment's id), or null: each form shows its own. */
export function refusalFor(result: ActionResult<object> | undefined, intent: string) {
  const refusal = refusalOf(result);
  return refusal?.intent === intent ? refusal : null;
}

/** How money handed over in person was paid or given back: cash, check or Zelle. */
export function InPersonMethodField({ label, defaultValue, error }: { label: string; defaultValue: string; error: string | undefined }) {
  const options = [
    { value: "cash", label: m.pay_method_cash() },
    { value: "check", label: m.pay_method_check() },
    { value: "zelle", label: m.pay_method_zelle() },
  ];
  return <SelectField label={label} name="method" options={options} defaultValue={defaultValue} error={error} />;
}

/** A staff form's submit button, on a line of its own. */
export function StaffSubmit({
  children,
  busy,
  variant = "secondary",
}: {
  children: ReactNode;
  busy: boolean;
  variant?: "primary" | "secondary" | "danger";
}) {
  return (
    <div>
      <Button type="submit" variant={variant} disabled={busy}>
        {children}
      </Button>
    </div>
  );
}

/** A payment staff page's column, its links first. */
export function StaffPageFrame({ links, children }: { links: Array<{ to: string; label: string }>; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <p>
        {links.map((link, i) => (
          <span key={link.to}>
            {i > 0 ? " · " : null}
            <Link className="text-court-800 underline" to={localHref(link.to)}>
              {link.label}
            </Link>
          </span>
        ))}
      </p>
      {children}
    </div>
  );
}
