// One booking on a coach's /appointments: who, when, where, the athlete's level, the guardians to call, the family's
// note, and the forms (cancel, move, each with its reason; for an evaluation booked from an enrollment request, the
// session it is for and "Record placement"). <details> keeps the day short on a phone and needs no script.
import { useState, type ChangeEvent } from "react";
import { Form } from "react-router";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "~/components/ui/button";
import { Field, FormError, SelectField, TextAreaField } from "~/components/ui/field";
import { LEVELS } from "~/enrollment/status";
import { statusWords } from "~/enrollment/words";
import { dayInZone, formatClock, formatDayLong, formatTime } from "~/lib/datetime";
import { telHref } from "~/lib/phone";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import { refusalOf, type ActionResult } from "~/lib/forms";
import type { CoachBooking } from "./lists.server";

type Booking = CoachBooking;

/** A cancellation asked about, not yet confirmed (issue 39, decision 0049): the question's key and the reason it was asked with. */
export type AppointmentAsk = { bookingId: string; confirm: string; reason: string };

/** What /appointments' action answered (decision 0077): a refusal (its booking among what was sent) or the question. */
type Result = ActionResult<AppointmentAsk, { bookingId?: string }> | null;

/** The booking an answer is about: the question names it, a refusal carries it among what was sent. */
export const answerBooking = (answer: NonNullable<Result>) => (answer.ok ? answer.bookingId : answer.values?.bookingId);

function Phone({ name, phone }: { name: string; phone: string | null }) {
  return phone ? (
    <a href={telHref(phone)} className="inline-flex min-h-11 items-center font-medium text-court-800 underline">
      {m.booking_call({ name, phone })}
    </a>
  ) : (
    <span>{m.booking_no_phone({ name })}</span>
  );
}

/**
 * A cancelled booking stays on the coach's day (issue 39), struck through, with the word "Cancelled" written out (not
 * the style alone), who cancelled it and when, and the reason given. Nothing is left to do on it.
 */
function CancelledBooking({ booking: b }: { booking: Booking & { cancelled_at: Date } }) {
  const zone = useOrgTimeZone();
  const what = b.kind === "evaluation" ? m.booking_kind_evaluation() : m.booking_kind_lesson();
  const athlete = b.athlete_name ?? "";
  const at = `${formatDayLong(dayInZone(b.cancelled_at, zone))}, ${formatTime(b.cancelled_at, zone)}`;
  return (
    <article
      aria-label={`${m.booking_cancelled_badge()}: ${formatTime(b.starts_at, zone)} ${what}: ${athlete}`}
      className="rounded-xl border border-slate-300 bg-slate-50 p-5"
      data-cancelled
    >
      <h3 className="text-lg font-semibold text-slate-700">
        <span className="mr-2 rounded bg-red-100 px-2 py-0.5 text-sm font-bold uppercase tracking-wide text-red-900 no-underline">
          {m.booking_cancelled_badge()}
        </span>
        <s>
          {formatTime(b.starts_at, zone)}–{formatTime(b.ends_at, zone)} · {what}: {athlete}
        </s>
      </h3>
      <p className="mt-2 text-slate-800">
        {b.cancelledBy
          ? m.booking_cancelled_by({ name: b.cancelledBy.name, when: at })
          : b.enrollment_id
            ? m.booking_cancelled_request_ended({ when: at })
            : m.booking_cancelled_on({ when: at })}
      </p>
      {b.reason ? <p className="text-slate-800">{m.booking_cancelled_reason_given({ reason: b.reason })}</p> : null}
    </article>
  );
}

export function CoachBooking({ booking: b, result, busy }: { booking: Booking; result: Result; busy: boolean }) {
  const zone = useOrgTimeZone();
  if (b.cancelled_at) return <CancelledBooking booking={{ ...b, cancelled_at: b.cancelled_at }} />;
  const what = b.kind === "evaluation" ? m.booking_kind_evaluation() : m.booking_kind_lesson();
  const athlete = b.athlete_name ?? "";
  const errors = refusalOf(result)?.fieldErrors ?? {};
  const minutes = Math.round((new Date(b.ends_at).getTime() - new Date(b.starts_at).getTime()) / 60_000);
  return (
    <article
      aria-label={`${formatTime(b.starts_at, zone)} ${what}: ${athlete}`}
      className="rounded-xl border border-court-200 bg-white p-5 shadow-sm"
    >
      <h3 className="text-lg font-semibold text-navy-900">
        {formatTime(b.starts_at, zone)}–{formatTime(b.ends_at, zone)} · {what}: {athlete}
      </h3>
      <dl className="mt-2 grid gap-1 text-sm text-slate-900">
        {b.request ? (
          <div>
            <dt className="inline font-semibold">{m.booking_for_request()} </dt>
            <dd className="inline">
              {b.request.session} ({statusWords(b.request.status)})
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-semibold">{m.booking_level()} </dt>
          <dd className="inline">{b.level ? m.booking_level_value({ level: String(b.level) }) : m.booking_level_none()}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">{m.booking_place()} </dt>
          <dd className="inline">{b.place}</dd>
        </div>
        {b.note ? (
          <div>
            <dt className="inline font-semibold">{m.booking_note()} </dt>
            <dd className="inline whitespace-pre-line">{b.note}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-semibold">{m.booking_guardians()}</dt>
          {b.guardians.length === 0 ? <dd>{m.booking_no_guardians()}</dd> : null}
          {b.guardians.map((g, i) => (
            <dd key={i}>
              <Phone name={g.name ?? ""} phone={g.phone} />
            </dd>
          ))}
          {b.athletePhone ? (
            <dd>
              <Phone name={athlete} phone={b.athletePhone} />
            </dd>
          ) : null}
        </div>
      </dl>
      {result ? <FormError message={refusalOf(result)?.formError} /> : null}
      {b.request?.canPlace ? <PlacementForm booking={b} result={result?.intent === "place" ? result : null} busy={busy} /> : null}
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-6">
        <details open={result?.intent === "cancel"} className="flex-1">
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-red-800">{m.booking_coach_cancel({ athlete })}</summary>
          <CoachCancelForm booking={b} result={result?.intent === "cancel" ? result : null} busy={busy} />
        </details>
        <details open={result?.intent === "move"} className="flex-1">
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-court-800">{m.booking_coach_move({ athlete })}</summary>
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="bookingId" value={b.id} />
            <Field
              label={m.booking_new_day()}
              name="day"
              type="date"
              required
              defaultValue={dayInZone(b.starts_at, zone)}
              error={result?.intent === "move" ? errors.day : undefined}
            />
            <Field
              label={m.booking_new_time()}
              name="time"
              type="time"
              required
              step={300}
              defaultValue={formatClock(b.starts_at, zone)}
              error={result?.intent === "move" ? errors.time : undefined}
            />
            {b.kind === "lesson" ? (
              <SelectField
                label={m.booking_field_length()}
                name="minutes"
                defaultValue={String(minutes)}
                error={result?.intent === "move" ? errors.minutes : undefined}
                options={[30, 60].map((n) => ({ value: String(n), label: m.booking_minutes({ minutes: n }) }))}
              />
            ) : null}
            <TextAreaField
              label={m.booking_reason_move()}
              name="reason"
              rows={2}
              required
              maxLength={300}
              error={result?.intent === "move" ? errors.reason : undefined}
            />
            <div>
              <Button type="submit" disabled={busy}>
                {m.booking_coach_move_button()}
              </Button>
            </div>
          </Form>
        </details>
      </div>
    </article>
  );
}

/**
 * The coach's cancellation (issue 39, decision 0049): the reason, then the one confirm control, whose question names
 * the athlete and the day and says the organisation's rule (the family's account is credited in full). With
 * JavaScript the dialog carries the reason typed; without it, the form posts unconfirmed, the server checks the reason
 * and asks, and the question appears in place with the reason kept.
 */
function CoachCancelForm({ booking: b, result, busy }: { booking: Booking; result: Result; busy: boolean }) {
  const zone = useOrgTimeZone();
  const hydrated = useHydrated();
  const asked = result?.ok ? result : null;
  const [reason, setReason] = useState(asked?.reason ?? "");
  const athlete = b.athlete_name ?? "";
  const when = `${formatDayLong(dayInZone(b.starts_at, zone))}, ${formatTime(b.starts_at, zone)}`;
  const question = (b.kind === "evaluation" ? m.actions_cancel_evaluation_question : m.actions_cancel_lesson_question)({ athlete, when });
  const confirm = {
    label: m.booking_coach_cancel_button(),
    question,
    detail: m.lessonfees_coach_cancel_detail(),
    confirmLabel: m.actions_cancel_confirm(),
    variant: "danger" as const,
    busy,
  };
  if (asked?.confirm) {
    return <ConfirmAction {...confirm} fields={{ intent: "cancel", bookingId: b.id, reason: asked.reason }} asking={asked.confirm} />;
  }
  const reasonField = (
    <TextAreaField
      label={m.booking_reason_cancel()}
      name="reason"
      rows={2}
      required
      maxLength={300}
      error={refusalOf(result)?.fieldErrors.reason}
      {...(hydrated ? { value: reason, onChange: (e: ChangeEvent<HTMLTextAreaElement>) => setReason(e.target.value) } : {})}
    />
  );
  if (hydrated)
    return (
      <div className="flex flex-col gap-3">
        {reasonField}
        <ConfirmAction {...confirm} fields={{ intent: "cancel", bookingId: b.id, reason }} />
      </div>
    );
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="bookingId" value={b.id} />
      {reasonField}
      <div>
        <Button type="submit" variant="danger" disabled={busy}>
          {m.booking_coach_cancel_button()}
        </Button>
      </div>
    </Form>
  );
}

/** The evaluation's outcome: a level and a note the family reads; enrollment's placement step, dated today. */
function PlacementForm({ booking: b, result, busy }: { booking: Booking; result: Result; busy: boolean }) {
  const errors = refusalOf(result)?.fieldErrors ?? {};
  return (
    <details open={Boolean(result)} className="mt-3 rounded-md bg-court-50 px-3">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-court-800">{m.booking_record_placement()}</summary>
      <Form method="post" className="flex flex-col gap-3 pb-3" noValidate>
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="bookingId" value={b.id} />
        <SelectField
          label={m.booking_field_level()}
          name="level"
          placeholder={m.booking_choose_level()}
          defaultValue=""
          error={errors.level}
          options={LEVELS.map((l) => ({ value: String(l), label: m.booking_level_value({ level: String(l) }) }))}
        />
        <TextAreaField label={m.booking_field_placement_note()} name="note" rows={2} maxLength={500} error={errors.note} />
        {/* Issue 39: only to place outside the session's ages or levels; the reason goes in the safeguarding log. */}
        <TextAreaField label={m.enroll_override_label()} name="overrideReason" rows={2} maxLength={500} error={errors.overrideReason} />
        <div>
          <Button type="submit" disabled={busy}>
            {m.booking_record_placement_button()}
          </Button>
        </div>
      </Form>
    </details>
  );
}
