// The screen of /programs/registration: the spec's student and parent form and, since issue 29, the session a family
// asks a place in (chosen first with a plain GET form). The route (app/routes/programs.registration.tsx) reads the
// choices and receives the form; this is its screen.
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { HoneypotField, SuccessPanel } from "~/components/public/form-panels";
import { Button, buttonClass } from "~/components/ui/button";
import { EmailField, Field, FormError, PhoneField, Select, SelectField } from "~/components/ui/field";
import type { PageInfo } from "~/content/pages";
import { FORM_TEXT, SKILL_LEVEL_NAMES, SKILL_LEVELS } from "~/content/forms";
import { PROGRAM_LINKS } from "~/content/site";
import { OnCourtFields } from "~/enrollment/request-fields";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import type { PublicFormResult } from "./public-forms.server";
import { RegistrationHelp } from "./registration-help";

type Values = Record<string, string | undefined>;
type Errors = Partial<Record<string, string | undefined>>;

/** What the route's loader reads for the screen. */
export type RegistrationView = {
  help: Parameters<typeof RegistrationHelp>[0]["state"];
  page: PageInfo;
  words: { consent: string; policy: readonly string[] };
  chosen: string | null;
  slug: string | null;
  sessionGroups: { program: string; sessions: { id: string; label: string }[] }[];
  session: { id: string; title: string; when: string; place: string | null; places: string | null } | null;
  athletes: { id: string; fullName: string }[];
  prefill: { athleteId: string; studentName: string; age: string; parentName: string; email: string; phone: string } | null;
  signedIn: boolean;
  sessionNote: { text: string; accountLink: boolean } | null;
};

export function RegistrationPage({ view, answer }: { view: RegistrationView; answer: PublicFormResult | undefined }) {
  const failed = answer && !answer.ok ? answer : null;
  const { page, athletes, sessionGroups } = view;
  const choosing = sessionGroups.length > 0 || athletes.length > 0;
  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        {answer?.ok ? (
          <SuccessPanel title={FORM_TEXT.registrationSuccessTitle} text={FORM_TEXT.registrationSuccess}>
            {answer.answer ? <SessionAnswer answer={answer.answer} /> : null}
            <Link to={localHref("/programs")} className={buttonClass("secondary", "mt-4")}>
              {m.account_reg_back()}
            </Link>
          </SuccessPanel>
        ) : (
          <>
            {choosing ? <ChooseForm view={view} /> : null}
            <RegistrationForm view={view} failed={failed} />
          </>
        )}
      </div>
    </>
  );
}

/** What the page adds to the spec's success words when a session was chosen. */
export function SessionAnswer({ answer }: { answer: Record<string, string> }) {
  if (answer.outcome === "kept")
    return (
      <>
        <p className="mt-3 text-slate-800">
          {m.enroll_reg_kept({ session: answer.session ?? "" })}
          {answer.help ? ` ${m.enroll_reg_kept_help()}` : null}
        </p>
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

/** The plain GET form that chooses a session and, for a signed-in family, whose form this is. */
function ChooseForm({ view }: { view: RegistrationView }) {
  const { sessionGroups, athletes, session, prefill } = view;
  return (
    <Form method="get" aria-labelledby="registration-choose" className="mb-8 flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-4">
      <h2 id="registration-choose" className="text-lg font-semibold text-navy-900">
        {sessionGroups.length ? m.enroll_reg_choose_title() : m.account_reg_fill_for()}
      </h2>
      {sessionGroups.length ? <p className="text-sm text-slate-700">{m.enroll_reg_choose_intro()}</p> : null}
      {view.slug ? <input type="hidden" name="program" value={view.slug} /> : null}
      <div className="flex flex-wrap items-end gap-3">
        {sessionGroups.length ? (
          <ChooseSelect name="session" label={m.enroll_reg_session_label()} defaultValue={session?.id ?? ""}>
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
          </ChooseSelect>
        ) : null}
        {athletes.length ? (
          <ChooseSelect
            name="athlete"
            label={sessionGroups.length ? m.enroll_field_athlete() : m.account_reg_fill_for()}
            defaultValue={prefill?.athleteId ?? ""}
          >
            <option value="">{m.account_reg_choose_athlete()}</option>
            {athletes.map((a) => (
              <option key={a.id} value={a.id}>
                {a.fullName}
              </option>
            ))}
          </ChooseSelect>
        ) : null}
        <Button type="submit" variant="secondary">
          {m.account_reg_fill()}
        </Button>
      </div>
    </Form>
  );
}

/** One choice of the GET form (the session, or whose form this is), labelled; its options are the children. */
function ChooseSelect({ name, label, defaultValue, children }: { name: string; label: string; defaultValue: string; children: ReactNode }) {
  const id = `registration-${name}`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Select id={id} name={name} defaultValue={defaultValue} className="max-w-full">
        {children}
      </Select>
    </div>
  );
}

type Failed = Extract<PublicFormResult, { ok: false }> | null;

function RegistrationForm({ view, failed }: { view: RegistrationView; failed: Failed }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === localHref("/programs/registration");
  const errors: Errors = failed?.fieldErrors ?? {};
  const values: Values = failed?.values ?? view.prefill ?? {};
  const { words, prefill, session } = view;
  return (
    <Form method="post" noValidate className="relative space-y-8">
      {prefill ? <input type="hidden" name="athleteId" value={prefill.athleteId} /> : null}
      {session ? <ChosenSession view={view} session={session} errors={errors} /> : null}
      <StudentFields view={view} values={values} errors={errors} />
      <ParentFields withSession={Boolean(session)} values={values} errors={errors} />
      {session ? (
        // The spec's emergency contact is asked here, as the court's name and phone (a coach taps to call).
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-xl font-semibold text-navy-900">{m.enroll_reg_oncourt_title()}</legend>
          <p className="text-slate-700">{m.enroll_request_intro()}</p>
          <OnCourtFields errors={errors} values={values} />
          <RegistrationHelp state={view.help} errors={errors} values={failed?.values ?? null} />
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
  );
}

type ChosenSessionProps = { view: RegistrationView; session: NonNullable<RegistrationView["session"]>; errors: Errors };

/** The session asked for, for whom, what a signed-in person is told before sending, and the way to change it. */
function ChosenSession({ view, session, errors }: ChosenSessionProps) {
  const { prefill, sessionNote } = view;
  return (
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
      <Link to={localHref(`/programs/registration${view.slug ? `?program=${view.slug}` : ""}`)} className="mt-2 inline-block underline">
        {m.enroll_reg_change()}
      </Link>
    </div>
  );
}

function StudentFields({ view, values, errors }: { view: RegistrationView; values: Values; errors: Errors }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-xl font-semibold text-navy-900">{m.account_reg_student_title()}</legend>
      <Field label={m.account_reg_student_name()} name="studentName" required defaultValue={values.studentName} error={errors.studentName} />
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
      {view.session && !view.signedIn ? (
        <Field label={m.enroll_reg_dob()} name="dateOfBirth" type="date" required defaultValue={values.dateOfBirth} error={errors.dateOfBirth} />
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
        defaultValue={values.programInterest ?? view.chosen ?? ""}
        error={errors.programInterest}
      />
    </fieldset>
  );
}

function ParentFields({ withSession, values, errors }: { withSession: boolean; values: Values; errors: Errors }) {
  return (
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
      {withSession ? null : (
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
  );
}
