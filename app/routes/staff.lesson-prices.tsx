// /staff/lesson-prices (issue 41, decision 0058): administrators set what a private lesson or an evaluation costs per
// length (the organisation's price and each coach's own) and the hours before a lesson that a family's cancellation
// is still credited. requireAdmin first on the loader and the action; the rules are payments' (lesson fees).
import { data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/staff.lesson-prices";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { pageMeta } from "~/lib/meta";
import { readInPageAnswer, redirectWithToast } from "~/lib/toast.server";
import { Confirmation } from "~/components/ui/confirmation";
import { m } from "~/paraglide/messages";
import { getLessonPrices, setCreditCutoffHours, setLessonPrices } from "~/payments/index.server";
import { CreditCutoffSchema, LessonPricesSchema } from "~/payments/lesson-fees";
import { LessonPricesPage, type LessonPricesAnswer } from "~/payments/lesson-fees-page";
import { requireAdmin } from "~/staff/index.server";
import { parseForm } from "~/lib/forms";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.lessonfees_heading()} | NLTE`, description: m.lessonfees_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { ...(await getLessonPrices(context.db)), answer: await readInPageAnswer(context, request) };
}

/** What was typed, to show again beside a refusal (short strings only). */
const typedOf = (form: FormData, names: readonly string[]) => Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? "").slice(0, 40)]));

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  if (form.get("intent") === "cutoff") {
    const { data: input, fieldErrors } = parseForm(CreditCutoffSchema, form);
    if (!input) return data<LessonPricesAnswer>({ form: "cutoff", fieldErrors, typed: typedOf(form, ["cutoffHours"]) }, { status: 400 });
    await setCreditCutoffHours(context.db, input);
    throw await redirectWithToast(context, "/staff/lesson-prices", { type: "success", title: m.lessonfees_cutoff_saved_toast(), inPage: true });
  }
  const coachId = String(form.get("coachId") ?? "").slice(0, 100);
  const which = `prices:${coachId}`;
  const { data: input, fieldErrors } = parseForm(LessonPricesSchema, form);
  const typed = typedOf(form, ["lesson-30", "lesson-60", "evaluation-30"]);
  if (!input) return data<LessonPricesAnswer>({ form: which, fieldErrors, typed }, { status: 400 });
  const result = await setLessonPrices(context.db, admin.id, input);
  if (!result.ok) return data<LessonPricesAnswer>({ form: which, error: m.lessonfees_error_coach(), typed }, { status: 404 });
  throw await redirectWithToast(context, "/staff/lesson-prices", { type: "success", title: m.lessonfees_saved_toast(), inPage: true });
}

export default function StaffLessonPrices({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<LessonPricesAnswer>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.lessonfees_heading()} intro={m.lessonfees_intro()} />
      {loaderData.answer ? (
        <div className="mx-auto max-w-3xl px-4 pt-6">
          <Confirmation key={loaderData.answer}>{loaderData.answer}</Confirmation>
        </div>
      ) : null}
      <LessonPricesPage view={loaderData} answer={answer} busy={busy} />
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.lessonfees_heading()} documentTitle={`${m.lessonfees_heading()} | NLTE`} />;
}
