// /programs/registration: the spec's student and parent form (fields, "Submit Registration", the receipt mail and the
// coaches' notice as they always were), and, since issue 29, a request for a place in one session. A family chooses
// the session first (a plain GET form: `?program=` lists that program's open sessions, `?session=` chooses one, a
// signed-in guardian's `?athlete=` picks one of their athletes and fills the student's part in); the form then asks
// what coaches need on court, as /enroll does. Sent signed in, the enrollment request is made with the registration
// (app/forms/registration.server.ts); sent by a visitor, it waits for their verified address.
import { Form, Link, useNavigation } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/programs.registration";
import { PageHeader } from "~/components/page-header";
import { SelectField } from "~/components/public/form-fields";
import { HoneypotField, SuccessPanel } from "~/components/public/form-panels";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormError, EmailField, PhoneField } from "~/components/ui/field";
import { FORM_TEXT, SKILL_LEVEL_NAMES, SKILL_LEVELS } from "~/content/forms";
import { REGISTRATION } from "~/content/registration.server";
import { withPolicies } from "~/programs/policies";
import { getPolicies } from "~/programs/index.server";
import { pageWords } from "~/content/words.server";
import { PROGRAM_LINKS } from "~/content/site";
import { getLocale } from "~/i18n/locale";
import { dayInZone } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { receivePublicForm } from "~/forms/index.server";
import { getRegistrationHelpState, parseRegistrationHelp, storeRegistration, withHelpErrors } from "~/forms/index.server";
import { RegistrationHelp } from "~/forms/registration-help";
import { parseRegistration, type RegistrationFormInput } from "~/forms/schemas";
import { getUser } from "~/auth/index.server";
import { getSessionSeasons } from "~/calendar/index.server";
import { getOpenSessions, getPlacesLeft, getRequestableAthletes } from "~/enrollment/index.server";
import { placesWords } from "~/enrollment/places";
import { OnCourtFields } from "~/enrollment/request-fields";
import { actingForProblem, getAthletesForRegistration } from "~/family/index.server";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { db, config } = context;
  const locale = getLocale();
  const today = dayInZone(config.safePlay.clock(), config.site.timeZone);
  const [user, policies] = await Promise.all([getUser(request, context), getPolicies(db)]);
  const words = REGISTRATION[getLocale()];

  // The session, when one is chosen and still takes requests; its program is then the form's.
  const sessionParam = url.searchParams.get("session") ?? "";
  const session = sessionParam ? ((await getOpenSessions(db, today, locale, { eventId: sessionParam }))[0] ?? null) : null;
  const programParam = url.searchParams.get("program");
  const link = PROGRAM_LINKS.find((p) => p.slug === (session?.programSlug ?? programParam)) ?? null;
  // Only the current and next seasons' sessions, each said with its season and year (issue 39).
  const [open, seasonOf] = await Promise.all([
    getOpenSessions(db, today, locale, { programSlug: link?.slug ?? null }),
    getSessionSeasons(db, today, locale),
  ]);
  // Places left, by the database's one count (session_places_left), as the session card, /enroll and /calendar say it.
  const left = await getPlacesLeft(db, [...open.map((s) => s.id), ...(session ? [session.id] : [])]);
  const places = (id: string) => placesWords(left.get(id) ?? null, locale);
  const sessionGroups = PROGRAM_LINKS.map((p) => ({
    program: p.name(),
    sessions: open
      .filter((s) => s.programSlug === p.slug && seasonOf.has(s.id))
      .map((s) => ({
        id: s.id,
        label: `${s.title}${seasonOf.get(s.id) ? ` (${seasonOf.get(s.id)})` : ""}: ${s.when}${s.place ? `, ${s.place}` : ""}${places(s.id) ? ` · ${places(s.id)}` : ""}`,
      })),
  })).filter((g) => g.sessions.length > 0);

  // A signed-in family's athletes (a guardian's household; an adult athlete themselves), to fill in and to ask for.
  const family = user?.role === "client" ? await getRequestableAthletes(db, user, config.safePlay) : [];
  const ages = user?.role === "client" ? await getAthletesForRegistration(db, user.id, config.safePlay) : [];
  const self = family.find((a) => a.self) ?? null;
  const picked = family.find((a) => a.id === url.searchParams.get("athlete")) ?? (session ? self : null);
  const age = ages.find((a) => a.id === picked?.id)?.age ?? null;
  const prefill =
    picked && user
      ? {
          athleteId: picked.id,
          studentName: picked.name,
          age: age === null ? "" : String(age),
          parentName: self ? "" : (user.fullName ?? ""),
          email: user.email,
          phone: user.phone ?? "",
        }
      : null;

  // With a session chosen, what a signed-in person is told before sending (the server decides the same again).
  let sessionNote: { text: string; accountLink: boolean } | null = null;
  if (session && user && user.role !== "client") sessionNote = { text: m.enroll_refused_not_family(), accountLink: false };
  else if (session && user && !picked) {
    // Not an adult athlete asking for themselves: a guardian chooses one of theirs (or adds one first); a minor alone
    // hears what /enroll says.
    const problem = await actingForProblem(db, user, user.id, config.safePlay);
    sessionNote =
      problem === "minor"
        ? { text: m.enroll_refused_minor(), accountLink: false }
        : family.length
          ? { text: m.enroll_reg_choose_athlete(), accountLink: false }
          : { text: m.enroll_no_athletes(), accountLink: true };
  }
  // "I would like financial help" with the session, to whom it applies (issue 41: the request form's rule).
  const help = await getRegistrationHelpState(context, user, Boolean(session), today);
  return {
    help,
    page: pageWords("registration"),
    // The withdrawal notice is the organisation's one setting (issue 28), as on the FAQ and /programs.
    words: { ...words, policy: words.policy.map((r) => withPolicies(r, policies)) },
    chosen: link?.label ?? null,
    slug: link?.slug ?? null,
    sessionGroups,
    session: session ? { id: session.id, title: session.title, when: session.when, place: session.place, places: places(session.id) } : null,
    athletes: family.map((a) => ({ id: a.id, fullName: a.name })),
    prefill,
    signedIn: Boolean(user),
    sessionNote,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Safe Play: a signed-in family's registration is linked to their account and, when they picked one of their own
  // athletes, to the athlete's too. Anyone else's athlete id links nothing (and asks for nobody: enrollment refuses).
  const user = await getUser(request, context);
  const { db, config } = context;
  const own = user?.role === "client" ? (await getRequestableAthletes(db, user, config.safePlay)).map((a) => a.id) : [];
  const help = await parseRegistrationHelp(request, context, user);
  return receivePublicForm<RegistrationFormInput>(
    request,
    context,
    "registration",
    (values) =>
      withHelpErrors(parseRegistration(values, { askBirthDate: !user, now: config.safePlay.clock(), timeZone: config.site.timeZone }), help),
    (input) => storeRegistration(context, user, input, own, help),
  );
}

/** What the page adds to the spec's success words when a session was chosen. */
function SessionAnswer({ answer }: { answer: Record<string, string> }) {
  if (answer.outcome === "kept")
    return (
      <>
        <p className="mt-3 text-slate-800">{m.enroll_reg_kept({ session: answer.session ?? "" })}</p>
        <Link to={localHref("/signup")} className={buttonClass("primary", "mt-4 mr-3")}>
          {m.enroll_reg_create_account()}
        </Link>
      </>
    );
  return (
    <>
      <p className="mt-3 text-slate-800">
        {answer.outcome === "waitlisted"
          ? m.enroll_reg_waitlisted({ session: answer.session ?? "", position: answer.position ?? "" })
          : m.enroll_reg_requested({ session: answer.session ?? "", status: answer.status ?? "" })}
        {answer.help ? ` ${m.pay_due_aid_pending()}` : null}
      </p>
      <Link to={localHref("/account/enrollments")} className={buttonClass("primary", "mt-4 mr-3")}>
        {m.enroll_reg_see_account()}
      </Link>
    </>
  );
}

export default function Registration({ actionData, loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === localHref("/programs/registration");
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors = failed?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = failed?.values ?? loaderData.prefill ?? {};
  const { page, words, athletes, prefill, session, sessionGroups, sessionNote } = loaderData;
  const choosing = sessionGroups.length > 0 || athletes.length > 0;
  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        {actionData?.ok ? (
          <SuccessPanel title={FORM_TEXT.registrationSuccessTitle} text={FORM_TEXT.registrationSuccess}>
            {actionData.answer ? <SessionAnswer answer={actionData.answer} /> : null}
            <Link to={localHref("/programs")} className={buttonClass("secondary", "mt-4")}>
              {m.account_reg_back()}
            </Link>
          </SuccessPanel>
        ) : (
          <>
            {choosing ? (
              <Form
                method="get"
                aria-labelledby="registration-choose"
                className="mb-8 flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-4"
              >
                <h2 id="registration-choose" className="text-lg font-semibold text-navy-900">
                  {sessionGroups.length ? m.enroll_reg_choose_title() : m.account_reg_fill_for()}
                </h2>
                {sessionGroups.length ? <p className="text-sm text-slate-700">{m.enroll_reg_choose_intro()}</p> : null}
                {loaderData.slug ? <input type="hidden" name="program" value={loaderData.slug} /> : null}
                <div className="flex flex-wrap items-end gap-3">
                  {sessionGroups.length ? (
                    <div className="flex min-w-0 flex-col gap-1">
                      <label htmlFor="registration-session" className="text-sm font-medium text-slate-800">
                        {m.enroll_reg_session_label()}
                      </label>
                      <select
                        id="registration-session"
                        name="session"
                        defaultValue={session?.id ?? ""}
                        className="max-w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
                      >
                        <option value="">{m.enroll_reg_no_session()}</option>
                        {sessionGroups.map((g) => (
                          <optgroup key={g.program} label={g.program}>
                            {g.sessions.map((s) => (
                              <option key={s.id} value={s.id}>
                                {s.label}
                              </option>
                            ))}
                          </optgroup>
                        ))}
                      </select>
                    </div>
                  ) : null}
                  {athletes.length ? (
                    <div className="flex flex-col gap-1">
                      <label htmlFor="registration-athlete" className="text-sm font-medium text-slate-800">
                        {sessionGroups.length ? m.enroll_field_athlete() : m.account_reg_fill_for()}
                      </label>
                      <select
                        id="registration-athlete"
                        name="athlete"
                        defaultValue={prefill?.athleteId ?? ""}
                        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
                      >
                        <option value="">{m.account_reg_choose_athlete()}</option>
                        {athletes.map((a) => (
                          <option key={a.id} value={a.id}>
                            {a.fullName}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                  <Button type="submit" variant="secondary">
                    {m.account_reg_fill()}
                  </Button>
                </div>
              </Form>
            ) : null}
            <Form method="post" noValidate className="relative space-y-8">
              {prefill ? <input type="hidden" name="athleteId" value={prefill.athleteId} /> : null}
              {session ? (
                <div className="rounded-md border border-court-200 bg-court-50 p-4 text-slate-900">
                  <input type="hidden" name="sessionId" value={session.id} />
                  <p className="font-semibold">
                    {m.enroll_reg_chosen({ session: `${session.title}: ${session.when}${session.place ? `, ${session.place}` : ""}` })}
                  </p>
                  {session.places ? <p className="font-semibold text-navy-900">{session.places}</p> : null}
                  {prefill ? <p>{m.enroll_reg_for_athlete({ name: prefill.studentName })}</p> : null}
                  {sessionNote ? (
                    <p className="mt-2 text-red-800">
                      {sessionNote.text}{" "}
                      {sessionNote.accountLink ? (
                        <Link to={localHref("/account/family")} className="font-medium underline">
                          {m.enroll_account_link()}
                        </Link>
                      ) : null}
                    </p>
                  ) : null}
                  {errors.sessionId || errors.athleteId ? (
                    <p id="registration-session-error" className="mt-2 text-sm text-red-700">
                      {errors.sessionId ?? errors.athleteId}
                    </p>
                  ) : null}
                  <Link
                    to={localHref(`/programs/registration${loaderData.slug ? `?program=${loaderData.slug}` : ""}`)}
                    className="mt-2 inline-block underline"
                  >
                    {m.enroll_reg_change()}
                  </Link>
                </div>
              ) : null}
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-xl font-semibold text-navy-900">{m.account_reg_student_title()}</legend>
                <Field
                  label={m.account_reg_student_name()}
                  name="studentName"
                  required
                  defaultValue={values.studentName}
                  error={errors.studentName}
                />
                <Field
                  label={m.account_reg_age()}
                  name="age"
                  type="number"
                  min={4}
                  max={99}
                  inputMode="numeric"
                  required
                  defaultValue={values.age}
                  error={errors.age}
                />
                {session && !loaderData.signedIn ? (
                  <Field
                    label={m.enroll_reg_dob()}
                    name="dateOfBirth"
                    type="date"
                    required
                    defaultValue={values.dateOfBirth}
                    error={errors.dateOfBirth}
                  />
                ) : null}
                <SelectField
                  required
                  label={m.account_reg_skill()}
                  name="skillLevel"
                  options={SKILL_LEVELS.map((level) => ({ value: level, label: SKILL_LEVEL_NAMES[level]() }))}
                  placeholder={m.account_reg_skill_placeholder()}
                  defaultValue={values.skillLevel ?? ""}
                  error={errors.skillLevel}
                />
                <SelectField
                  required
                  label={m.account_reg_program()}
                  name="programInterest"
                  options={PROGRAM_LINKS.map((p) => ({ value: p.label, label: p.name() }))}
                  placeholder={m.account_reg_program_placeholder()}
                  defaultValue={values.programInterest ?? loaderData.chosen ?? ""}
                  error={errors.programInterest}
                />
              </fieldset>
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-xl font-semibold text-navy-900">{m.account_reg_parent_title()}</legend>
                <Field
                  label={m.account_reg_parent_name()}
                  name="parentName"
                  autoComplete="name"
                  required
                  defaultValue={values.parentName}
                  error={errors.parentName}
                />
                <EmailField label={m.account_field_email()} name="email" required defaultValue={values.email} error={errors.email} />
                <PhoneField label={m.account_field_phone()} name="phone" required defaultValue={values.phone} error={errors.phone} />
                {session ? null : (
                  <Field
                    label={m.account_reg_emergency()}
                    name="emergencyContact"
                    required
                    placeholder={m.account_reg_emergency_placeholder()}
                    defaultValue={values.emergencyContact}
                    error={errors.emergencyContact}
                  />
                )}
              </fieldset>
              {session ? (
                // The spec's emergency contact is asked here, as the court's name and phone (a coach taps to call).
                <fieldset className="flex flex-col gap-4">
                  <legend className="mb-2 text-xl font-semibold text-navy-900">{m.enroll_reg_oncourt_title()}</legend>
                  <p className="text-slate-700">{m.enroll_request_intro()}</p>
                  <OnCourtFields errors={errors} values={values} />
                  <RegistrationHelp state={loaderData.help} errors={errors} values={failed?.values ?? null} />
                </fieldset>
              ) : null}
              <HoneypotField />
              <div className="rounded-md bg-slate-50 p-4 text-sm text-slate-700">
                <p>{words.consent}</p>
                <ul className="mt-2 list-disc pl-5">
                  {words.policy.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </div>
              <FormError message={failed?.error} />
              <Button type="submit" disabled={busy}>
                {busy ? m.account_reg_busy() : m.account_reg_submit()}
              </Button>
            </Form>
          </>
        )}
      </div>
    </>
  );
}
