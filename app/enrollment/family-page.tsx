// One child's card on /account/enrollments: level and its history, each request with its status (and the answer to an
// offer), the next days their sessions meet, and their attendance. Plain forms: they work without the page's script.
import { Link } from "react-router";
import { CardSection } from "~/components/ui/card-section";
import { FormError } from "~/components/ui/form-error";
import { localHref } from "~/i18n/locale";
import { formatDateIn, formatDateTime, formatDayLong } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import type { EnrollmentStatus } from "./status";
import { canFamilyWithdraw, CLOSED } from "./status";
import { statusWords } from "./words";
import { ClosedRequests } from "./closed-requests";
import { FamilyRequestAnswers } from "./family-request-answers";

type Child = {
  athleteId: string;
  name: string;
  level: number | null;
  canManage: boolean;
  levelHistory: Array<{ level: number; placedOn: string; note: string; coach: string }>;
  requests: Array<{
    id: string;
    session: string;
    status: EnrollmentStatus;
    offeredUntil: string | null;
    position: number | null;
    holds: string | null;
    bookEvaluation: boolean;
    attendance: { present: number; marked: number };
  }>;
  upcoming: Array<{ day: string; eventId: string; title: string; time: string | null; cancelled: boolean }>;
  marks: Array<{ day: string; session: string; present: boolean }>;
};

/** An ended request as the closed list shows it: its session, status, the day it ended, whether its session was cancelled. */
const closedLine = (r: Child["requests"][number], dates: { changedAt: string; sessionCancelled?: boolean } | undefined) => ({
  id: r.id,
  name: r.session,
  status: r.status,
  changedAt: dates?.changedAt ?? null,
  sessionCancelled: dates?.sessionCancelled ?? false,
});

export function FamilyChildCard({
  child,
  error,
  busy,
  requestDates = {},
  asking = null,
}: {
  child: Child;
  /** A refused accept or withdrawal: its request's id among what was sent, and why. */
  error: { values?: { enrollmentId?: string } | undefined; formError?: string | undefined } | null | undefined;
  busy: boolean;
  /** When each request was sent and last changed (issue 39: the withdrawal's question names the day; ended ones say when). */
  requestDates?: Record<string, { requestedAt: string; changedAt: string; sessionCancelled?: boolean }>;
  /** The server's answer to a withdrawal not yet confirmed (the page without JavaScript asks in place). */
  asking?: string | null;
}) {
  const zone = useOrgTimeZone();
  // Declined and withdrawn requests are listed under their own heading, after the open ones (issue 39).
  const openRequests = child.requests.filter((r) => !CLOSED.has(r.status));
  const closedRequests = child.requests.filter((r) => CLOSED.has(r.status)).map((r) => closedLine(r, requestDates[r.id]));
  return (
    <CardSection title={child.name}>
      <div className="flex flex-col gap-5">
        <p className="text-lg font-semibold text-court-800">
          {child.level ? m.enroll_family_level({ level: String(child.level) }) : m.enroll_family_no_level()}
        </p>
        <p>
          <Link to={localHref(`/athletes/${child.athleteId}`)} className="font-medium text-court-800 underline">
            {m.athletes_path_link({ name: child.name })}
          </Link>
        </p>
        {child.levelHistory.length > 0 ? (
          <section aria-label={m.enroll_family_history()}>
            <h3 className="font-semibold text-slate-900">{m.enroll_family_history()}</h3>
            <ol className="mt-1 flex flex-col gap-1">
              {child.levelHistory.map((l, i) => (
                <li key={i} className="text-slate-800">
                  {m.enroll_family_history_line({ level: String(l.level), date: formatDateIn(`${l.placedOn}T12:00:00Z`, "UTC"), coach: l.coach })}
                  {l.note ? <span className="block text-sm text-slate-700">“{l.note}”</span> : null}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <section aria-label={m.enroll_family_requests()}>
          <h3 className="font-semibold text-slate-900">{m.enroll_family_requests()}</h3>
          {child.requests.length === 0 ? <p className="text-slate-700">{m.enroll_family_none()}</p> : null}
          <ul className="mt-1 flex flex-col gap-3">
            {openRequests.map((r) => (
              <li key={r.id} className="rounded-md border border-slate-200 p-3" data-enrollment={r.id}>
                <p className="font-medium text-slate-900">{r.session}</p>
                <p className="text-slate-800" data-status={r.status}>
                  {statusWords(r.status)}
                  {r.position ? ` · ${m.enroll_family_position({ position: String(r.position) })}` : ""}
                </p>
                {r.holds ? (
                  <p className="text-slate-800" data-testid="request-holds">
                    {r.holds}
                  </p>
                ) : null}
                {r.offeredUntil ? (
                  <p className="text-slate-800">{m.enroll_family_offer_until({ until: formatDateTime(r.offeredUntil, zone) })}</p>
                ) : null}
                {r.attendance.marked > 0 ? (
                  <p className="text-sm text-slate-700">
                    {m.enroll_family_attendance_count({ present: String(r.attendance.present), marked: String(r.attendance.marked) })}
                  </p>
                ) : null}
                {error?.values?.enrollmentId === r.id ? <FormError message={error.formError} /> : null}
                {child.canManage && canFamilyWithdraw(r.status) ? (
                  <FamilyRequestAnswers
                    request={r}
                    athlete={child.name}
                    requestedAt={requestDates[r.id]?.requestedAt ?? null}
                    asking={asking}
                    busy={busy}
                  />
                ) : null}
                {/* A request waiting for its evaluation: booked on /lessons for this request (issue 30, app/booking). */}
                {child.canManage && r.bookEvaluation ? (
                  <Link
                    to={localHref(`/lessons?enrollment=${r.id}`)}
                    className="mt-2 inline-flex min-h-11 items-center font-semibold text-court-800 underline"
                  >
                    {m.booking_book_evaluation()}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <ClosedRequests level={4} id={`closed-${child.athleteId}`} requests={closedRequests} />
        </section>
        {child.requests.some((r) => r.status === "enrolled") ? (
          <section aria-label={m.enroll_family_upcoming()}>
            <h3 className="font-semibold text-slate-900">{m.enroll_family_upcoming()}</h3>
            {child.upcoming.length === 0 ? <p className="text-slate-700">{m.enroll_family_no_upcoming()}</p> : null}
            <ul className="mt-1 flex flex-col gap-1">
              {child.upcoming.map((o) => (
                <li key={`${o.eventId}-${o.day}`} className={o.cancelled ? "text-slate-600 line-through" : "text-slate-800"}>
                  {formatDayLong(o.day)}
                  {o.time ? `, ${o.time}` : ""} · {o.title}
                  {o.cancelled ? ` (${m.enroll_cancelled_day()})` : ""}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-label={m.enroll_family_attendance()}>
          <h3 className="font-semibold text-slate-900">{m.enroll_family_attendance()}</h3>
          {child.marks.length === 0 ? <p className="text-slate-700">{m.enroll_family_no_marks()}</p> : null}
          <ul className="mt-1 flex flex-col gap-1" data-testid="attendance">
            {child.marks.map((mk) => (
              <li key={`${mk.session}-${mk.day}`} className="text-slate-800">
                {formatDayLong(mk.day)} · {mk.session}: <strong>{mk.present ? m.enroll_present() : m.enroll_absent()}</strong>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </CardSection>
  );
}
