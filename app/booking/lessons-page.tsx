// The pieces of the families' booking page (/lessons): the free times by day, the confirmation, the family's bookings
// and the private calendar feed. Plain links and forms, so each works before (and without) the page's script.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { TextAreaField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Confirmation } from "~/components/ui/confirmation";
import { FormError } from "~/components/ui/form-error";
import { localHref } from "~/i18n/locale";
import { dayInZone, formatDayLong, formatTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import type { ListedBookingRow } from "./lists.server";

export type ChosenSlot = { coachId: string; kind: "lesson" | "evaluation"; start: number; minutes: number; place: string };
type Coach = { id: string; name: string };

function useWhen() {
  const zone = useOrgTimeZone();
  return (start: number | Date, minutes?: number) => {
    const s = new Date(start);
    const day = formatDayLong(dayInZone(s, zone));
    return minutes
      ? `${day}, ${formatTime(s, zone)}–${formatTime(new Date(s.getTime() + minutes * 60_000), zone)}`
      : `${day}, ${formatTime(s, zone)}`;
  };
}

/** `enrollment`: the request an evaluation is booked for (its opaque id), kept from link to link; "" for none. */
type Choice = { kind: string; coach: string; minutes: number; from: string; enrollment: string };

/** The page's address for these choices: what the links carry from step to step. */
function choiceQuery(athleteId: string, choice: Choice, from: string) {
  const q = new URLSearchParams({ athlete: athleteId, kind: choice.kind, coach: choice.coach, minutes: String(choice.minutes), from });
  if (choice.enrollment) q.set("enrollment", choice.enrollment);
  return q;
}

function slotHref(athleteId: string, choice: Choice, slot: { start: number; coachId: string }, from = choice.from) {
  const q = choiceQuery(athleteId, choice, from);
  q.set("start", new Date(slot.start).toISOString());
  q.set("with", slot.coachId);
  return localHref(`/lessons?${q}`);
}

export function SlotChoices({
  loaderData,
  nextFree,
}: {
  loaderData: { athleteId: string | null; choice: Choice; slots: ChosenSlot[]; coaches: Coach[]; earlier: string | null; later: string };
  nextFree: Array<{ coachId: string; start: number }> | null;
}) {
  const zone = useOrgTimeZone();
  const when = useWhen();
  const { athleteId, choice, slots, coaches, earlier, later } = loaderData;
  if (!athleteId) return null;
  const name = (id: string) => coaches.find((c) => c.id === id)?.name ?? "";
  const days = new Map<string, ChosenSlot[]>();
  for (const s of slots) {
    const day = dayInZone(new Date(s.start), zone);
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  const pageHref = (from: string) => localHref(`/lessons?${choiceQuery(athleteId, choice, from)}`);
  return (
    <div className="flex flex-col gap-4">
      {nextFree && nextFree.length > 0 ? (
        <div className="rounded-md border border-slate-300 bg-white p-4">
          <h3 className="font-semibold text-slate-900">{m.booking_next_free()}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {nextFree.map((s) => (
              <li key={`${s.coachId}-${s.start}`}>
                <Link to={slotHref(athleteId, choice, s, dayInZone(new Date(s.start), zone))} className="font-medium text-court-800 underline">
                  {m.booking_slot_with({ when: when(s.start), coach: name(s.coachId) })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <h3 className="text-lg font-semibold text-slate-900">{m.booking_free_times()}</h3>
      {days.size === 0 ? <p className="text-slate-800">{m.booking_no_times()}</p> : null}
      {[...days].map(([day, list]) => (
        <section key={day} aria-label={formatDayLong(day)}>
          <h4 className="font-semibold text-slate-900">{formatDayLong(day)}</h4>
          <ul className="mt-2 flex flex-wrap gap-2">
            {list.map((s) => (
              <li key={`${s.coachId}-${s.start}`}>
                {/* The name read aloud is the whole choice ("Friday, November 27, 4:00 PM with Coach Casey"), and holds what is seen. */}
                <Link
                  to={slotHref(athleteId, choice, s)}
                  className="inline-block min-h-11 rounded-md border border-court-700 bg-white px-3 py-2 font-medium text-court-800 hover:bg-court-50"
                >
                  <span className="sr-only">{formatDayLong(day)}, </span>
                  {formatTime(new Date(s.start), zone)}
                  <span className={choice.coach ? "sr-only" : "block text-xs text-slate-700"}>
                    <span className="sr-only"> {m.booking_with()} </span>
                    {name(s.coachId)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <nav aria-label={m.booking_more_days()} className="flex gap-6">
        {earlier ? (
          <Link to={pageHref(earlier)} className="font-medium text-court-800 underline">
            {m.booking_earlier()}
          </Link>
        ) : null}
        <Link to={pageHref(later)} className="font-medium text-court-800 underline">
          {m.booking_later()}
        </Link>
      </nav>
    </div>
  );
}

export function ConfirmSlot({
  chosen,
  coaches,
  athleteId,
  forRequest,
  busy,
  errors,
  requestKey,
  children,
}: {
  chosen: ChosenSlot;
  coaches: Coach[];
  athleteId: string;
  /** The enrollment request this evaluation is for, or null. */
  forRequest: { id: string; session: string; athlete: string } | null;
  busy: boolean;
  errors: Record<string, string | undefined>;
  /** The form's idempotency key (from the loader): a retry of the same post returns the booking it made. */
  requestKey: string;
  /** What the route adds before the note: the price, and "I would like financial help" (payments'). */
  children?: ReactNode;
}) {
  const when = useWhen();
  const coach = coaches.find((c) => c.id === chosen.coachId)?.name ?? "";
  return (
    <>
      <h3 id="confirm-heading" className="text-lg font-semibold text-slate-900">
        {m.booking_confirm_heading()}
      </h3>
      <p className="text-slate-900">{m.booking_confirm_text({ when: when(chosen.start, chosen.minutes), coach, place: chosen.place })}</p>
      <input type="hidden" name="intent" value="book" />
      <input type="hidden" name="athleteId" value={athleteId} />
      <input type="hidden" name="coachId" value={chosen.coachId} />
      <input type="hidden" name="kind" value={chosen.kind} />
      <input type="hidden" name="minutes" value={chosen.minutes} />
      <input type="hidden" name="start" value={new Date(chosen.start).toISOString()} />
      <input type="hidden" name="requestKey" value={requestKey} />
      {forRequest ? (
        <>
          <input type="hidden" name="enrollmentId" value={forRequest.id} />
          <p className="text-slate-900">{m.booking_confirm_for_request({ athlete: forRequest.athlete, session: forRequest.session })}</p>
        </>
      ) : null}
      {children}
      <TextAreaField label={m.booking_field_note()} name="note" rows={3} maxLength={500} error={errors.note} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? m.booking_booking() : m.booking_book()}
        </Button>
      </div>
    </>
  );
}

type ListedBooking = Pick<
  ListedBookingRow,
  "id" | "kind" | "starts_at" | "ends_at" | "place" | "note" | "cancelled_at" | "reason" | "coach_name" | "athlete_name"
> & {
  insideNotice: boolean;
  past: boolean;
  /** Whether cancelling now is credited (the organisation's rule), for a charged booking. */ creditWords?: string | null;
};

export function BookingsList({
  bookings,
  canCancel,
  cancelError,
  asking,
  busy,
  cancelled,
}: {
  bookings: ListedBooking[];
  /** False for a minor athlete: their guardians change their bookings. */
  canCancel: boolean;
  cancelError: { bookingId: string; error: string } | null;
  /** The server's answer to a cancellation not yet confirmed (the page without JavaScript asks in place). */
  asking: string | null;
  busy: boolean;
  /** A cancellation's answer, written here where the person cancelled (focused, so a phone shows it), or null. */
  cancelled: string | null;
}) {
  const when = useWhen();
  return (
    <CardSection title={m.booking_yours_heading()} id="yours-heading">
      {cancelled ? (
        <Confirmation key={cancelled} className="mb-4">
          {cancelled}
        </Confirmation>
      ) : null}
      {bookings.length === 0 ? <p>{m.booking_none_yet()}</p> : null}
      <ul className="flex flex-col gap-4">
        {bookings.map((b) => {
          const minutes = Math.round((new Date(b.ends_at).getTime() - new Date(b.starts_at).getTime()) / 60_000);
          const what = b.kind === "evaluation" ? m.booking_kind_evaluation() : m.booking_kind_lesson();
          const athlete = b.athlete_name ?? "";
          const question = (b.kind === "evaluation" ? m.actions_cancel_evaluation_question : m.actions_cancel_lesson_question)({
            athlete,
            when: when(b.starts_at),
          });
          // Each booking is one card whose actions sit inside it, under its own heading, and the button is described
          // by that heading: a parent cancelled her daughter's evaluation with the button that looked like the lesson's.
          const headingId = `booking-${b.id}`;
          return (
            <li key={b.id} className="rounded-lg border-2 border-slate-200 p-4">
              <article aria-labelledby={headingId}>
                <h3 id={headingId} className={`font-semibold text-slate-900 ${b.cancelled_at ? "line-through" : ""}`}>
                  {what}: {when(b.starts_at, minutes)}
                </h3>
                <p className="text-slate-800">{m.booking_listed({ athlete, coach: b.coach_name ?? "", place: b.place })}</p>
                {b.note ? <p className="text-slate-700">{m.booking_mail_note({ note: b.note })}</p> : null}
                {b.cancelled_at ? (
                  <p className="font-medium text-red-800">{b.reason ? m.booking_cancelled_reason({ reason: b.reason }) : m.booking_cancelled()}</p>
                ) : b.past || !canCancel ? null : b.insideNotice ? (
                  <p className="text-slate-800">{m.booking_notice_cancel_short()}</p>
                ) : (
                  <ConfirmAction
                    className="mt-3 border-t border-slate-200 pt-3"
                    fields={{ intent: "cancel", bookingId: b.id }}
                    label={m.booking_cancel()}
                    question={question}
                    detail={b.creditWords ? `${m.actions_cancel_detail_coach()} ${b.creditWords}` : m.actions_cancel_detail_coach()}
                    confirmLabel={m.actions_cancel_confirm()}
                    asking={asking}
                    describedBy={headingId}
                    busy={busy}
                  />
                )}
                {cancelError?.bookingId === b.id ? <FormError message={cancelError.error} /> : null}
              </article>
            </li>
          );
        })}
      </ul>
      {cancelError && !bookings.some((b) => b.id === cancelError.bookingId) ? <FormError message={cancelError.error} /> : null}
    </CardSection>
  );
}

/** Where the private calendar address is made: with the other ways the site keeps someone informed. */
export function FeedLink() {
  return (
    <p className="text-slate-800">
      <Link to={`${localHref("/account/notifications")}#feed-heading`} className="font-medium text-court-800 underline">
        {m.booking_feed_link()}
      </Link>
    </p>
  );
}
