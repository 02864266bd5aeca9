// /families/:householdId: a household as staff see it (Safe Play, decision 0022): its guardians (with the contact
// details staff need to phone them) and student-athletes, and whether staff confirmed it. A coach or the
// safeguarding lead who met or phoned the family confirms it here in one step, saying how; logged with who and when.
// Until then a coach and a minor of the household do not message each other. Coaches only (requireCoach, first line
// of the loader and the action); the id is opaque and names nobody.
import { Form, Link, useNavigation } from "react-router";
import { localHref } from "~/i18n/locale";
import { z } from "zod";
import type { Route } from "./+types/families.$householdId";
import { isUuid } from "~/lib/uuid";
import { requireCoach } from "~/auth/index.server";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { formatDateTime } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { kindLabel } from "~/safe-play/safe-play";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { getHouseholdForStaff } from "~/family/index.server";
import { confirmPeople } from "~/family/index.server";
import { correctByLead, setHouseholdFrozen, unlinkGuardianByLead } from "~/family/index.server";
import { FreezeForm, UnlinkGuardian } from "~/family/household-lead-forms";
import { isSafeguardingLead } from "~/safe-play/index.server";
import { ConfirmPeopleSchema, EditAthleteSchema } from "~/family/schemas";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";
import { getPersonalDataReader } from "~/staff/index.server";
import { Confirmation } from "~/components/ui/confirmation";
import { displayableEmail } from "~/lib/displayable-address";
import { done, parseForm, refusalOf, refused, says, type ActionRefusal } from "~/lib/forms";
import { Checkbox } from "~/components/ui/controls";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData ? pageMeta(loaderData.page) : []),
  { name: "robots", content: "noindex" },
];

async function loadHousehold(request: Request, context: Route.LoaderArgs["context"], householdId: string) {
  const staff = await requireCoach(request, context);
  const lead = await isSafeguardingLead(context.db, staff.id);
  // Least privilege (issue 37): the family's phones, addresses and ages only for a reader the rule allows.
  const reader = await getPersonalDataReader(context.db, staff, context.config.safePlay);
  const household = isUuid(householdId) ? await getHouseholdForStaff(context.db, householdId, context.config.safePlay, lead, reader) : null;
  invariantResponse(household, m.messaging_household_not_found(), 404);
  return { staff, household, lead };
}

/** The lead's correction of a member's name or date of birth. */
const CorrectSchema = EditAthleteSchema.extend({ userId: z.string().max(64) });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { household, lead } = await loadHousehold(request, context, params.householdId);
  return {
    page: { title: m.messaging_household_title(), description: m.messaging_household_description() },
    lead,
    household: {
      ...household,
      confirmation: { ...household.confirmation, confirmedAt: household.confirmation.confirmedAt?.toISOString() ?? null },
    },
  };
}

const UnlinkSchema = z.object({ userId: z.string().max(64), sure: z.literal("yes", says(m.messaging_household_unlink_sure_required)) });
const FreezeSchema = z.object({
  reason: z.string(says(m.messaging_household_reason_required)).trim().min(3, says(m.messaging_household_reason_required)).max(300),
});

/** What a success shows next: the member a correction was about, or that the people were confirmed. */
type Shown = { userId?: string; confirmed?: boolean };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff, household, lead } = await loadHousehold(request, context, params.householdId);
  const form = await request.formData();
  if (form.get("intent") === "correct") {
    invariantResponse(lead, m.messaging_household_lead_only(), 403);
    const { data: input, fieldErrors } = parseForm(CorrectSchema, form);
    const userId = String(form.get("userId") ?? "");
    if (!input) return refused({ intent: "correct", fieldErrors, values: { userId } });
    const r = await correctByLead(context.db, staff.id, household.id, input.userId, input, context.config.safePlay);
    if (!r.ok)
      return refused(
        { intent: "correct", ...(r.field ? { fieldErrors: { [r.field]: r.error } } : { formError: r.error }), values: { userId } },
        r.status,
      );
    return done<Shown>({ intent: "correct", message: m.messaging_household_corrected({ name: input.fullName }), userId });
  }
  if (form.get("intent") === "unlink") {
    invariantResponse(lead, m.messaging_household_lead_only(), 403);
    const { data: input, fieldErrors } = parseForm(UnlinkSchema, form);
    const userId = String(form.get("userId") ?? "");
    if (!input) return refused({ intent: "unlink", fieldErrors, values: { userId } });
    const name = household.members.find((p) => p.id === input.userId)?.fullName ?? "";
    const r = await unlinkGuardianByLead(context.db, staff.id, household.id, input.userId);
    if (!r.ok) return refused({ intent: "unlink", formError: r.error, values: { userId } }, r.status);
    return done<Shown>({ intent: "unlink", message: m.messaging_household_unlinked({ name }) });
  }
  if (form.get("intent") === "freeze" || form.get("intent") === "unfreeze") {
    invariantResponse(lead, m.messaging_household_lead_only(), 403);
    let reason: string | null = null;
    if (form.get("intent") === "freeze") {
      const { data: input, fieldErrors } = parseForm(FreezeSchema, form);
      if (!input) return refused({ intent: "freeze", fieldErrors });
      reason = input.reason;
    }
    await setHouseholdFrozen(context.db, staff.id, household.id, reason);
    return done<Shown>({ intent: "freeze", message: reason ? m.messaging_household_frozen_done() : m.messaging_household_unfrozen_done() });
  }
  const { data: input, fieldErrors } = parseForm(ConfirmPeopleSchema, { how: form.get("how"), people: form.getAll("people") });
  if (!input) return refused({ intent: "confirm", fieldErrors });
  const r = await confirmPeople(
    context.db,
    { householdId: household.id, staffId: staff.id, how: input.how, userIds: input.people },
    context.config.safePlay,
  );
  if (!r.ok) return refused({ intent: "confirm", ...(r.field ? { fieldErrors: { [r.field]: r.error } } : { formError: r.error }) }, r.status);
  return done<Shown>({ intent: "confirm", confirmed: true });
}

export default function Family({ loaderData, actionData }: Route.ComponentProps) {
  const { household } = loaderData;
  const zone = useOrgTimeZone();
  const busy = useNavigation().state === "submitting";
  const { confirmation } = household;
  const names = household.members.map((m) => m.fullName).join(", ");
  const refusal = refusalOf(actionData);
  const shown = actionData?.ok ? actionData : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{m.messaging_household_heading({ names })}</h1>
      <section aria-labelledby="members-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="members-heading" className="text-lg font-semibold text-slate-900">
          {m.messaging_household_members()}
        </h2>
        {household.personal ? null : <p className="mt-2 text-sm text-slate-700">{m.messaging_household_personal_hidden()}</p>}
        <ul className="mt-3 flex flex-col gap-2">
          {household.members.map((p) => (
            <li key={p.id} className="rounded-md border border-slate-200 px-3 py-2 text-slate-900">
              <span className="font-medium">{p.fullName}</span> · {kindLabel(p.role)}
              {p.age !== null ? ` · ${m.messaging_family_age({ age: p.age })}` : ""}
              {p.minor ? ` · ${m.messaging_badge_minor()}` : ""}
              {p.role === "athlete" ? ` · ${p.hasLogin ? m.messaging_household_has_login() : m.messaging_household_no_login()}` : null}
              {displayableEmail(p.email) || p.phone ? (
                <span className="block text-sm text-slate-700">{[displayableEmail(p.email), p.phone].filter(Boolean).join(" · ")}</span>
              ) : null}
              <span className="block text-sm text-slate-700">
                {p.confirmation ? (
                  m.messaging_household_person_confirmed({
                    name: p.confirmation.by ?? m.messaging_household_former_staff(),
                    date: formatDateTime(p.confirmation.at, zone),
                    how: p.confirmation.how,
                  })
                ) : (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{m.messaging_household_person_waiting()}</span>
                )}
              </span>
              {shown?.intent === "correct" && shown.userId === p.id ? <Confirmation className="mt-1 text-sm">{shown.message}</Confirmation> : null}
              {loaderData.lead ? <CorrectMember member={p} refusal={refusal} busy={busy} /> : null}
              {loaderData.lead && p.role === "guardian" ? <UnlinkGuardian member={p} actionData={refusal} busy={busy} /> : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="confirmation-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="confirmation-heading" className="text-lg font-semibold text-slate-900">
          {m.messaging_household_confirmation()}
        </h2>
        {shown?.confirmed && !confirmation.confirmed ? (
          <Confirmation className="mt-2">{m.messaging_household_people_confirmed()}</Confirmation>
        ) : null}
        {confirmation.confirmed ? (
          <p role={shown?.confirmed ? "status" : undefined} className="mt-2 text-slate-900">
            {m.messaging_household_confirmed_by({ name: confirmation.by ?? m.messaging_household_former_staff() })}
            {confirmation.confirmedAt ? (
              <>
                {" "}
                {m.messaging_household_on()} <time dateTime={confirmation.confirmedAt}>{formatDateTime(confirmation.confirmedAt, zone)}</time>
              </>
            ) : null}
            : {confirmation.how}
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-900">
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{m.messaging_family_not_confirmed()}</span>{" "}
              {confirmation.linkedBefore ? m.messaging_household_linked_before() : m.messaging_household_waiting()}
            </p>
            <p className="mt-2 text-sm text-slate-700">{m.messaging_household_confirm_only()}</p>
            <Form method="post" className="mt-4 flex flex-col gap-3">
              <input type="hidden" name="intent" value="confirm" />
              <fieldset aria-describedby={refusal?.fieldErrors.people ? "people-error" : undefined}>
                <legend className="font-medium text-slate-900">{m.messaging_household_people_legend()}</legend>
                {household.members
                  .filter((p) => !p.confirmation)
                  .map((p) => (
                    <label key={p.id} className="mt-2 flex items-center gap-2 text-slate-900">
                      <Checkbox name="people" value={p.id} />
                      {p.fullName} · {kindLabel(p.role)}
                    </label>
                  ))}
                {refusal?.fieldErrors.people ? (
                  <p id="people-error" className="mt-1 text-sm text-red-700">
                    {refusal.fieldErrors.people}
                  </p>
                ) : null}
              </fieldset>
              <Field
                label={m.messaging_household_how()}
                name="how"
                placeholder={m.messaging_household_how_placeholder()}
                required
                error={refusal?.fieldErrors.how}
              />
              <FormError message={refusal?.intent === "confirm" ? refusal.formError : undefined} />
              <Button type="submit" disabled={busy} className="self-start">
                {m.messaging_household_confirm_people()}
              </Button>
            </Form>
          </>
        )}
      </section>
      {loaderData.lead ? <FreezeForm frozen={household.confirmation.frozenReason} actionData={refusal} busy={busy} /> : null}
      {shown?.intent === "unlink" || shown?.intent === "freeze" ? <Confirmation>{shown.message}</Confirmation> : null}
      <Link to={localHref("/messages")} className={`${buttonClass("secondary")} self-start`}>
        {m.messaging_back_to_messages()}
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.messaging_household_family()} documentTitle={m.messaging_household_title()} />;
}

/** The safeguarding lead's correction of a member's name or date of birth (logged, with the before and after). */
function CorrectMember({
  member: p,
  refusal,
  busy,
}: {
  member: Route.ComponentProps["loaderData"]["household"]["members"][number];
  refusal: ActionRefusal | null;
  busy: boolean;
}) {
  const mine = refusal?.values?.userId === p.id ? refusal : null;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-medium text-court-800">{m.messaging_household_correct({ name: p.fullName })}</summary>
      <Form method="post" className="mt-2 flex flex-col gap-3">
        <input type="hidden" name="intent" value="correct" />
        <input type="hidden" name="userId" value={p.id} />
        <Field label={m.messaging_field_name()} name="fullName" defaultValue={p.fullName} required error={mine?.fieldErrors.fullName} />
        <Field
          label={m.messaging_field_date_of_birth()}
          name="dateOfBirth"
          type="date"
          defaultValue={p.dateOfBirth ?? ""}
          required
          error={mine?.fieldErrors.dateOfBirth}
        />
        <FormError message={mine?.formError} />
        <Button type="submit" variant="secondary" disabled={busy} className="self-start">
          {m.messaging_household_save_correction()}
        </Button>
      </Form>
    </details>
  );
}
