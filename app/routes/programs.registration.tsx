import { Form, Link, useNavigation } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/programs.registration";
import { PageHeader } from "~/components/page-header";
import { HoneypotField, SelectField, SuccessPanel } from "~/components/public/form-fields";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormError, EmailField, PhoneField } from "~/components/ui/field";
import { FORM_TEXT, SKILL_LEVEL_NAMES, SKILL_LEVELS } from "~/content/forms";
import { REGISTRATION } from "~/content/registration.server";
import { withPolicies } from "~/programs/policies";
import { getPolicies } from "~/programs/policies.server";
import { pageWords } from "~/content/words.server";
import { PROGRAM_LINKS } from "~/content/site";
import { getLocale } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { receivePublicForm } from "~/forms/public-forms.server";
import { RegistrationSchema } from "~/forms/schemas";
import { createRegistrationRequest } from "~/forms/submissions.server";
import { getUser } from "~/auth/session.server";
import { getAthletesForRegistration } from "~/family/households.server";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

/**
 * A program page's Register button names its program (`?program=summer`): the form opens with it chosen. A signed-in
 * guardian can pick one of their athletes (`?athlete=<id>`, an opaque id) to fill the student's part in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = url.searchParams.get("program");
  const chosen = PROGRAM_LINKS.find((p) => p.slug === slug)?.label ?? null;
  const [user, policies] = await Promise.all([getUser(request, context), getPolicies(context.db)]);
  const words = REGISTRATION[getLocale()];
  const athletes = user?.role === "client" ? await getAthletesForRegistration(context.db, user.id, context.config.safePlay) : [];
  const picked = athletes.find((a) => a.id === url.searchParams.get("athlete")) ?? null;
  const prefill =
    picked && user
      ? {
          athleteId: picked.id,
          studentName: picked.fullName,
          age: picked.age === null ? "" : String(picked.age),
          parentName: user.fullName ?? "",
          email: user.email,
          phone: user.phone ?? "",
        }
      : null;
  return {
    page: pageWords("registration"),
    // The withdrawal notice is the organisation's one setting (issue 28), as on the FAQ and /programs.
    words: { ...words, policy: words.policy.map((r) => withPolicies(r, policies)) },
    chosen,
    athletes: athletes.map((a) => ({ id: a.id, fullName: a.fullName })),
    prefill,
    slug,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Safe Play: a signed-in guardian's registration is linked to their account and, when they picked one of their
  // own athletes, to the athlete's too. Anyone else's athlete id is ignored.
  const user = await getUser(request, context);
  const athleteId = (await request.clone().formData()).get("athleteId");
  const own =
    user?.role === "client" && typeof athleteId === "string" && athleteId
      ? (await getAthletesForRegistration(context.db, user.id, context.config.safePlay)).some((a) => a.id === athleteId)
      : false;
  const links = { submittedBy: user?.id ?? null, athleteId: own ? String(athleteId) : null };
  return receivePublicForm(request, context, "registration", RegistrationSchema, (input) =>
    createRegistrationRequest(context.db, input, context, links),
  );
}

export default function Registration({ actionData, loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === localHref("/programs/registration");
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors = failed?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = failed?.values ?? loaderData.prefill ?? {};
  const { page, words, athletes, prefill } = loaderData;
  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        {actionData?.ok ? (
          <SuccessPanel title={FORM_TEXT.registrationSuccessTitle} text={FORM_TEXT.registrationSuccess}>
            <Link to={localHref("/programs")} className={buttonClass("secondary", "mt-4")}>
              {m.account_reg_back()}
            </Link>
          </SuccessPanel>
        ) : (
          <>
            {athletes.length ? (
              <Form method="get" className="mb-8 flex flex-wrap items-end gap-3 rounded-md border border-slate-200 bg-slate-50 p-4">
                {loaderData.slug ? <input type="hidden" name="program" value={loaderData.slug} /> : null}
                <div className="flex flex-col gap-1">
                  <label htmlFor="registration-athlete" className="text-sm font-medium text-slate-800">
                    {m.account_reg_fill_for()}
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
                <Button type="submit" variant="secondary">
                  {m.account_reg_fill()}
                </Button>
              </Form>
            ) : null}
            <Form method="post" noValidate className="relative space-y-8">
              {prefill ? <input type="hidden" name="athleteId" value={prefill.athleteId} /> : null}
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
                <Field
                  label={m.account_reg_emergency()}
                  name="emergencyContact"
                  required
                  placeholder={m.account_reg_emergency_placeholder()}
                  defaultValue={values.emergencyContact}
                  error={errors.emergencyContact}
                />
              </fieldset>
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
