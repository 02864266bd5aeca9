// The roster a coach reads courtside (/rosters/:sessionId): each athlete with level, status and on-court notes, the
// guardians' phones as tap-to-call links (one per guardian, whatever the family's Safe Play state), the coach's steps as plain forms, the session's places, and the message to
// every household. Plain links and forms: everything works before and without the page's script.
import type { ComponentProps } from "react";
import { Form, Link } from "react-router";
import type { ScheduledItem } from "~/messaging/scheduled-list";
import { Button } from "~/components/ui/button";
import { answerTo, CardSection } from "~/components/ui/card-section";
import { Field } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { refusalOf, type ActionResult } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";
import { ClosedRequests } from "./closed-requests";
import { RosterEntry, type RosterEntryRow } from "./roster-entry";
import { RosterMessageForm, ROSTER_MESSAGE_INTENTS, type RosterMessageAnswer } from "./roster-message-form";
import type { EnrollmentStatus } from "./status";
import type { RosterFormsMissing } from "~/consent/roster-paperwork";

/**
 * What the roster's forms answered (ActionResult, decision 0077), each known by its intent: a step asked once before a
 * decline or a withdrawal (`confirm`); a refused step, placement or family confirmation for the request among what was
 * sent (`values.enrollmentId`); the paperwork reminder for its athlete (`athleteId`, sent or why not); the places; the
 * message to every family (RosterMessageAnswer). Steps, places and confirmations that succeed redirect with a toast.
 */
export type RosterAnswer = RosterEntryAnswer | RosterMessageAnswer;

/** The answers read on the roster's cards and its places (all but the message form's). */
type RosterEntryAnswer = ActionResult<{ confirm?: string; athleteId?: string }, { enrollmentId?: string; athleteId?: string }>;

/** A request's refusal (its steps, its placement or its family's confirmation), if the answer is one about `enrollmentId`. */
function refusalFor(answer: RosterEntryAnswer | undefined, intents: readonly string[], enrollmentId: string) {
  const refusal = refusalOf(answer);
  return refusal?.intent && intents.includes(refusal.intent) && refusal.values?.enrollmentId === enrollmentId ? refusal : null;
}

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
  roster: RosterEntryRow[];
  /** Declined and withdrawn requests, listed under their own heading (issue 39). */
  closed?: Array<{ id: string; athleteName: string; status: EnrollmentStatus; changedAt: string; closedReason?: string | null }>;
  /** When each request was sent: the confirmation before a decline or a withdrawal names it. */
  requestDates?: Record<string, { requestedAt: string }>;
  today: string;
  result: RosterAnswer | undefined;
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
  const messageAnswer = result?.intent && ROSTER_MESSAGE_INTENTS.includes(result.intent) ? (result as RosterMessageAnswer) : undefined;
  const entryAnswer = messageAnswer ? undefined : (result as RosterEntryAnswer | undefined);
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
        {roster.map((e) => (
          <RosterEntry
            key={e.id}
            entry={e}
            session={session}
            today={today}
            requestedAt={requestDates[e.id]?.requestedAt}
            unevaluated={unevaluated.includes(e.athleteId)}
            paperwork={paperwork[e.athleteId]}
            canAct={canAct}
            cleared={cleared}
            busy={busy}
            error={refusalFor(entryAnswer, ["step", "place"], e.id)}
            confirmRefusal={refusalFor(entryAnswer, ["confirm"], e.id)}
            asking={(entryAnswer?.ok && entryAnswer.confirm) || null}
            reminder={entryAnswer}
          />
        ))}
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
                error={refusalOf(answerTo(entryAnswer, "capacity"))?.fieldErrors.capacity}
              />
              <Button type="submit" variant="secondary" disabled={busy}>
                {m.enroll_save()}
              </Button>
            </Form>
          </CardSection>
          <RosterMessageForm result={messageAnswer} scheduled={scheduled} busy={busy} />
        </>
      ) : null}
    </div>
  );
}
