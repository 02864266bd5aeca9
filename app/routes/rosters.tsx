// /rosters: the coaches' index of sessions (issue 29): places taken, the waitlist and what waits for a coach. A coach's
// own sessions come first, each linking to its roster; the others are listed with their coaches and counts only (no
// link, nothing about a family: their rosters are their coaches'). And how long an offered place is held.
// requireEnrollmentCoach first: any coach reads this page; requireRosterReader guards each roster (the lead and
// administrators open every session's, so theirs are links too).
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/rosters";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import {
  getOfferHours,
  getRequestsHoldPlace,
  getSessionsForCoaches,
  readsEveryRoster,
  requireEnrollmentCoach,
  setOfferHours,
  setRequestsHoldPlace,
} from "~/enrollment/index.server";
import { PlacesSettingForm, REQUESTS_HOLD_INTENT } from "~/enrollment/places-setting-form";
import { OfferHoursSchema } from "~/enrollment/schemas";
import { getLocale } from "~/i18n/language";
import { localHref } from "~/i18n/locale";
import { dayInZone } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { parseForm } from "~/lib/forms";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.enroll_rosters_heading()} | NLTE`, description: m.enroll_rosters_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const coach = await requireEnrollmentCoach(request, context);
  const { db, config } = context;
  const today = dayInZone(config.safePlay.clock(), config.site.timeZone);
  const [sessions, offerHours, readsAll, requestsHold] = await Promise.all([
    getSessionsForCoaches(db, today, getLocale(), coach.id),
    getOfferHours(db),
    readsEveryRoster(db, coach),
    getRequestsHoldPlace(db),
  ]);
  return { mine: sessions.filter((s) => s.mine), others: sessions.filter((s) => !s.mine), offerHours, readsAll, requestsHold };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireEnrollmentCoach(request, context);
  const form = await request.formData();
  // Issue 39: whether a bare request holds a place (unticked: the usual, it does not).
  if (form.get("intent") === REQUESTS_HOLD_INTENT) {
    await setRequestsHoldPlace(context, form.get("requestsHold") === "on");
    throw await redirectWithToast(context, "/rosters", { type: "success", title: m.enroll_saved_toast() });
  }
  const { data: input, fieldErrors } = parseForm(OfferHoursSchema, form);
  if (!input) return data({ fieldErrors }, { status: 400 });
  await setOfferHours(context.db, input.offerHours);
  throw await redirectWithToast(context, "/rosters", { type: "success", title: m.enroll_saved_toast() });
}

export default function Rosters({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.enroll_rosters_heading()} intro={m.enroll_rosters_intro()} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        <p>
          <Link to={localHref("/reports/funders")} className="font-medium text-court-800 underline">
            {m.enroll_report_link()}
          </Link>{" "}
          ·{" "}
          <Link to={localHref("/reports/outcomes")} className="font-medium text-court-800 underline">
            {m.athletes_outcomes_heading()}
          </Link>{" "}
          ·{" "}
          <Link to={localHref("/athletes")} className="font-medium text-court-800 underline">
            {m.athletes_paths_link()}
          </Link>
        </p>
        <section aria-labelledby="my-sessions" className="flex flex-col gap-3">
          <h2 id="my-sessions" className="text-xl font-semibold text-navy-900">
            {m.enroll_rosters_mine()}
          </h2>
          {loaderData.mine.length === 0 ? (
            <p className="text-slate-800">{loaderData.others.length ? m.enroll_rosters_none_mine() : m.enroll_rosters_none()}</p>
          ) : null}
          <ul className="flex flex-col gap-3">
            {loaderData.mine.map((s) => (
              <li key={s.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <Link to={localHref(`/rosters/${s.id}`)} className="text-lg font-semibold text-court-800 underline">
                  {s.title}
                </Link>
                <SessionLines s={s} />
              </li>
            ))}
          </ul>
        </section>
        {loaderData.others.length > 0 ? (
          <section aria-labelledby="other-sessions" className="flex flex-col gap-3">
            <h2 id="other-sessions" className="text-xl font-semibold text-navy-900">
              {m.enroll_rosters_others()}
            </h2>
            <p className="text-slate-800">{m.enroll_rosters_others_intro()}</p>
            <ul className="flex flex-col gap-3">
              {loaderData.others.map((s) => (
                <li key={s.id} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                  {loaderData.readsAll ? (
                    <Link to={localHref(`/rosters/${s.id}`)} className="text-lg font-semibold text-court-800 underline">
                      {s.title}
                    </Link>
                  ) : (
                    <p className="text-lg font-semibold text-navy-900">{s.title}</p>
                  )}
                  <SessionLines s={s} />
                  <p className="text-sm text-slate-700">
                    {s.coaches.length ? (
                      m.enroll_rosters_coached_by({ names: s.coaches.join(", ") })
                    ) : (
                      <Link to={localHref(`/programs/${s.programSlug}/edit#sessions`)} className="font-medium text-court-800 underline">
                        {m.enroll_rosters_no_coach()}
                      </Link>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
          <Field
            label={m.enroll_offer_hours_label()}
            name="offerHours"
            type="number"
            inputMode="numeric"
            min={1}
            max={336}
            defaultValue={loaderData.offerHours}
            error={result?.fieldErrors?.offerHours}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            {m.enroll_save()}
          </Button>
        </Form>
        <PlacesSettingForm requestsHold={loaderData.requestsHold} busy={busy} />
      </div>
    </>
  );
}

type Listed = { when: string; place: string | null; capacity: number | null; taken: number; waiting: number; toDecide: number };

function SessionLines({ s }: { s: Listed }) {
  return (
    <>
      <p className="text-slate-800">
        {s.when}
        {s.place ? ` · ${s.place}` : ""}
      </p>
      <p className="text-sm text-slate-700">
        {s.capacity === null
          ? m.enroll_rosters_no_capacity({ taken: String(s.taken) })
          : m.enroll_rosters_places({ taken: String(s.taken), capacity: String(s.capacity) })}
        {s.waiting ? ` · ${m.enroll_rosters_waiting({ count: String(s.waiting) })}` : ""}
        {s.toDecide ? ` · ${m.enroll_rosters_to_decide({ count: String(s.toDecide) })}` : ""}
      </p>
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.enroll_rosters_heading()} documentTitle={`${m.enroll_rosters_heading()} | NLTE`} />;
}
