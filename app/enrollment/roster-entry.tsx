// One athlete on the roster a coach reads courtside (roster-page.tsx): level, status and on-court notes, the guardians'
// phones as tap-to-call links, the family's confirmation, and the coach's steps as plain forms.
import type { ComponentProps } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { formatDateIn, formatDateTime } from "~/lib/datetime";
import type { ActionRefusal } from "~/lib/form-errors";
import { telHref } from "~/lib/phone";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import { RosterFormsMissing, RosterPhotoRelease } from "~/consent/roster-paperwork";
import { RosterFamily, type RosterFamilyMember } from "./roster-family";
import { coachSteps, LEVELS, type CoachStep, type EnrollmentStatus } from "./status";
import { statusWords } from "./words";

export type RosterEntryRow = {
  id: string;
  athleteId: string;
  minor: boolean;
  family: RosterFamilyMember[];
  athleteName: string;
  age: number | null;
  status: EnrollmentStatus;
  position: number | null;
  offeredUntil: string | null;
  level: number | null;
  notes: { medical: string; pickup: string; photoConsent: boolean; emergencyName: string; emergencyPhone: string };
  guardians: Array<{ name: string; phone: string | null }>;
  /** False: the reader may not read this family's personal data (issue 37); the server left it out. */
  personal: boolean;
};

const STEP_WORDS: Record<Exclude<CoachStep, "place">, () => string> = {
  evaluate: m.enroll_step_evaluate,
  enroll: m.enroll_step_enroll,
  withdraw: m.enroll_step_withdraw,
  decline: m.enroll_step_decline,
};

/** A step's or a placement's refusal, for this request. */
type EntryError = ActionRefusal<{ enrollmentId?: string }>;

export function RosterEntry({
  entry: e,
  session,
  today,
  requestedAt,
  unevaluated,
  paperwork,
  canAct,
  cleared,
  busy,
  error,
  confirmRefusal,
  asking,
  reminder,
}: {
  entry: RosterEntryRow;
  session: { title?: string };
  today: string;
  /** When the request was sent: the confirmation before a decline or a withdrawal names it. */
  requestedAt: string | undefined;
  /** No evaluation yet this season. */
  unevaluated: boolean;
  paperwork: ComponentProps<typeof RosterFormsMissing>["paperwork"];
  canAct: boolean;
  cleared: boolean;
  busy: boolean;
  error: EntryError | null;
  /** The family's confirmation refused, for this request. */
  confirmRefusal: ActionRefusal | null;
  /** The question a step is asking (a decline or a withdrawal), if any. */
  asking: string | null;
  reminder: ComponentProps<typeof RosterFormsMissing>["answer"];
}) {
  const zone = useOrgTimeZone();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-athlete={e.athleteName}>
      <h2 className="text-lg font-semibold text-slate-900">{e.athleteName}</h2>
      {unevaluated ? (
        <p className="mt-1 flex flex-wrap items-center gap-x-3">
          <span className="rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-900">{m.athletes_no_evaluation_yet()}</span>
          {canAct ? (
            <Link
              to={localHref(`/athletes/${e.athleteId}`)}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-court-800 underline"
            >
              {m.athletes_roster_evaluate({ name: e.athleteName })}
            </Link>
          ) : null}
        </p>
      ) : null}
      <p className="text-slate-800">
        {e.age !== null ? `${m.enroll_roster_age({ age: String(e.age) })} · ` : ""}
        {e.level ? m.enroll_family_level({ level: String(e.level) }) : m.enroll_roster_no_level()} ·{" "}
        <strong data-status={e.status}>{statusWords(e.status)}</strong>
        {e.position ? ` · ${m.enroll_roster_position({ position: String(e.position) })}` : ""}
        {e.offeredUntil ? ` · ${m.enroll_roster_offered_until({ until: formatDateTime(e.offeredUntil, zone) })}` : ""}
      </p>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-800">
        {e.notes.medical ? <li>{m.enroll_roster_medical({ text: e.notes.medical })}</li> : null}
        {e.notes.pickup ? <li>{m.enroll_roster_pickup({ text: e.notes.pickup })}</li> : null}
        <RosterPhotoRelease photo={paperwork?.photo} />
        {e.personal ? (
          <li>
            {m.enroll_roster_emergency({ name: e.notes.emergencyName })}:{" "}
            <a href={telHref(e.notes.emergencyPhone)} className="font-medium text-court-800 underline">
              {e.notes.emergencyPhone}
            </a>
          </li>
        ) : (
          <li className="text-slate-700">{m.enroll_roster_personal_hidden()}</li>
        )}
      </ul>
      <RosterFormsMissing athleteId={e.athleteId} athleteName={e.athleteName} paperwork={paperwork} canAct={canAct} busy={busy} answer={reminder} />
      {e.guardians.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {e.guardians.map((g, i) =>
            g.phone ? (
              <li key={i}>
                <a
                  href={telHref(g.phone)}
                  className="inline-flex min-h-11 items-center rounded-md border border-court-700 px-3 text-sm font-semibold text-court-800"
                >
                  {m.enroll_roster_call({ name: g.name })}
                </a>
              </li>
            ) : (
              <li key={i} className="text-sm text-slate-700">
                {g.name}
              </li>
            ),
          )}
        </ul>
      ) : null}
      <RosterFamily
        enrollmentId={e.id}
        athleteId={e.athleteId}
        minor={e.minor}
        family={e.family}
        canConfirm={canAct && cleared}
        refusal={confirmRefusal}
        busy={busy}
      />
      <FormError message={error?.formError} />
      {canAct ? <CoachActions entry={e} session={session} today={today} requestedAt={requestedAt} error={error} asking={asking} busy={busy} /> : null}
    </li>
  );
}

/** The coach's steps for this athlete (a decline or a withdrawal asks first), and the placement form when placing is a step. */
function CoachActions({
  entry: e,
  session,
  today,
  requestedAt,
  error,
  asking,
  busy,
}: {
  entry: RosterEntryRow;
  session: { title?: string };
  today: string;
  requestedAt: string | undefined;
  error: EntryError | null;
  asking: string | null;
  busy: boolean;
}) {
  const zone = useOrgTimeZone();
  return (
    <>
      <div className="mt-3 flex flex-wrap gap-2">
        {coachSteps(e.status)
          .filter((s): s is Exclude<CoachStep, "place"> => s !== "place")
          .map((step) =>
            step === "decline" || step === "withdraw" ? (
              <ConfirmAction
                key={step}
                fields={{ intent: "step", enrollmentId: e.id, athleteName: e.athleteName, step }}
                label={STEP_WORDS[step]()}
                question={(step === "decline" ? m.actions_decline_question : m.actions_withdraw_question)({
                  athlete: e.athleteName,
                  session: session.title ?? "",
                  date: requestedAt ? formatDateIn(requestedAt, zone) : "",
                })}
                detail={step === "decline" ? m.actions_decline_detail() : m.actions_withdraw_detail_coach()}
                confirmLabel={step === "decline" ? m.actions_decline_confirm() : m.actions_withdraw_confirm()}
                asking={asking}
                busy={busy}
              />
            ) : (
              <Form method="post" key={step}>
                <input type="hidden" name="intent" value="step" />
                <input type="hidden" name="enrollmentId" value={e.id} />
                <input type="hidden" name="athleteName" value={e.athleteName} />
                <Button type="submit" name="step" value={step} variant={step === "enroll" ? "primary" : "secondary"} disabled={busy}>
                  {STEP_WORDS[step]()}
                </Button>
              </Form>
            ),
          )}
      </div>
      {coachSteps(e.status).includes("place") ? (
        <Form method="post" className="mt-3 grid gap-3 rounded-md bg-court-50 p-3 sm:grid-cols-3" noValidate>
          <input type="hidden" name="intent" value="place" />
          <input type="hidden" name="enrollmentId" value={e.id} />
          <input type="hidden" name="athleteName" value={e.athleteName} />
          <SelectField
            label={m.enroll_field_level()}
            name="level"
            placeholder={m.enroll_choose()}
            defaultValue={e.level ?? ""}
            error={error?.fieldErrors.level}
            options={LEVELS.map((l) => ({ value: String(l), label: m.enroll_family_level({ level: String(l) }) }))}
          />
          <Field label={m.enroll_field_placed_on()} name="placedOn" type="date" defaultValue={today} error={error?.fieldErrors.placedOn} />
          <Field label={m.enroll_field_note()} name="note" maxLength={500} error={error?.fieldErrors.note} />
          {/* Issue 39: only to place outside the session's ages or levels; the reason is logged. */}
          <Field
            label={m.enroll_override_label()}
            name="overrideReason"
            maxLength={500}
            className="sm:col-span-3"
            error={error?.fieldErrors.overrideReason}
          />
          <div className="sm:col-span-3">
            <Button type="submit" variant="secondary" disabled={busy}>
              {m.enroll_step_place()}
            </Button>
          </div>
        </Form>
      ) : null}
    </>
  );
}
