// /lessons: a family books a private lesson or an evaluation (issue 30, decision 0032). A guardian books for one of
// their athletes, an adult athlete for themselves; a minor athlete sees their lessons and is told a guardian books.
// Every step is a plain link or form: choose (GET, so the choices live in the address), pick a time (a link),
// confirm (POST). Cancelling asks once, naming the athlete and the day (issue 39: the confirm control, and the action
// changes nothing unconfirmed). requireFamilyMember on the first line of the loader and the action; booking.*'s rules decide.
// From /account/enrollments, "Book an evaluation" opens this page for one enrollment request (?enrollment=<its id>,
// opaque): the evaluation is booked for that request's athlete and moves the request to "evaluation".
import { Form, Link, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/lessons";
import {
  BookingIdSchema,
  BookSchema,
  cancelByFamily,
  createBooking,
  getBookableAthletes,
  getBookableCoaches,
  getFamilyBookings,
  getFreeSlots,
  insideNotice,
  isMinorAthlete,
  NOTICE_MS,
  requireFamilyMember,
} from "~/booking/index.server";
import { BookingsList, ConfirmSlot, FeedLink, SlotChoices, type ChosenSlot } from "~/booking/lessons-page";
import { getRequestForEvaluation } from "~/enrollment/index.server";
import { PageHeader } from "~/components/page-header";
import { SelectField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/form-error";
import { getLocale } from "~/i18n/language";
import { localHref } from "~/i18n/locale";
import { askUnlessConfirmed, type ConfirmAsk } from "~/lib/confirm-action";
import { addDays, dayInZone } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { readInPageAnswer, redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { isPhoneMissing } from "~/family/index.server";
import { PhonePrompt } from "~/family/phone-prompt";
import {
  askHelpAfterBooking,
  canAskHelpWhileBooking,
  getCancelCredits,
  getCreditCutoffHours,
  getLessonQuote,
  parseLessonHelp,
} from "~/payments/index.server";
import { cancelCreditWords } from "~/payments/lesson-fees";
import { LessonHelpFields, LessonPriceNote } from "~/payments/lesson-fees-booking";
import { done, parseForm, refusalOf, refused, type ActionResult, type FormValues } from "~/lib/forms";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.booking_lessons_heading()} | NLTE`, description: m.booking_lessons_intro() }),
  { name: "robots", content: "noindex" },
];

const DAYS_SHOWN = 14;

// The choices in the address: anything unexpected reads as the default rather than an error.
const QuerySchema = z.object({
  athlete: z.string().max(100).catch(""),
  kind: z.enum(["lesson", "evaluation"]).catch("lesson"),
  coach: z.string().max(100).catch(""),
  minutes: z.coerce
    .number()
    .pipe(z.union([z.literal(30), z.literal(60)]))
    .catch(60),
  from: z.iso.date().catch(""),
  start: z.string().max(40).catch(""),
  with: z.string().max(100).catch(""),
  enrollment: z.uuid().catch(""),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireFamilyMember(request, context);
  const { db, config } = context;
  const q = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const now = config.safePlay.clock();
  const tz = config.site.timeZone;
  const today = dayInZone(now, tz);
  const from = q.from && q.from >= today ? q.from : today;
  const [athletes, allCoaches, bookings, minor] = await Promise.all([
    getBookableAthletes(db, user, config.safePlay),
    getBookableCoaches(db),
    getFamilyBookings(db, user.id, new Date(now.getTime() - 3 * 24 * 3600 * 1000)),
    isMinorAthlete(db, user, config.safePlay),
  ]);
  // Issue 39: a family booking with no phone on record is asked for one (the coach's page would say "no phone").
  const phoneMissing = await isPhoneMissing(db, user.id);
  // A request of another family reads as no request at all (nothing revealed); one that moved on says so. Its
  // evaluation is with a coach who may then place it (a coach of its session): only they are offered.
  const asked = q.enrollment
    ? await getRequestForEvaluation(db, user, q.enrollment, { settings: config.safePlay, locale: getLocale(), coachIds: allCoaches.map((c) => c.id) })
    : null;
  const forRequest = asked?.waiting ? { id: asked.id, session: asked.session, athlete: asked.athleteName } : null;
  const coaches = forRequest ? allCoaches.filter((c) => asked!.evaluators.has(c.id)) : allCoaches;
  const kind = forRequest ? "evaluation" : q.kind;
  const athleteId = forRequest ? asked!.athleteId : (athletes.find((a) => a.id === q.athlete)?.id ?? athletes[0]?.id ?? null);
  const coachId = coaches.find((c) => c.id === q.coach)?.id ?? null;
  const { slots } = athleteId
    ? await getFreeSlots(db, {
        from,
        days: DAYS_SHOWN,
        timeZone: tz,
        kind,
        minutes: q.minutes,
        notBefore: new Date(now.getTime() + NOTICE_MS),
        coachId,
      })
    : { slots: [] };
  const offered = forRequest ? slots.filter((s) => asked!.evaluators.has(s.coachId)) : slots;
  // "Any coach": one choice a time (the first coach free then), so the list reads as times, not as coaches.
  const shown = coachId ? offered : offered.filter((s, i) => i === 0 || offered[i - 1]!.start !== s.start);
  const chosen: ChosenSlot | null = q.start
    ? (offered.find((s) => new Date(s.start).toISOString() === q.start && s.coachId === q.with) ?? null)
    : null;
  // Money (issue 41, payments' lesson fees): the price of what is offered (the chosen time's coach, the chosen coach,
  // or any), whether cancelling each booking now is credited, and whether the family may ask for help here.
  const quoteCoaches = chosen ? [chosen.coachId] : coachId ? [coachId] : coaches.map((c) => c.id);
  const [price, credits, cutoffHours, askHelp] = await Promise.all([
    athleteId ? getLessonQuote(db, { athleteId, kind, minutes: q.minutes, coachIds: quoteCoaches }) : ({ state: "none" } as const),
    getCancelCredits(
      db,
      bookings.map((b) => b.id),
      user.id,
      now,
    ),
    getCreditCutoffHours(db),
    canAskHelpWhileBooking(db, user, config.safePlay, today),
  ]);
  return {
    athletes,
    coaches,
    athleteId,
    choice: { kind, coach: coachId ?? "", minutes: q.minutes, from, enrollment: forRequest?.id ?? "" },
    forRequest,
    requestMovedOn: Boolean(asked && !asked.waiting),
    slots: shown,
    chosen,
    chosenGone: Boolean(q.start) && !chosen,
    earlier: from > today ? addDays(from, -DAYS_SHOWN) : null,
    later: addDays(from, DAYS_SHOWN),
    bookings: bookings.map((b) => ({
      ...b,
      insideNotice: insideNotice(b.starts_at, now),
      past: b.starts_at <= now,
      creditWords: credits.has(b.id) ? cancelCreditWords(credits.get(b.id)!, cutoffHours) : null,
    })),
    price,
    askHelp,
    // A cancellation's answer ("Booking cancelled."), written in the list where the person cancelled (a focused status).
    cancelled: await readInPageAnswer(context, request),
    minor,
    phoneMissing,
    phone: config.site.phone,
    // The booking form's idempotency key, new at each render: a retried post of this form returns its booking.
    requestKey: crypto.randomUUID(),
  };
}

/** The times offered when the one chosen was taken. */
type NextFree = Array<{ coachId: string; start: number; minutes: number; place: string }>;

/**
 * What the action answers when it stays on the page (decision 0077): the booking form's refusal (intent "book", with
 * the next free times), a cancellation's refusal (intent "cancel", its booking among what was sent) or its question.
 */
type LessonsAnswer = ActionResult<{ confirm?: string }, FormValues, { nextFree?: NextFree }>;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireFamilyMember(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "book") {
    const { data: input, fieldErrors: bookErrors } = parseForm(BookSchema, form);
    const help = await parseLessonHelp(context.db, user, context.config.safePlay, form);
    const fieldErrors = help.ok ? bookErrors : { ...bookErrors, ...help.fieldErrors };
    // The request's id and the chosen time have no field of their own to be marked beside: their message is the form's.
    if (!input || !help.ok)
      return refused({ intent: "book", formError: fieldErrors?.enrollmentId ?? fieldErrors?.start ?? m.booking_error_correct(), fieldErrors });
    const result = await createBooking(context, user, input);
    if (result.ok && help.answers) {
      await askHelpAfterBooking(context.db, input.athleteId, user.id, help.answers);
      throw await redirectWithToast(context, "/lessons", { type: "success", title: m.lessonfees_booked_help_toast() });
    }
    if (result.ok) throw await redirectWithToast(context, "/lessons", { type: "success", title: m.booking_booked_toast() });
    return refused<FormValues, { nextFree?: NextFree }>({ intent: "book", formError: result.error, nextFree: result.nextFree }, result.status);
  }
  if (intent === "cancel") {
    // Nothing irreversible at one tap (issue 39): an unconfirmed post is answered with the question, nothing changed.
    const ask = askUnlessConfirmed(form);
    if (ask) return done<ConfirmAsk>({ intent: "cancel", ...ask });
    const parsed = BookingIdSchema.safeParse(Object.fromEntries(form));
    const bookingId = parsed.success ? parsed.data.bookingId : "";
    const result = await cancelByFamily(context, user, bookingId);
    // Written on the page, in the bookings the person was reading (issue 41): a toast was gone before a phone read it.
    if (result.ok) throw await redirectWithToast(context, "/lessons", { type: "success", title: m.booking_cancelled_toast(), inPage: true });
    return refused({ intent: "cancel", formError: result.error, values: { bookingId } }, result.status);
  }
  return refused({ intent: "book", formError: m.booking_error_unknown() });
}

/** The action's answer as the page's parts read it: the booking form's refusal, a cancellation's, or its question. */
function answersOf(result: LessonsAnswer | undefined) {
  const refusal = refusalOf(result);
  return {
    bookError: refusal?.intent === "book" ? refusal : null,
    cancelError: refusal?.intent === "cancel" ? { bookingId: refusal.values?.bookingId ?? "", error: refusal.formError ?? "" } : null,
    asking: result?.ok ? (result.confirm ?? null) : null,
  };
}

export default function Lessons({ loaderData }: Route.ComponentProps) {
  const { athletes, coaches, athleteId, choice, chosen, chosenGone, forRequest } = loaderData;
  const { bookError, cancelError, asking } = answersOf(useActionData<LessonsAnswer>());
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.booking_lessons_heading()} intro={m.booking_lessons_intro()} />
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8">
        <p className="rounded-md border border-ball-300 bg-ball-50 px-4 py-3 text-slate-900">{m.booking_rule_text({ phone: loaderData.phone })}</p>
        {loaderData.minor ? (
          <p className="text-slate-800">{m.booking_refused_minor()}</p>
        ) : athletes.length === 0 ? (
          <p className="text-slate-800">
            {m.booking_no_athletes()}{" "}
            <Link to={localHref("/account/family")} className="font-medium text-court-800 underline">
              {m.booking_account_link()}
            </Link>
          </p>
        ) : (
          <section aria-labelledby="find-heading" className="flex flex-col gap-4">
            <h2 id="find-heading" className="text-xl font-semibold text-slate-900">
              {m.booking_find_heading()}
            </h2>
            {loaderData.requestMovedOn ? <p className="text-slate-800">{m.booking_request_moved_on()}</p> : null}
            <Form method="get" className="grid gap-4 sm:grid-cols-2">
              {forRequest ? (
                // The request decides who and what: only the coach and the day change here.
                <p className="rounded-md border border-court-300 bg-court-50 px-4 py-3 text-slate-900 sm:col-span-2">
                  <input type="hidden" name="enrollment" value={forRequest.id} />
                  <input type="hidden" name="athlete" value={athleteId ?? ""} />
                  <input type="hidden" name="kind" value="evaluation" />
                  {m.booking_for_request_intro({ athlete: forRequest.athlete, session: forRequest.session })}{" "}
                  <Link to={localHref("/lessons")} className="font-medium text-court-800 underline">
                    {m.booking_for_request_other()}
                  </Link>
                </p>
              ) : (
                <>
                  <SelectField
                    label={m.booking_field_athlete()}
                    name="athlete"
                    defaultValue={athleteId ?? ""}
                    options={athletes.map((a) => ({ value: a.id, label: a.self ? m.booking_myself({ name: a.name }) : a.name }))}
                  />
                  <SelectField
                    label={m.booking_field_kind()}
                    name="kind"
                    defaultValue={choice.kind}
                    options={[
                      { value: "lesson", label: m.booking_kind_lesson() },
                      { value: "evaluation", label: m.booking_kind_evaluation() },
                    ]}
                  />
                </>
              )}
              <SelectField
                label={m.booking_field_coach()}
                name="coach"
                defaultValue={choice.coach}
                options={[{ value: "", label: m.booking_any_coach() }, ...coaches.map((c) => ({ value: c.id, label: c.name }))]}
              />
              {forRequest ? (
                <input type="hidden" name="minutes" value={String(choice.minutes)} />
              ) : (
                <SelectField
                  label={m.booking_field_length()}
                  name="minutes"
                  defaultValue={String(choice.minutes)}
                  options={[
                    { value: "60", label: m.booking_minutes({ minutes: 60 }) },
                    { value: "30", label: m.booking_minutes({ minutes: 30 }) },
                  ]}
                />
              )}
              <div className="sm:col-span-2">
                <Button type="submit" variant="secondary">
                  {m.booking_show_times()}
                </Button>
              </div>
            </Form>
            {bookError ? <FormError message={bookError.formError} /> : null}
            {chosenGone ? <FormError message={m.booking_taken()} /> : null}
            {chosen && athleteId && loaderData.phoneMissing ? <PhonePrompt /> : null}
            {chosen && athleteId ? (
              <Form
                method="post"
                className="flex flex-col gap-4 rounded-xl border border-court-300 bg-court-50 p-5"
                aria-labelledby="confirm-heading"
              >
                <ConfirmSlot
                  chosen={chosen}
                  coaches={coaches}
                  athleteId={athleteId}
                  forRequest={forRequest}
                  busy={busy}
                  errors={bookError?.fieldErrors ?? {}}
                  requestKey={loaderData.requestKey}
                >
                  <LessonPriceNote quote={loaderData.price} />
                  {loaderData.askHelp ? <LessonHelpFields errors={bookError?.fieldErrors ?? {}} /> : null}
                </ConfirmSlot>
              </Form>
            ) : null}
            {chosen ? null : <LessonPriceNote quote={loaderData.price} />}
            <SlotChoices loaderData={loaderData} nextFree={bookError?.nextFree ?? null} />
          </section>
        )}
        <BookingsList
          bookings={loaderData.bookings}
          canCancel={!loaderData.minor}
          cancelError={cancelError}
          asking={asking}
          cancelled={loaderData.cancelled}
          busy={busy}
        />
        <FeedLink />
      </div>
    </>
  );
}
