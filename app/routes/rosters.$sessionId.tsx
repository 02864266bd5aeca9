// /rosters/:sessionId: a session's roster, for its coaches, on a phone (issue 29, decision 0033). Athletes with level,
// status and the on-court notes; guardians with tap-to-call; each coach step a plain form (start evaluation, place
// at a level, enroll, withdraw, decline); the session's places; and one message to every household of the roster.
// requireRosterReader on the loader's first line (its coaches; the lead and administrators read every roster, their
// reads of medical notes logged), requireSessionCoach on the action's: a client or a visitor sees nothing. Families'
// personal data follows the least-privilege rule (issue 37): an uncleared coach reads names, levels and statuses only.
import { useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/rosters.$sessionId";
import { getAthleteRights, getEvaluationGaps } from "~/athletes/index.server";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import {
  getClosedRequests,
  getRequestDates,
  getRosterForReader,
  getSession,
  messageRoster,
  RosterConfirmSchema,
  scheduleRosterMessage,
  confirmRosterFamily,
  requireRosterReader,
  setSessionCapacity,
  takeCoachStep,
} from "~/enrollment/index.server";
import type { RosterMessageKept, RosterMessageSent } from "~/enrollment/roster-message-form";
import { RosterView, type RosterAnswer } from "~/enrollment/roster-page";
import { CapacitySchema, EnrollmentIdSchema, PlaceSchema, RosterMessageSchema } from "~/enrollment/schemas";
import { statusWords } from "~/enrollment/words";
import { getLocale } from "~/i18n/language";
import { askUnlessConfirmed, type ConfirmAsk } from "~/lib/confirm-action";
import { dayInZone, formatDateIn } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { cancelScheduledMessage, getScheduledMessages } from "~/messaging/index.server";
import { m } from "~/paraglide/messages";
import { getSessionCancelFacts, handleSessionCancel, sessionCancelledAnswer } from "~/programs/index.server";
import { CANCEL_SESSION_INTENT, isSessionCancelAnswer, type SessionCancelAnswer } from "~/programs/session-cancel-answer";
import { SessionCancelForm } from "~/programs/session-cancel-form";
import { CardSection } from "~/components/ui/card-section";
import { getPersonalDataReader } from "~/staff/index.server";
import { getRosterPaperwork, sendRosterReminder } from "~/consent/index.server";
import { REMIND_INTENT } from "~/consent/roster-paperwork";
import { done, parseForm, refused } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta({ title: `${m.enroll_roster_heading({ session: data?.session.title ?? "" })} | NLTE`, description: m.enroll_rosters_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, sessionCoach } = await requireRosterReader(request, context, params.sessionId);
  const { db, config } = context;
  const session = await getSession(db, params.sessionId, getLocale());
  invariantResponse(session, m.enroll_error_no_session(), 404);
  const reader = await getPersonalDataReader(db, user, config.safePlay);
  const roster = await getRosterForReader(db, session.id, config.safePlay, reader, session.title);
  // Declined and withdrawn requests stay listed under their own heading, and the days requests were sent name them
  // in the confirmation before a decline or a withdrawal (issue 39).
  const [closed, requestDates] = await Promise.all([
    getClosedRequests(db, session.id),
    getRequestDates(
      db,
      roster.map((e) => e.id),
    ),
  ]);
  // The coach's messages to this roster's families kept for the end of quiet hours (issue 39).
  const scheduled = sessionCoach ? await getScheduledMessages(db, user.id, { withPeople: roster.map((e) => e.athleteId) }) : [];
  // Each athlete's photo release and, before Enroll, the forms still to sign (issue 40, decision 0061).
  const paperwork = await getRosterPaperwork(db, session.id, roster);
  // "Cancel this session" for those who may (decision 0068); nobody else is sent a word of it.
  const cancelFacts = (await getSessionCancelFacts(db, user, [session.id])).get(session.id);
  const cancelled = await sessionCancelledAnswer(context, request);
  const cancel = cancelFacts
    ? {
        id: session.id,
        title: session.title,
        dates: session.when,
        enrolled: cancelFacts.enrolled,
        cancelledOn: cancelFacts.cancelledAt ? formatDateIn(cancelFacts.cancelledAt, config.site.timeZone) : null,
        reason: (getLocale() === "es" && cancelFacts.reasonEs) || cancelFacts.reason,
        answer: cancelled?.eventId === session.id ? cancelled.text : null,
      }
    : null;
  // "No evaluation yet this season" beside each athlete the reader is told of (decision 0062; the athletes' rule).
  const today = dayInZone(config.safePlay.clock(), config.site.timeZone);
  const rights = roster.length
    ? await getAthleteRights(
        db,
        user,
        today,
        roster.map((e) => e.athleteId),
      )
    : [];
  const unevaluated = [...(await getEvaluationGaps(db, rights, today, session.id))];
  return {
    unevaluated,
    paperwork,
    cancel,
    session,
    roster,
    closed,
    requestDates,
    today,
    canAct: sessionCoach,
    cleared: reader.cleared,
    scheduled,
  };
}

const StepSchema = EnrollmentIdSchema.extend({ step: z.enum(["evaluate", "enroll", "withdraw", "decline"]) });

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, sessionCoach } = await requireRosterReader(request, context, params.sessionId);
  const form = await request.formData();
  const intent = form.get("intent");
  // Cancelling the session asks its own rule (its coaches, and administrators: decision 0068); the rest is its coaches'.
  if (intent === CANCEL_SESSION_INTENT) return handleSessionCancel(context, user, form, `/rosters/${params.sessionId}`);
  invariantResponse(sessionCoach, m.enroll_refused_not_session_coach(), 403);
  const back = `/rosters/${params.sessionId}`;
  if (intent === "step" || intent === "place") {
    // Declining or withdrawing is asked once (issue 39): unconfirmed, nothing changes and the page asks.
    const ask = intent === "step" && ["decline", "withdraw"].includes(String(form.get("step"))) ? askUnlessConfirmed(form) : null;
    if (ask) return done<ConfirmAsk>({ intent: "step", ...ask });
    const parsed = intent === "place" ? parseForm(PlaceSchema, form) : parseForm(StepSchema, form);
    // Which request a refusal is about: its card shows it.
    const values = { enrollmentId: String(form.get("enrollmentId") ?? "") };
    if (!parsed.data) return refused({ intent, values, formError: m.enroll_error_correct(), fieldErrors: parsed.fieldErrors });
    const result =
      "level" in parsed.data
        ? await takeCoachStep(context, user, parsed.data.enrollmentId, "place", parsed.data)
        : await takeCoachStep(context, user, parsed.data.enrollmentId, parsed.data.step);
    if (!result.ok) return refusedFor(intent, values, result);
    const athlete = String(form.get("athleteName") ?? "");
    throw await redirectWithToast(context, back, { type: "success", title: m.enroll_step_toast({ athlete, status: statusWords(result.status) }) });
  }
  if (intent === REMIND_INTENT) {
    // "Send a reminder": the forms-needed mail to the family now, once a day for each family (issue 40).
    const athleteId = String(form.get("athleteId") ?? "").slice(0, 100);
    const r = await sendRosterReminder(context, user, params.sessionId, athleteId);
    const name = { name: "name" in r ? r.name : "" };
    if (r.ok) return done<{ athleteId: string }>({ intent, athleteId, message: m.disclosures_roster_reminded(name) });
    const formError =
      r.reason === "limited"
        ? m.disclosures_roster_reminded_today(name)
        : r.reason === "nothing-missing"
          ? m.disclosures_roster_nothing_missing(name)
          : m.disclosures_roster_not_on_roster();
    return refused({ intent, values: { athleteId }, formError }, r.reason === "limited" ? 429 : r.reason === "nothing-missing" ? 409 : 404);
  }
  if (intent === "capacity") {
    const { data: input, fieldErrors } = parseForm(CapacitySchema, form);
    if (!input) return refused({ intent, fieldErrors });
    const result = await setSessionCapacity(context, user, params.sessionId, input.capacity);
    if (!result.ok) return refused({ intent, fieldErrors: { capacity: result.error } }, result.status);
    throw await redirectWithToast(context, back, { type: "success", title: m.enroll_saved_toast() });
  }
  if (intent === "message") {
    const { data: input, fieldErrors } = parseForm(RosterMessageSchema, form);
    if (!input) return refused({ intent, fieldErrors });
    const result = await messageRoster(context.db, user, params.sessionId, input.content, context.config.messaging);
    invariantResponse(result, m.enroll_refused_not_coach(), 403);
    return done<RosterMessageSent>({ intent, content: input.content, ...result });
  }
  if (intent === "message-later") {
    const { data: input } = parseForm(RosterMessageSchema, form);
    if (!input) return refused({ intent, formError: m.enroll_error_correct() });
    const athleteIds = form.getAll("athleteIds").map(String).slice(0, 200);
    const result = await scheduleRosterMessage(context.db, user, params.sessionId, input.content, athleteIds, context.config.messaging);
    invariantResponse(result, m.enroll_refused_not_coach(), 403);
    return done<RosterMessageKept>({ intent, ...result });
  }
  if (intent === "cancel-scheduled") {
    const cancelled = await cancelScheduledMessage(context.db, String(form.get("scheduledId") ?? ""), user.id);
    if (!cancelled) return refused({ intent, formError: m.messaging_schedule_gone() }, 404);
    return done({ intent, message: m.messaging_schedule_cancelled() });
  }
  if (intent === "confirm") {
    const values = { enrollmentId: String(form.get("enrollmentId") ?? "") };
    const parsed = parseForm(RosterConfirmSchema, { ...values, how: form.get("how"), people: form.getAll("people") });
    if (!parsed.data) return refused({ intent, values, fieldErrors: parsed.fieldErrors });
    const result = await confirmRosterFamily(context.db, user, params.sessionId, parsed.data, context.config.safePlay);
    if (!result.ok) return refusedFor(intent, values, result);
    throw await redirectWithToast(context, back, { type: "success", title: m.messaging_household_people_confirmed() });
  }
  return refused({ intent: "step", formError: m.enroll_error_unknown() });
}

/** A rule's refusal for one request: beside the field it names, else the card's own words. */
function refusedFor(intent: string, values: { enrollmentId: string }, r: { error: string; status: number; field?: string }) {
  return refused({ intent, values, ...(r.field ? { fieldErrors: { [r.field]: r.error } } : { formError: r.error }) }, r.status);
}

export default function RosterPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<RosterAnswer | SessionCancelAnswer>();
  const result = isSessionCancelAnswer(answer) ? undefined : answer;
  const busy = useNavigation().state === "submitting";
  const { cancel, ...roster } = loaderData;
  return (
    <>
      <PageHeader heading={m.enroll_roster_heading({ session: loaderData.session.title })} intro={loaderData.session.when} />
      <RosterView {...roster} result={result} busy={busy} />
      {cancel ? (
        <div className="mx-auto max-w-3xl px-4 pb-10">
          <CardSection title={m.season_cancel_summary()}>
            <SessionCancelForm session={cancel} answer={isSessionCancelAnswer(answer) ? answer : null} busy={busy} folded={false} />
          </CardSection>
        </div>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.enroll_rosters_heading()} documentTitle={`${m.enroll_rosters_heading()} | NLTE`} />;
}
