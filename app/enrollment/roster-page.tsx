// The roster a coach reads courtside (/rosters/:sessionId): each athlete with level, status and on-court notes, the
// guardians' phones as tap-to-call links (one per guardian, whatever the family's Safe Play state), the coach's steps as plain forms, the session's places, and the message to
// every household. Plain links and forms: everything works before and without the page's script.
import type { ComponentProps } from "react";
import { Form, Link } from "react-router";
import type { ScheduledItem } from "~/messaging/scheduled-list";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Field } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import type { ConfirmAsk } from "~/lib/confirm-action";
import { m } from "~/paraglide/messages";
import { ClosedRequests } from "./closed-requests";
import type { RosterConfirmResult } from "./roster-family";
import { RosterEntry, type RosterEntryRow } from "./roster-entry";
import { RosterMessageForm, type RosterMessageActionData } from "./roster-message-form";
import type { EnrollmentStatus } from "./status";
import { RosterFormsMissing, type ReminderAnswer } from "~/consent/roster-paperwork";

export type RosterActionData =
  | { intent: "step" | "place"; enrollmentId: string; error: string; fieldErrors?: Record<string, string | undefined> | null }
  | { intent: "capacity" | "step"; error: string; fieldErrors?: Record<string, string | undefined> | null }
  | RosterConfirmResult
  | RosterMessageActionData
  | ({ intent: "step" } & ConfirmAsk);

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
  roster: RosterEntryRow[];
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
            error={errorFor(e.id)}
            confirmResult={confirmResultFor(e.id)}
            asking={result && "confirm" in result ? result.confirm : null}
            reminder={result?.intent === "remind-forms" ? result : undefined}
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
