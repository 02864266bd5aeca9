// The roster a coach reads courtside (/rosters/:sessionId): each athlete with level, status and on-court notes, the
// guardians' phones as tap-to-call links (one per guardian, whatever the family's Safe Play state), the coach's steps as plain forms, the session's places, and the message to
// every household. Plain links and forms: everything works before and without the page's script.
import type { ComponentProps } from "react";
import { Form, Link } from "react-router";
import type { ScheduledItem } from "~/components/messages/scheduled-list";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { CardSection } from "~/components/ui/card-section";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import type { ConfirmAsk } from "~/lib/confirm-action";
import { formatDateIn, formatDateTime } from "~/lib/datetime";
import { telHref } from "~/lib/phone";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import { ClosedRequests } from "./closed-requests";
import { RosterFamily, type RosterConfirmResult, type RosterFamilyMember } from "./roster-family";
import { RosterMessageForm, type RosterMessageActionData } from "./roster-message-form";
import { coachSteps, LEVELS, type CoachStep, type EnrollmentStatus } from "./status";
import { statusWords } from "./words";
import { RosterFormsMissing, RosterPhotoRelease, type ReminderAnswer } from "~/consent/roster-paperwork";

export type RosterActionData =
  | { intent: "step" | "place"; enrollmentId: string; error: string; fieldErrors?: Record<string, string | undefined> | null }
  | { intent: "capacity" | "step"; error: string; fieldErrors?: Record<string, string | undefined> | null }
  | RosterConfirmResult
  | RosterMessageActionData
  | ({ intent: "step" } & ConfirmAsk);

type Entry = {
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

const MESSAGE_INTENTS: ReadonlySet<string> = new Set(["message", "message-later", "cancel-scheduled"]);
const messageResult = (r: RosterActionData | ReminderAnswer | undefined) =>
  r && MESSAGE_INTENTS.has(r.intent) ? (r as RosterMessageActionData) : undefined;

export function RosterView({
  session,
  roster,
  closed = [],
  requestDates = {},
  today,
  result,
  busy,
  canAct = true,
  cleared = true,
  scheduled = [],
  paperwork = {},
  unevaluated = [],
}: {
  session: { id: string; capacity: number | null; title?: string };
  roster: Entry[];
  /** Declined and withdrawn requests, listed under their own heading (issue 39). */
  closed?: Array<{ id: string; athleteName: string; status: EnrollmentStatus; changedAt: string; closedReason?: string | null }>;
  /** When each request was sent: the confirmation before a decline or a withdrawal names it. */
  requestDates?: Record<string, { requestedAt: string }>;
  today: string;
  result: RosterActionData | ReminderAnswer | undefined;
  busy: boolean;
  /** Each athlete's photo release and forms still to sign (app/consent, issue 40). */
  paperwork?: Record<string, ComponentProps<typeof RosterFormsMissing>["paperwork"]>;
  /** The session's coach: its steps, places and message (the lead and administrators only read). */
  canAct?: boolean;
  /** The reader's Safe Play training and background check are current. */
  cleared?: boolean;
  /** The coach's messages to this roster's families kept for the end of quiet hours. */
  scheduled?: ScheduledItem[];
  /** Athletes with no evaluation yet this season, as the athletes' rule tells this reader (decision 0062). */
  unevaluated?: string[];
}) {
  const zone = useOrgTimeZone();
  const errorFor = (id: string) => (result && "enrollmentId" in result && result.enrollmentId === id && result.intent !== "confirm" ? result : null);
  const confirmResultFor = (id: string) => (result?.intent === "confirm" && result.enrollmentId === id ? result : null);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
      <nav className="flex flex-wrap gap-4">
        <Link to={localHref("/rosters")} className="font-medium text-court-800 underline">
          {m.enroll_back_rosters()}
        </Link>
        <Link to={localHref(`/rosters/${session.id}/attendance`)} className="font-semibold text-court-800 underline">
          {m.enroll_take_attendance()}
        </Link>
      </nav>
      {!cleared ? (
        <p role="note" className="rounded-md border border-ball-300 bg-ball-50 px-4 py-3 text-slate-900" data-testid="roster-not-cleared">
          {m.enroll_roster_not_cleared()}
        </p>
      ) : null}
      {!canAct ? <p className="text-slate-800">{m.enroll_roster_read_only()}</p> : null}
      {roster.length === 0 ? <p className="text-slate-800">{m.enroll_roster_empty()}</p> : null}
      <ul className="flex flex-col gap-4" aria-label={m.enroll_rosters_heading()}>
        {roster.map((e) => {
          const error = errorFor(e.id);
          return (
            <li key={e.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-athlete={e.athleteName}>
              <h2 className="text-lg font-semibold text-slate-900">{e.athleteName}</h2>
              {unevaluated.includes(e.athleteId) ? (
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
                <RosterPhotoRelease photo={paperwork[e.athleteId]?.photo} />
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
              <RosterFormsMissing
                athleteId={e.athleteId}
                athleteName={e.athleteName}
                paperwork={paperwork[e.athleteId]}
                canAct={canAct}
                busy={busy}
                answer={result?.intent === "remind-forms" ? result : undefined}
              />
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
                result={confirmResultFor(e.id)}
                busy={busy}
              />
              {error ? <FormError message={error.error} /> : null}
              {canAct ? (
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
                              date: requestDates[e.id] ? formatDateIn(requestDates[e.id]!.requestedAt, zone) : "",
                            })}
                            detail={step === "decline" ? m.actions_decline_detail() : m.actions_withdraw_detail_coach()}
                            confirmLabel={step === "decline" ? m.actions_decline_confirm() : m.actions_withdraw_confirm()}
                            asking={result && "confirm" in result ? result.confirm : null}
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
                        error={error?.fieldErrors?.level}
                        options={LEVELS.map((l) => ({ value: String(l), label: m.enroll_family_level({ level: String(l) }) }))}
                      />
                      <Field
                        label={m.enroll_field_placed_on()}
                        name="placedOn"
                        type="date"
                        defaultValue={today}
                        error={error?.fieldErrors?.placedOn}
                      />
                      <Field label={m.enroll_field_note()} name="note" maxLength={500} error={error?.fieldErrors?.note} />
                      {/* Issue 39: only to place outside the session's ages or levels; the reason is logged. */}
                      <Field
                        label={m.enroll_override_label()}
                        name="overrideReason"
                        maxLength={500}
                        className="sm:col-span-3"
                        error={error?.fieldErrors?.overrideReason}
                      />
                      <div className="sm:col-span-3">
                        <Button type="submit" variant="secondary" disabled={busy}>
                          {m.enroll_step_place()}
                        </Button>
                      </div>
                    </Form>
                  ) : null}
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ClosedRequests
        id="closed-heading"
        requests={closed.map((c) => ({
          id: c.id,
          name: c.athleteName,
          status: c.status,
          changedAt: c.changedAt,
          sessionCancelled: c.closedReason === "session-cancelled",
        }))}
      />
      {canAct ? (
        <>
          <CardSection title={m.enroll_capacity_heading()}>
            <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
              <input type="hidden" name="intent" value="capacity" />
              <Field
                label={m.enroll_capacity_label()}
                name="capacity"
                type="number"
                inputMode="numeric"
                defaultValue={session.capacity ?? ""}
                error={result?.intent === "capacity" && "fieldErrors" in result ? result.fieldErrors?.capacity : undefined}
              />
              <Button type="submit" variant="secondary" disabled={busy}>
                {m.enroll_save()}
              </Button>
            </Form>
          </CardSection>
          <RosterMessageForm result={messageResult(result)} scheduled={scheduled} busy={busy} />
        </>
      ) : null}
    </div>
  );
}
