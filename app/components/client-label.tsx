// What coaches see beside a client wherever one is listed (Safe Play): guardian or athlete, "Minor", the family, and
// "Family not confirmed" with the way to the family's page, where staff confirm it. The words come with the page's
// data (clientLabelWords, app/safe-play/safe-play.server.ts), in its language: a conversation's code carries none.
import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import type { ClientLabel } from "~/safe-play/safe-play";

/** The badges' words in the page's language; `guardians` and `athletes` hold `{names}`. */
export type ClientLabelWords = {
  guardian: string;
  athlete: string;
  minor: string;
  guardians: string;
  athletes: string;
  noGuardian: string;
  notConfirmed: string;
  confirm: string;
};

type LabelProps = { label: ClientLabel | null | undefined; words: ClientLabelWords; className?: string };

/** The way to an unconfirmed family's page, where staff confirm it (beside, never inside, another control). */
export function ConfirmFamilyLink({ label, words, className = "" }: LabelProps) {
  if (!label?.householdId || label.confirmed || !(label.minor || label.kind === "guardian")) return null;
  return (
    <Link
      to={localHref(`/families/${label.householdId}`)}
      className={`text-sm font-semibold text-amber-900 underline underline-offset-2 ${className}`}
    >
      {words.confirm}
    </Link>
  );
}

export function ClientBadges({ label, words, className = "" }: LabelProps) {
  if (!label) return null;
  const names = label.family.join(", ");
  const family = label.family.length
    ? (label.kind === "athlete" ? words.guardians : words.athletes).replace("{names}", () => names)
    : label.kind === "athlete"
      ? words.noGuardian
      : null;
  return (
    <span className={`inline-flex flex-wrap items-center gap-1 text-xs ${className}`}>
      <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800">{words[label.kind]}</span>
      {label.minor ? <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{words.minor}</span> : null}
      {family ? <span className="text-slate-700">{family}</span> : null}
      {label.householdId && !label.confirmed && (label.minor || label.kind === "guardian") ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{words.notConfirmed}</span>
      ) : null}
    </span>
  );
}
