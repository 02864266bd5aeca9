// Where coaches and administrators keep the programs true (issue 28): the six program pages (each edited on its own
// page), the seasons, and the organisation's withdrawal notice. Every form is a plain form post; a bad field gets its
// message beside it and nothing is stored.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/programs.edit";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { Section } from "~/components/public/section";
import { Button } from "~/components/ui/button";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { TERMS } from "~/calendar/season-terms";
import { createSeason, deleteSeason, getSeasons, seasonName, updateSeason } from "~/calendar/index.server";
import { countSeasonSignatures, isStillReferenced } from "~/consent/index.server";
import { PROGRAM_LINKS } from "~/content/site";
import { getLocale, localHref } from "~/i18n/locale";
import { dayInZone } from "~/lib/datetime";
import { invariantResponse, notFound } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireProgramEditor } from "~/programs/index.server";
import { getPolicies, setWithdrawalDays } from "~/programs/index.server";
import { countSessions } from "~/programs/index.server";
import { SeasonSchema, WithdrawalNoticeSchema } from "~/programs/schemas";
import { m } from "~/paraglide/messages";
import { parseForm } from "~/lib/forms";

export const meta = () => [{ title: m.programs_editor_title() }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireProgramEditor(request, context);
  const today = dayInZone(new Date(), context.config.site.timeZone);
  const [seasons, policies, counts] = await Promise.all([getSeasons(context.db), getPolicies(context.db), countSessions(context.db)]);
  return {
    programs: PROGRAM_LINKS.map((p) => ({ slug: p.slug, name: p.name(), sessions: counts[p.slug] ?? 0 })),
    seasons: seasons.map((s) => ({ ...s, name: seasonName(s, getLocale()), ended: s.endsOn < today })),
    withdrawalDays: policies.withdrawalDays,
  };
}

type Values = Record<string, string>;
type Failure = { ok: false; form: "season" | "policy"; id: string | null; fieldErrors: Partial<Record<string, string>>; values: Values };
const failed = (form: Failure["form"], id: string | null, fieldErrors: Failure["fieldErrors"], values: Values) =>
  data<Failure>({ ok: false, form, id, fieldErrors, values }, { status: 400 });

export async function action({ request, context }: Route.ActionArgs) {
  await requireProgramEditor(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const done = async (title: string) => {
    throw await redirectWithToast(context, "/programs/edit", { title, type: "success" });
  };
  switch (intent) {
    case "add-season":
    case "save-season": {
      const { data: input, fieldErrors } = parseForm(SeasonSchema, form);
      const seasonId = intent === "save-season" ? id : null;
      if (!input) return failed("season", seasonId, fieldErrors, values);
      const result = seasonId ? await updateSeason(context, seasonId, input) : await createSeason(context.db, input);
      if (result === "missing") notFound();
      if (result === "exists") return failed("season", seasonId, { term: m.programs_error_season_exists() }, values);
      return done(seasonId ? m.programs_editor_season_saved() : m.programs_editor_season_added());
    }
    case "remove-season": {
      // Signed forms are kept and name their season (issue 40): such a season is refused beside its button.
      const signed = await countSeasonSignatures(context.db, id);
      const refused = () => failed("season", id, { remove: m.disclosures_season_signed({ count: String(signed || 1) }) }, values);
      if (signed > 0) return refused();
      try {
        if (!(await deleteSeason(context.db, id))) notFound();
      } catch (err) {
        if (isStillReferenced(err)) return refused();
        throw err;
      }
      return done(m.programs_editor_season_removed());
    }
    case "save-policy": {
      const { data: input, fieldErrors } = parseForm(WithdrawalNoticeSchema, form);
      if (!input) return failed("policy", null, fieldErrors, values);
      await setWithdrawalDays(context.db, input.days);
      return done(m.programs_editor_policy_saved());
    }
    default:
      invariantResponse(false, m.programs_error_unknown_action());
  }
}

const termOptions = () =>
  TERMS.map((t) => ({
    value: t,
    label: { spring: m.programs_term_spring, summer: m.programs_term_summer, fall: m.programs_term_fall, winter: m.programs_term_winter }[t](),
  }));

function SeasonFields({ values, errors }: { values: Values; errors: Partial<Record<string, string>> }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <SelectField label={m.programs_field_term()} name="term" defaultValue={values.term ?? "fall"} error={errors.term} options={termOptions()} />
      <Field label={m.programs_field_year()} name="year" inputMode="numeric" defaultValue={values.year ?? ""} error={errors.year} required />
      <Field label={m.programs_field_first_day()} name="startsOn" type="date" defaultValue={values.startsOn ?? ""} error={errors.startsOn} required />
      <Field label={m.programs_field_last_day()} name="endsOn" type="date" defaultValue={values.endsOn ?? ""} error={errors.endsOn} required />
    </div>
  );
}

export default function ProgramsEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { programs, seasons, withdrawalDays } = loaderData;
  const failure = actionData as Failure | undefined;
  const failureFor = (form: Failure["form"], id: string | null) => (failure?.form === form && failure.id === id ? failure : undefined);
  const newSeason = failureFor("season", null);
  const policy = failureFor("policy", null);
  return (
    <>
      <PageHeader heading={m.programs_editor_heading()} intro={m.programs_editor_intro()} />
      <Section title={m.programs_editor_pages_title()} id="pages">
        <ul className="grid gap-3 sm:grid-cols-2">
          {programs.map((p) => (
            <li key={p.slug} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <div>
                <p className="font-semibold text-navy-900">{p.name}</p>
                <p className="text-sm text-slate-700">{m.programs_editor_sessions_count({ count: String(p.sessions) })}</p>
              </div>
              <Link to={localHref(`/programs/${p.slug}/edit`)} className="font-medium text-court-800 underline">
                {m.programs_editor_edit()}
                <span className="sr-only"> {p.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={m.programs_editor_seasons_title()} id="seasons" intro={m.programs_editor_seasons_intro()}>
        {seasons.length === 0 ? <p className="mb-4 text-slate-700">{m.programs_editor_no_seasons()}</p> : null}
        <ul className="mb-6 flex flex-col gap-4">
          {seasons.map((s) => {
            const f = failureFor("season", s.id);
            return (
              <li key={s.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <Form method="post" aria-label={s.name} className="flex flex-col gap-3">
                  <h3 className="font-semibold text-navy-900">
                    {s.name} {s.ended ? <span className="font-normal text-slate-600">{m.programs_editor_ended()}</span> : null}
                  </h3>
                  {f && !f.fieldErrors.remove ? <FormError message={m.programs_error_correct()} /> : null}
                  <input type="hidden" name="id" value={s.id} />
                  <SeasonFields
                    values={f?.values ?? { term: s.term, year: String(s.year), startsOn: s.startsOn, endsOn: s.endsOn }}
                    errors={f?.fieldErrors ?? {}}
                  />
                  <div className="flex flex-wrap gap-3">
                    <Button type="submit" name="intent" value="save-season">
                      {m.programs_editor_save_season()}
                      <span className="sr-only"> {s.name}</span>
                    </Button>
                    <Button
                      type="submit"
                      name="intent"
                      value="remove-season"
                      variant="danger"
                      formNoValidate
                      aria-describedby={f?.fieldErrors.remove ? `remove-season-${s.id}` : undefined}
                    >
                      {m.programs_editor_remove_season()}
                      <span className="sr-only"> {s.name}</span>
                    </Button>
                  </div>
                  {f?.fieldErrors.remove ? (
                    <p id={`remove-season-${s.id}`} role="alert" className="text-sm text-red-700">
                      {f.fieldErrors.remove}
                    </p>
                  ) : null}
                </Form>
              </li>
            );
          })}
        </ul>
        <Form
          method="post"
          aria-labelledby="add-season-heading"
          className="flex max-w-3xl flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h3 id="add-season-heading" className="text-lg font-semibold text-navy-900">
            {m.programs_editor_add_season()}
          </h3>
          {newSeason ? <FormError message={m.programs_error_correct()} /> : null}
          <input type="hidden" name="intent" value="add-season" />
          <SeasonFields values={newSeason?.values ?? {}} errors={newSeason?.fieldErrors ?? {}} />
          <Button type="submit" className="self-start">
            {m.programs_editor_add_season()}
          </Button>
        </Form>
      </Section>
      <Section title={m.programs_editor_policy_title()} id="policy" intro={m.programs_editor_policy_intro()}>
        <Form
          method="post"
          aria-labelledby="policy-heading"
          className="flex max-w-md flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h3 id="policy-heading" className="sr-only">
            {m.programs_editor_policy_title()}
          </h3>
          <input type="hidden" name="intent" value="save-policy" />
          <Field
            label={m.programs_field_withdrawal_days()}
            name="days"
            inputMode="numeric"
            defaultValue={policy?.values.days ?? String(withdrawalDays)}
            error={policy?.fieldErrors.days}
            required
          />
          <Button type="submit" className="self-start">
            {m.programs_editor_save_policy()}
          </Button>
        </Form>
      </Section>
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.programs_editor_heading()} documentTitle={m.programs_editor_title()} />;
}
