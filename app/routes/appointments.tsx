// /appointments: a coach's booked lessons and evaluations, today and the week ahead, by day (issue 30): the athlete,
// their level (their latest placement), their guardians with tap-to-call, the family's note, and cancel or move with a
// reason the family is told at once. An evaluation booked from an enrollment request says the session it is for and
// takes the outcome, "Record placement" (enrollment's placement step). The forms inbox that was here is
// /appointments/requests, linked beside it. requireCoach first in the loader and the action; a coach reaches only
// their own bookings (booking's isCoachOfBooking).
import { Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/appointments";
import { requireCoach } from "~/auth/index.server";
import {
  cancelByCoach,
  CoachCancelSchema,
  getCoachBookings,
  moveByCoach,
  MoveSchema,
  PlacementSchema,
  recordPlacement,
} from "~/booking/index.server";
import { answerBooking, CoachBooking, type AppointmentAsk } from "~/booking/appointments-page";
import { HeldMailNotice } from "~/booking/held-mail-notice";
import { PageHeader } from "~/components/page-header";
import { pageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/language";
import { localHref } from "~/i18n/locale";
import { addDays, dayInZone, formatDayLong, instantOf } from "~/lib/datetime";
import { askUnlessConfirmed, confirmKey } from "~/lib/confirm-action";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { getPersonalDataReader } from "~/staff/index.server";
import { done, parseForm, refused } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData ? pageMeta(loaderData.page) : []),
  { name: "robots", content: "noindex" },
];

const DAYS = 8; // today and the seven days after it

export async function loader({ request, context }: Route.LoaderArgs) {
  const coach = await requireCoach(request, context);
  const tz = context.config.site.timeZone;
  const today = dayInZone(context.config.safePlay.clock(), tz);
  const booked = await getCoachBookings(
    context.db,
    coach.id,
    instantOf(today, "00:00", tz),
    instantOf(addDays(today, DAYS), "00:00", tz),
    getLocale(),
  );
  // Least privilege (issue 37): a family's phones only for a cleared coach (the lesson is theirs).
  const cleared = (await getPersonalDataReader(context.db, coach, context.config.safePlay)).cleared;
  const list = cleared ? booked : booked.map((b) => ({ ...b, athletePhone: null, guardians: b.guardians.map((g) => ({ ...g, phone: null })) }));
  const days = Array.from({ length: DAYS }, (_, i) => addDays(today, i)).map((day) => ({
    day,
    bookings: list.filter((b) => dayInZone(b.starts_at, tz) === day),
  }));
  return { page: pageWords("appointments"), today, days };
}

const INTENTS = ["cancel", "move", "place"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const coach = await requireCoach(request, context);
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === form.get("intent")) ?? "cancel";
  // Which booking's card a refusal is shown on: its hidden id, among what was sent.
  const values = { bookingId: String(form.get("bookingId") ?? "") };
  if (intent === "place") {
    const { data: input, fieldErrors } = parseForm(PlacementSchema, form);
    if (!input) return refused({ intent, values, formError: m.booking_error_correct(), fieldErrors });
    const result = await recordPlacement(context, coach, input);
    if (result.ok)
      throw await redirectWithToast(context, "/appointments", { type: "success", title: m.booking_placed_toast({ level: String(input.level) }) });
    return refused({ intent, values, formError: result.error, fieldErrors: result.field ? { [result.field]: result.error } : {} }, result.status);
  }
  if (intent === "cancel") {
    const { data: input, fieldErrors } = parseForm(CoachCancelSchema, form);
    if (!input) return refused({ intent, values, formError: m.booking_error_correct(), fieldErrors });
    // Nothing irreversible at one tap: an unconfirmed post (the page without JavaScript) is answered with the question.
    // The question carries the reason as the schema kept it (trimmed, at most 300 characters), never the post whole.
    // Asking is not a refusal: nothing changed, and the answer is the question (issue 39, decision 0049).
    if (askUnlessConfirmed(form)) {
      const asked = { intent, bookingId: input.bookingId, reason: input.reason };
      return done<AppointmentAsk>({ intent, bookingId: values.bookingId, reason: input.reason, confirm: confirmKey(Object.entries(asked)) });
    }
    const result = await cancelByCoach(context, coach, input.bookingId, input.reason);
    if (result.ok) throw await redirectWithToast(context, "/appointments", { type: "success", title: m.booking_coach_cancelled_toast() });
    return refused({ intent, values, formError: result.error }, result.status);
  }
  const { data: input, fieldErrors } = parseForm(MoveSchema, form);
  if (!input) return refused({ intent, values, formError: m.booking_error_correct(), fieldErrors });
  const result = await moveByCoach(context, coach, input);
  if (result.ok) throw await redirectWithToast(context, "/appointments", { type: "success", title: m.booking_moved_toast() });
  return refused({ intent, values, formError: result.error, fieldErrors: result.field ? { [result.field]: result.error } : {} }, result.status);
}

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const { page, days, today } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={page.heading} intro={m.booking_appointments_intro()}>
        <nav aria-label={m.booking_appointments_nav()} className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          <Link to={localHref("/appointments/requests")} className="font-medium underline">
            {m.booking_requests_link()}
          </Link>
          <Link to={localHref("/appointments/availability")} className="font-medium underline">
            {m.booking_availability_link()}
          </Link>
        </nav>
      </PageHeader>
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8">
        <HeldMailNotice />
        {days.map(({ day, bookings }) => (
          <section key={day} aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`} className="text-xl font-semibold text-slate-900">
              {day === today ? m.booking_today({ day: formatDayLong(day) }) : formatDayLong(day)}
            </h2>
            {bookings.length === 0 ? (
              <p className="mt-2 text-slate-700">{m.booking_day_free()}</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-4">
                {bookings.map((b) => (
                  <li key={b.id}>
                    <CoachBooking booking={b} result={result && answerBooking(result) === b.id ? result : null} busy={busy} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
