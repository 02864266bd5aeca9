// What coaches see beside a client wherever one is listed (Safe Play): guardian or athlete, "Minor", the family, and
// "Family not confirmed" with the way to the family's page, where staff confirm it.
import { Link } from "react-router";
import { FAMILY_NOT_CONFIRMED, KIND_LABEL, type ClientLabel } from "~/family/safe-play";

/** The way to an unconfirmed family's page, where staff confirm it (beside, never inside, another control). */
export function ConfirmFamilyLink({ label, className = "" }: { label: ClientLabel | null | undefined; className?: string }) {
  if (!label?.householdId || label.confirmed || !(label.minor || label.kind === "guardian")) return null;
  return (
    <Link to={`/families/${label.householdId}`} className={`text-sm font-semibold text-amber-900 underline underline-offset-2 ${className}`}>
      Confirm the family
    </Link>
  );
}

export function ClientBadges({ label, className = "" }: { label: ClientLabel | null | undefined; className?: string }) {
  if (!label) return null;
  const family = label.family.length
    ? `${label.kind === "athlete" ? "Guardian" : "Athletes"}: ${label.family.join(", ")}`
    : label.kind === "athlete"
      ? "No guardian linked"
      : null;
  return (
    <span className={`inline-flex flex-wrap items-center gap-1 text-xs ${className}`}>
      <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800">{KIND_LABEL[label.kind]}</span>
      {label.minor ? <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">Minor</span> : null}
      {family ? <span className="text-slate-700">{family}</span> : null}
      {label.householdId && !label.confirmed && (label.minor || label.kind === "guardian") ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{FAMILY_NOT_CONFIRMED}</span>
      ) : null}
    </span>
  );
}
