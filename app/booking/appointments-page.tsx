// One booking on a coach's /appointments: who, when, where, the guardians to call, the family's note, and the two
// forms (cancel, move), each with its reason. <details> keeps the day short on a phone and needs no script.
import { Form } from "react-router";
import { TextAreaField } from "~/components/public/form-fields";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { dayInZone, formatClock } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";

type Booking = {
  id: string;
  kind: "lesson" | "evaluation";
  starts_at: Date;
  ends_at: Date;
  place: string;
  note: string;
  athlete_name: string | null;
  athletePhone: string | null;
  guardians: Array<{ name: string | null; phone: string | null }>;
  level: string | null;
};

type Result = { intent: "cancel" | "move"; error: string; fieldErrors?: Record<string, string | undefined> } | null;

/** A phone number as a tel: address (digits and a leading +). */
const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, "")}`;

function Phone({ name, phone }: { name: string; phone: string | null }) {
  return phone ? (
    <a href={telHref(phone)} className="inline-flex min-h-11 items-center font-medium text-court-800 underline">
      {m.booking_call({ name, phone })}
    </a>
  ) : (
    <span>{m.booking_no_phone({ name })}</span>
  );
}

export function CoachBooking({ booking: b, result, busy }: { booking: Booking; result: Result; busy: boolean }) {
  const zone = useOrgTimeZone();
  const what = b.kind === "evaluation" ? m.booking_kind_evaluation() : m.booking_kind_lesson();
  const athlete = b.athlete_name ?? "";
  const errors = result?.fieldErrors ?? {};
  return (
    <article
      aria-label={`${formatClock(b.starts_at, zone)} ${what}: ${athlete}`}
      className="rounded-xl border border-court-200 bg-white p-5 shadow-sm"
    >
      <h3 className="text-lg font-semibold text-navy-900">
        {formatClock(b.starts_at, zone)}–{formatClock(b.ends_at, zone)} · {what}: {athlete}
      </h3>
      <dl className="mt-2 grid gap-1 text-sm text-slate-900">
        <div>
          <dt className="inline font-semibold">{m.booking_level()} </dt>
          <dd className="inline">{b.level ?? m.booking_level_none()}</dd>
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
      {result ? <FormError message={result.error} /> : null}
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-6">
        <details open={result?.intent === "cancel"} className="flex-1">
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-red-800">{m.booking_coach_cancel({ athlete })}</summary>
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="bookingId" value={b.id} />
            <TextAreaField
              label={m.booking_reason_cancel()}
              name="reason"
              rows={2}
              required
              maxLength={300}
              error={result?.intent === "cancel" ? errors.reason : undefined}
            />
            <div>
              <Button type="submit" variant="danger" disabled={busy}>
                {m.booking_coach_cancel_button()}
              </Button>
            </div>
          </Form>
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
