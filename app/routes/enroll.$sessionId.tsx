// /enroll/:sessionId: a family asks for a place in one session of a program (issue 29, decision 0033). A guardian
// picks one of their household's athletes, an adult athlete asks for themselves; a minor is told a guardian asks.
// What coaches need on court is asked here and shown only to coaches and the household. A plain form: it works
// before and without the page's script. requireFamilyMember first; enrollment's rules decide the rest. Issue 39: the
// places left (the database's one count), and only the athletes who fit the session's ages and levels are offered;
// beside each other one, why not, in the words the action refuses with. Issue 41: "I would like financial help" and
// its optional questions (payments' one way to ask, made with the request); the family is then told its request for
// help is with staff, and shown no price.
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/enroll.$sessionId";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { PageHeader } from "~/components/page-header";
import { SelectField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/form-error";
import {
  createEnrollmentRequest,
  getAthleteFits,
  getPlacesLeft,
  getRequestableAthletes,
  getRequestsHoldPlace,
  getSession,
  requireFamilyMember,
} from "~/enrollment/index.server";
import { UnfitAthletes } from "~/enrollment/unfit-athletes";
import { holdWords, placesWords } from "~/enrollment/places";
import { OnCourtFields, type OnCourtValues } from "~/enrollment/request-fields";
import { RequestSchema } from "~/enrollment/schemas";
import { getLocale } from "~/i18n/language";
import { localHref } from "~/i18n/locale";
import { dayInZone } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { getRequestHelpState, parseRequestHelp, withHelpRequested } from "~/payments/index.server";
import { aidFieldValues, RequestAidSection, type AidFieldValues } from "~/payments/season-fees-aid-fields";
import { parseForm, refusalOf, refused, type ActionResult } from "~/lib/forms";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.enroll_request_heading()} | NLTE`, description: m.enroll_request_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireFamilyMember(request, context);
  const session = await getSession(context.db, params.sessionId, getLocale());
  invariantResponse(session, m.enroll_error_no_session(), 404);
  const { db, config } = context;
  const today = dayInZone(config.safePlay.clock(), config.site.timeZone);
  const [all, places, help] = await Promise.all([
    getRequestableAthletes(db, user, config.safePlay),
    getPlacesLeft(db, [session.id]),
    getRequestHelpState(db, user, config.safePlay, today),
  ]);
  const fits = await getAthleteFits(db, session.id, all, today);
  const athletes = fits.filter((a) => a.misfit === null);
  const preselected = new URL(request.url).searchParams.get("athlete");
  const left = places.get(session.id) ?? null;
  return {
    session,
    athletes,
    unfit: fits.flatMap((a) => (a.misfit === null ? [] : [{ id: a.id, name: a.name, why: a.misfit }])),
    places: placesWords(left),
    full: left === 0,
    preselected: athletes.some((a) => a.id === preselected) ? preselected : null,
    help,
  };
}

// What was typed comes back with a refusal, so a page without its script shows it again.
/** What a refused request gives back to show again (it works without JavaScript): the on-court fields and the aid questions. */
type Typed = { onCourt: OnCourtValues; aid: AidFieldValues };

/** The request form's answer when it stays on the page (decision 0077): a refusal; a request sent moves on. */
type EnrollAnswer = ActionResult<{}, Typed>;

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireFamilyMember(request, context);
  const form = await request.formData();
  const values = onCourtValues(form);
  const aid = aidFieldValues(form);
  const { data: input, fieldErrors } = parseForm(RequestSchema, form);
  const help = await parseRequestHelp(context.db, user, context.config.safePlay, form);
  const helpErrors = "fieldErrors" in help ? help.fieldErrors : null;
  if (!input || helpErrors)
    return refused<Typed>({ formError: m.enroll_error_correct(), fieldErrors: { ...fieldErrors, ...helpErrors }, values: { onCourt: values, aid } });
  const asked = "answers" in help ? { answers: help.answers, athleteId: input.athleteId, userId: user.id } : null;
  const result = await withHelpRequested(context.db, asked, (tx) => createEnrollmentRequest(context, user, params.sessionId, input, tx));
  if (!result.ok)
    return refused<Typed>(
      { formError: result.error, fieldErrors: result.field ? { [result.field]: result.error } : null, values: { onCourt: values, aid } },
      result.status,
    );
  // The answer says what the request holds and until when (issue 39); the family page says it again.
  const holds = holdWords(result.status, await getRequestsHoldPlace(context.db));
  const title =
    result.status === "waitlisted" && result.position
      ? m.enroll_waitlisted_toast({ position: String(result.position) })
      : [m.enroll_requested_toast(), holds].filter(Boolean).join(" ");
  // Written in place on the family's page (inPage): a toast was gone before a person on a phone had read it.
  const said = asked ? `${title} ${m.pay_due_aid_pending()}` : title;
  throw await redirectWithToast(context, "/account/enrollments", { type: "success", title: said, inPage: true });
}

function onCourtValues(form: FormData): OnCourtValues {
  const text = (k: string) => String(form.get(k) ?? "");
  return {
    medicalNotes: text("medicalNotes"),
    pickupPeople: text("pickupPeople"),
    emergencyName: text("emergencyName"),
    emergencyPhone: text("emergencyPhone"),
    photoConsent: form.get("photoConsent") === "on" ? "on" : "",
  };
}

export default function Enroll({ loaderData }: Route.ComponentProps) {
  const { session, athletes, unfit, places, full, preselected, help } = loaderData;
  const result = refusalOf(useActionData<EnrollAnswer>());
  const busy = useNavigation().state === "submitting";
  const errors = result?.fieldErrors ?? {};
  return (
    <>
      <PageHeader heading={m.enroll_request_heading()} intro={`${session.title}: ${session.when}${session.place ? `, ${session.place}` : ""}`} />
      <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
        <p className="text-slate-800">{m.enroll_request_intro()}</p>
        {places ? (
          <p className="text-lg font-semibold text-navy-900" data-testid="places-left">
            {places}
          </p>
        ) : null}
        <UnfitAthletes athletes={unfit} />
        {athletes.length === 0 && unfit.length > 0 ? (
          <p className="text-slate-800">{m.enroll_none_fit()}</p>
        ) : athletes.length === 0 ? (
          <p className="text-slate-800">
            {m.enroll_no_athletes()}{" "}
            <Link to={localHref("/account/family")} className="font-medium text-court-800 underline">
              {m.enroll_account_link()}
            </Link>
          </p>
        ) : (
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <FormError message={result?.formError} />
            <SelectField
              label={m.enroll_field_athlete()}
              name="athleteId"
              required
              defaultValue={preselected ?? (athletes.length === 1 ? athletes[0]!.id : "")}
              placeholder={m.enroll_choose()}
              options={athletes.map((a) => ({ value: a.id, label: a.name }))}
              error={errors.athleteId}
            />
            <OnCourtFields errors={errors} values={result?.values?.onCourt} />
            <RequestAidSection state={help} fieldErrors={errors} values={result?.values?.aid} />
            <div>
              <Button type="submit" disabled={busy}>
                {full ? m.enroll_submit_waitlist() : m.enroll_submit()}
              </Button>
            </div>
          </Form>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.enroll_request_heading()} documentTitle={`${m.enroll_request_heading()} | NLTE`} />;
}
