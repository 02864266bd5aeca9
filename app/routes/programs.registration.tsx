import { Form, Link, useNavigation } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/programs.registration";
import { PageHeader } from "~/components/page-header";
import { HoneypotField, SelectField, SuccessPanel } from "~/components/public/form-fields";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { REGISTRATION_TEXT } from "~/content/contact";
import { FORM_TEXT, PROGRAM_CHOICES, SKILL_LEVELS } from "~/content/forms";
import { PAGES } from "~/content/pages";
import { PROGRAMS_TEXT } from "~/content/programs";
import { PROGRAM_LINKS } from "~/content/site";
import { pageMeta } from "~/lib/meta";
import { receivePublicForm } from "~/forms/public-forms.server";
import { RegistrationSchema } from "~/forms/schemas";
import { createRegistrationRequest } from "~/forms/submissions.server";
import { getUser } from "~/auth/session.server";
import { getAthletesForRegistration } from "~/family/households.server";

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(PAGES.registration, { matches, location });

/**
 * A program page's Register button names its program (`?program=summer`): the form opens with it chosen. A signed-in
 * guardian can pick one of their athletes (`?athlete=<id>`, an opaque id) to fill the student's part in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = url.searchParams.get("program");
  const chosen = PROGRAM_LINKS.find((p) => p.slug === slug)?.label ?? null;
  const user = await getUser(request, context);
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
  return { chosen, athletes: athletes.map((a) => ({ id: a.id, fullName: a.fullName })), prefill, slug };
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
  const busy = navigation.state === "submitting" && navigation.formAction === "/programs/registration";
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors = failed?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = failed?.values ?? loaderData.prefill ?? {};
  const { athletes, prefill } = loaderData;
  return (
    <>
      <PageHeader heading={PAGES.registration.heading} intro={PAGES.registration.description} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        {actionData?.ok ? (
          <SuccessPanel title={FORM_TEXT.registrationSuccessTitle} text={FORM_TEXT.registrationSuccess}>
            <Link to={localHref("/programs")} className={buttonClass("secondary", "mt-4")}>
              Back to Programs
            </Link>
          </SuccessPanel>
        ) : (
          <>
            {athletes.length ? (
              <Form method="get" className="mb-8 flex flex-wrap items-end gap-3 rounded-md border border-slate-200 bg-slate-50 p-4">
                {loaderData.slug ? <input type="hidden" name="program" value={loaderData.slug} /> : null}
                <div className="flex flex-col gap-1">
                  <label htmlFor="registration-athlete" className="text-sm font-medium text-slate-800">
                    Fill in for one of your athletes
                  </label>
                  <select
                    id="registration-athlete"
                    name="athlete"
                    defaultValue={prefill?.athleteId ?? ""}
                    className="rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
                  >
                    <option value="">Choose an athlete</option>
                    {athletes.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.fullName}
                      </option>
                    ))}
                  </select>
                </div>
                <Button type="submit" variant="secondary">
                  Fill in
                </Button>
              </Form>
            ) : null}
            <Form method="post" noValidate className="relative space-y-8">
              {prefill ? <input type="hidden" name="athleteId" value={prefill.athleteId} /> : null}
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-xl font-semibold text-navy-900">{REGISTRATION_TEXT.studentTitle}</legend>
                <Field label="Student Name" name="studentName" required defaultValue={values.studentName} error={errors.studentName} />
                <Field
                  label="Age"
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
                  label="Skill Level"
                  name="skillLevel"
                  required
                  options={SKILL_LEVELS}
                  placeholder="Select a skill level"
                  defaultValue={values.skillLevel ?? ""}
                  error={errors.skillLevel}
                />
                <SelectField
                  label="Program Interest"
                  name="programInterest"
                  required
                  options={PROGRAM_CHOICES}
                  placeholder="Select a program"
                  defaultValue={values.programInterest ?? loaderData.chosen ?? ""}
                  error={errors.programInterest}
                />
              </fieldset>
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-xl font-semibold text-navy-900">{REGISTRATION_TEXT.parentTitle}</legend>
                <Field
                  label="Parent/Guardian Name"
                  name="parentName"
                  autoComplete="name"
                  required
                  defaultValue={values.parentName}
                  error={errors.parentName}
                />
                <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={values.email} error={errors.email} />
                <Field label="Phone" name="phone" type="tel" autoComplete="tel" required defaultValue={values.phone} error={errors.phone} />
                <Field
                  label="Emergency Contact"
                  name="emergencyContact"
                  required
                  placeholder="Name and phone number"
                  defaultValue={values.emergencyContact}
                  error={errors.emergencyContact}
                />
              </fieldset>
              <HoneypotField />
              <div className="rounded-md bg-slate-50 p-4 text-sm text-slate-700">
                <p>{REGISTRATION_TEXT.consent}</p>
                <ul className="mt-2 list-disc pl-5">
                  {PROGRAMS_TEXT.registration.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </div>
              <FormError message={failed?.error} />
              <Button type="submit" disabled={busy}>
                {busy ? "Submitting..." : REGISTRATION_TEXT.submit}
              </Button>
            </Form>
          </>
        )}
      </div>
    </>
  );
}
