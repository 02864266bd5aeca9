// /staff/data-requests (issue 40, decision 0056): administrators' requests to delete a child's data, with their
// deadlines; each carried out (asked once first) or refused with a reason. requireAdmin first on the loader and the
// action; the rules are app/childdata's.
import { data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/staff.data-requests";
import { carryOutRequest, getRequestsForStaff, refuseRequest } from "~/childdata/index.server";
import { CarryOutSchema, RefuseSchema } from "~/childdata/schemas";
import { StaffRequestsPage, type StaffRequestsAnswer } from "~/childdata/staff-requests-page";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { askUnlessConfirmed } from "~/lib/confirm-action";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { requireAdmin } from "~/staff/index.server";
import { parseForm } from "~/lib/forms";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.childdata_staff_heading()} | NLTE`, description: m.childdata_staff_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { ...(await getRequestsForStaff(context.db)), now: context.config.safePlay.clock().toISOString() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "carry-out") {
    const { data: parsed } = parseForm(CarryOutSchema, form);
    if (!parsed) return data<StaffRequestsAnswer>({ intent, error: m.childdata_staff_gone() }, { status: 404 });
    const ask = askUnlessConfirmed(form);
    if (ask) return data<StaffRequestsAnswer>({ intent, requestId: parsed.requestId, ...ask });
    const r = await carryOutRequest(context, admin.id, parsed.requestId);
    if (!r.ok) return data<StaffRequestsAnswer>({ intent, requestId: parsed.requestId, error: r.error }, { status: 404 });
    return data<StaffRequestsAnswer>({ intent, done: m.childdata_staff_carried_out({ name: r.name }) });
  }
  if (intent === "refuse") {
    const requestId = String(form.get("requestId") ?? "");
    const { data: parsed, fieldErrors } = parseForm(RefuseSchema, form);
    if (!parsed) return data<StaffRequestsAnswer>({ intent, requestId, fieldErrors }, { status: 400 });
    const r = await refuseRequest(context, admin.id, parsed.requestId, parsed.reason);
    if (!r.ok) return data<StaffRequestsAnswer>({ intent, requestId, error: r.error }, { status: 404 });
    return data<StaffRequestsAnswer>({ intent, done: m.childdata_staff_refused_done({ name: r.name }) });
  }
  return data<StaffRequestsAnswer>({ intent, error: m.account_error_unknown_action() }, { status: 400 });
}

export default function StaffDataRequests({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return <StaffRequestsPage open={loaderData.open} closed={loaderData.closed} now={loaderData.now} answer={answer} busy={busy} />;
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.childdata_staff_heading()} documentTitle={`${m.childdata_staff_heading()} | NLTE`} />;
}
