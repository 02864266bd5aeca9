// /lessons' page as the browser shows it (lessons.tsx beside it has its loader and action): its code loads when
// someone uses the page, not with it (PageUntilUsed, docs/decisions/0081).
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { LessonsAnswer, LessonsPageProps } from "./lessons";
import { BookingsList, ConfirmSlot, FeedLink, SlotChoices } from "~/booking/lessons-page";
import { PageHeader } from "~/components/page-header";
import { SelectField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/form-error";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { PhonePrompt } from "~/family/phone-prompt";
import { LessonHelpFields, LessonPriceNote } from "~/payments/lesson-fees-booking";
import { refusalOf } from "~/lib/forms";

/** The action's answer as the page's parts read it: the booking form's refusal, a cancellation's, or its question. */
function answersOf(result: LessonsAnswer | undefined) {
  const refusal = refusalOf(result);
  return {
    bookError: refusal?.intent === "book" ? refusal : null,
    cancelError: refusal?.intent === "cancel" ? { bookingId: refusal.values?.bookingId ?? "", error: refusal.formError ?? "" } : null,
    asking: result?.ok ? (result.confirm ?? null) : null,
  };
}

export function LessonsBody({ loaderData }: LessonsPageProps) {
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
