// /account/enrollments: each child's programs, status, level and its history, upcoming sessions and attendance
// (issue 29). A guardian sees their household's athletes, an athlete themselves; nobody else's. The family takes an
// offered place or withdraws a request here (plain forms). requireFamilyMember first; the rules are enrollment's.
// Requests a visitor sent with a guardian's verified address wait here, first, for that guardian's keep or drop
// (issue 37): nothing of them is anywhere else until kept.
import { useActionData, useNavigation } from "react-router";
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
import { isVisitorRequestAnswer as isVisitorAnswer } from "~/enrollment/visitor-requests-types";
import { VisitorRequestsSection } from "~/enrollment/visitor-requests-section";
import { getLocale } from "~/i18n/language";
import { askUnlessConfirmed } from "~/lib/confirm-action";
import { done, refused, refusalOf } from "~/lib/forms";
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
const isVisitorRequestIntent = (v: unknown) => (VISITOR_REQUEST_INTENTS as readonly unknown[]).includes(v);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireFamilyMember(request, context);
  const form = await request.formData();
  if (isVisitorRequestIntent(form.get("intent"))) {
    return answerVisitorRequest(context, user, form);
  }
  // A withdrawal is asked once (issue 39): unconfirmed, nothing changes and the page asks (a success carrying the question).
  const ask = form.get("intent") === "withdraw" ? askUnlessConfirmed(form) : null;
  if (ask) return done<{ confirm: string }>({ intent: "withdraw", ...ask });
  const parsed = AnswerSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refused<{ enrollmentId?: string }>({ formError: m.enroll_error_unknown() });
  const { enrollmentId, intent } = parsed.data;
  const result = await answerAsFamily(context, user, enrollmentId, intent);
  // Which request's card says why: its hidden id, among what was sent.
  if (!result.ok) return refused<{ enrollmentId?: string }>({ intent, values: { enrollmentId }, formError: result.error }, result.status);
  const title = intent === "accept" ? m.enroll_accepted_toast() : m.enroll_withdrawn_toast();
  throw await redirectWithToast(context, "/account/enrollments", { type: "success", title, inPage: true });
}

export default function AccountEnrollments({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  // The visitor requests' answers (keep or drop) are theirs; the rest are the children's requests'.
  const visitor = actionData && isVisitorAnswer(actionData) ? actionData : undefined;
  const mine = actionData && !isVisitorAnswer(actionData) ? actionData : undefined;
  const refusal = refusalOf(mine);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.enroll_family_heading()} intro={m.enroll_family_intro()} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        {loaderData.sent ? <Confirmation key={loaderData.sent}>{loaderData.sent}</Confirmation> : null}
        <VisitorRequestsSection requests={loaderData.visitorRequests} answer={visitor} busy={busy} />
        {refusal && !refusal.values?.enrollmentId ? <FormError message={refusal.formError} /> : null}
        {loaderData.children.length === 0 ? <p className="text-slate-800">{m.enroll_family_no_children()}</p> : null}
        {loaderData.children.map((child) => (
          <FamilyChildCard
            key={child.athleteId}
            child={child}
            error={refusal}
            busy={busy}
            requestDates={loaderData.requestDates}
            asking={(mine?.ok && "confirm" in mine && mine.confirm) || null}
          />
        ))}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.enroll_family_heading()} documentTitle={`${m.enroll_family_heading()} | NLTE`} />;
}
