// A roster card's Safe Play line (issue 39): whether staff confirmed the family for messages, who waits, who to call
// (the guardians by name, or that no phone is on record), and, for a cleared coach of the session, the confirm form
// right there: the people they met or phoned, ticked one by one (people are confirmed, not households: decision 0042),
// and how. The server's rule is the family page's (confirmPeople). A plain form. No tel: link here: the card's "Call"
// button above is each guardian's one, there whatever the family's state, so a phone shows one per guardian.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { kindLabel } from "~/safe-play/safe-play";
import { m } from "~/paraglide/messages";
import { Checkbox } from "~/components/ui/controls";
import type { ActionRefusal } from "~/lib/form-errors";

export type RosterFamilyMember = { id: string; name: string; role: "guardian" | "athlete"; confirmed: boolean; phone: string | null };

/** Confirmed: the athlete, and (for a minor) at least one guardian, as Safe Play's send rule asks (sendRefusal). */
export function familyConfirmed(family: RosterFamilyMember[], athleteId: string, minor: boolean): boolean {
  const athlete = family.find((p) => p.id === athleteId);
  if (!athlete?.confirmed) return family.length === 0 && !minor;
  return !minor || family.some((p) => p.role === "guardian" && p.confirmed);
}

export function RosterFamily({
  enrollmentId,
  athleteId,
  minor,
  family,
  canConfirm,
  refusal,
  busy,
}: {
  enrollmentId: string;
  athleteId: string;
  minor: boolean;
  family: RosterFamilyMember[];
  /** A cleared coach of the session: the confirm form is theirs. */
  canConfirm: boolean;
  /** The confirmation refused (ActionRefusal), for this request: beside its fields, or the form's own words. */
  refusal: ActionRefusal | null;
  busy: boolean;
}) {
  if (familyConfirmed(family, athleteId, minor))
    return (
      <p className="mt-2 text-sm font-semibold text-court-800" data-family="confirmed">
        {m.rosters_family_confirmed()}
      </p>
    );
  const waiting = family.filter((p) => !p.confirmed);
  const guardians = family.filter((p) => p.role === "guardian");
  const formId = `confirm-${enrollmentId}`;
  return (
    <div className="mt-2 rounded-md border border-ball-300 bg-ball-50 p-3 text-sm text-slate-900" data-family="waiting">
      <p className="font-semibold">
        {waiting.length ? m.rosters_family_waiting({ names: waiting.map((p) => p.name).join(", ") }) : m.rosters_family_no_household()}
      </p>
      {guardians.length ? (
        <p className="mt-1">
          {m.rosters_family_who_to_call()}{" "}
          {guardians.map((g, i) => (
            <span key={g.id}>
              {i > 0 ? "; " : ""}
              {g.phone ? g.name : m.rosters_family_no_phone({ name: g.name })}
            </span>
          ))}
        </p>
      ) : (
        <p className="mt-1">{m.rosters_family_no_guardian()}</p>
      )}
      {canConfirm && waiting.length ? (
        <Form method="post" className="mt-3 flex flex-col gap-3" noValidate aria-labelledby={`${formId}-legend`}>
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="enrollmentId" value={enrollmentId} />
          <fieldset aria-describedby={refusal?.fieldErrors.people ? `${formId}-people-error` : undefined}>
            <legend id={`${formId}-legend`} className="font-medium">
              {m.messaging_household_people_legend()}
            </legend>
            {waiting.map((p) => (
              <label key={p.id} className="mt-2 flex min-h-11 items-center gap-2">
                <Checkbox name="people" value={p.id} />
                {p.name} · {kindLabel(p.role)}
              </label>
            ))}
            {refusal?.fieldErrors.people ? (
              <p id={`${formId}-people-error`} className="mt-1 text-sm text-red-700">
                {refusal.fieldErrors.people}
              </p>
            ) : null}
          </fieldset>
          <p className="text-slate-700">{m.messaging_household_confirm_only()}</p>
          <Field
            label={m.messaging_household_how()}
            name="how"
            id={`${formId}-how`}
            placeholder={m.messaging_household_how_placeholder()}
            maxLength={300}
            error={refusal?.fieldErrors.how}
          />
          <FormError message={refusal?.formError} />
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              {m.messaging_household_confirm_people()}
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
