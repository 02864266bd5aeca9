// /account/enrollments: each child's programs, status, level and its history, upcoming sessions and attendance
// (issue 29). A guardian sees their household's athletes, an athlete themselves; nobody else's. The family takes an
// offered place or withdraws a request here (plain forms). requireFamilyMember first; the rules are enrollment's.
// Requests a visitor sent with a guardian's verified address wait here, first, for that guardian's keep or drop
// (issue 37): nothing of them is anywhere else until kept.
import { data, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account.enrollments";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { FormError } from "~/components/ui/form-error";
import {
  actForAthleteRefusal,
  answerAsFamily,
  answerVisitorRequest,
  getFamilyAthleteIds,
  getFamilyEnrollments,
  getRequestDates,
  getVisitorRequestsToReview,
  requireFamilyMember,
  VISITOR_REQUEST_INTENTS,
} from "~/enrollment/index.server";
import { FamilyChildCard } from "~/enrollment/family-page";
import { VisitorRequestsSection } from "~/enrollment/visitor-requests-section";
import type { VisitorRequestAnswer } from "~/enrollment/visitor-requests-types";
import { getLocale } from "~/i18n/language";
import { askUnlessConfirmed, type ConfirmAsk } from "~/lib/confirm-action";
import { dayInZone } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { readInPageAnswer, redirectWithToast } from "~/lib/toast.server";
import { Confirmation } from "~/components/ui/confirmation";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.enroll_family_heading()} | NLTE`, description: m.enroll_family_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireFamilyMember(request, context);
  const { db, config } = context;
  const athleteIds = await getFamilyAthleteIds(db, user);
  const today = dayInZone(config.safePlay.clock(), config.site.timeZone);
  const children = await getFamilyEnrollments(db, athleteIds, { today, locale: getLocale() });
  // The same rule the action asks: a minor athlete reads their enrollments; a guardian answers for them.
  const manages = await Promise.all(children.map(async (c) => (await actForAthleteRefusal(db, user, c.athleteId, config.safePlay)) === null));
  return {
    children: children.map((c, i) => ({ ...c, canManage: manages[i]! })),
    // The withdrawal's question names the day a request was sent; ended requests say when (issue 39).
    requestDates: await getRequestDates(
      db,
      children.flatMap((c) => c.requests.map((r) => r.id)),
    ),
    visitorRequests: await getVisitorRequestsToReview(db, user, getLocale()),
    // The request form's answer ("Request sent: ..."), written here where the family lands, with or without the page's
    // script (the root loader clears the one-time cookie in this same response; a later visit finds none).
    sent: await readInPageAnswer(context, request),
  };
}

const AnswerSchema = z.object({ enrollmentId: z.string().max(100), intent: z.enum(["accept", "withdraw"]) });
type ActionData = { enrollmentId: string; error: string } | { visitorRequest: VisitorRequestAnswer } | ConfirmAsk;

const isVisitorRequestIntent = (v: unknown) => (VISITOR_REQUEST_INTENTS as readonly unknown[]).includes(v);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireFamilyMember(request, context);
  const form = await request.formData();
  if (isVisitorRequestIntent(form.get("intent"))) {
    const { status, answer } = await answerVisitorRequest(context, user, form);
    return data<ActionData>({ visitorRequest: answer }, { status });
  }
  // A withdrawal is asked once (issue 39): unconfirmed, nothing changes and the page asks.
  const ask = form.get("intent") === "withdraw" ? askUnlessConfirmed(form) : null;
  if (ask) return data<ActionData>(ask);
  const parsed = AnswerSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data<ActionData>({ enrollmentId: "", error: m.enroll_error_unknown() }, { status: 400 });
  const result = await answerAsFamily(context, user, parsed.data.enrollmentId, parsed.data.intent);
  if (!result.ok) return data<ActionData>({ enrollmentId: parsed.data.enrollmentId, error: result.error }, { status: result.status });
  const title = parsed.data.intent === "accept" ? m.enroll_accepted_toast() : m.enroll_withdrawn_toast();
  throw await redirectWithToast(context, "/account/enrollments", { type: "success", title, inPage: true });
}

export default function AccountEnrollments({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<ActionData>();
  const result = actionData && "enrollmentId" in actionData ? actionData : undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.enroll_family_heading()} intro={m.enroll_family_intro()} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        {loaderData.sent ? <Confirmation key={loaderData.sent}>{loaderData.sent}</Confirmation> : null}
        <VisitorRequestsSection
          requests={loaderData.visitorRequests}
          answer={actionData && "visitorRequest" in actionData ? actionData.visitorRequest : undefined}
          busy={busy}
        />
        {result && !result.enrollmentId ? <FormError message={result.error} /> : null}
        {loaderData.children.length === 0 ? <p className="text-slate-800">{m.enroll_family_no_children()}</p> : null}
        {loaderData.children.map((child) => (
          <FamilyChildCard
            key={child.athleteId}
            child={child}
            error={result}
            busy={busy}
            requestDates={loaderData.requestDates}
            asking={actionData && "confirm" in actionData ? actionData.confirm : null}
          />
        ))}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.enroll_family_heading()} documentTitle={`${m.enroll_family_heading()} | NLTE`} />;
}
