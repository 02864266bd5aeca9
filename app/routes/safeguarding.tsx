// /safeguarding: the safeguarding lead's page (Safe Play, decision 0022), a process rather than a list: open reports
// (each gets an outcome and a note; the reporter sees it was reviewed), a reported conversation read-only
// (?conversation=<id>, only conversations a report names) that the lead can pause, coaches' messaging with minors
// suspended or lifted, the families waiting for confirmation, alerts (every change that touches a family, until
// reviewed) and the log. Everyone else gets 403 from requireSafeguardingLead, on the first line of the loader and
// the action.
import { useActionData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/safeguarding";
import { requireSafeguardingLead } from "~/safe-play/index.server";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { pageMeta } from "~/lib/meta";
import { REPORT_OUTCOMES, reportOutcomeLabel } from "~/safe-play/safe-play";
import { ProtectionRequests } from "~/family/protection-requests";
import { Alerts, OpenReports, ReportedConversation, SafeguardingLog, SuspendedCoaches, UnconfirmedFamilies } from "~/family/safeguarding-page";
import {
  decideProtectionRequest,
  getAlerts,
  getConversationPause,
  getOpenProtectionRequests,
  getOpenReports,
  getReportedConversation,
  getSafeguardingLog,
  getSuspendedCoaches,
  getUnconfirmedHouseholds,
  logActionLabel,
  markAlertsReviewed,
  resolveReport,
  setCoachSuspension,
  setConversationPause,
} from "~/family/index.server";
import { invariantResponse, notFound } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";
import { isUuid } from "~/lib/uuid";
import { Confirmation } from "~/components/ui/confirmation";
import { done, refusalOf, refused, says } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData ? pageMeta(loaderData.page) : []),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const lead = await requireSafeguardingLead(request, context);
  const conversationId = new URL(request.url).searchParams.get("conversation");
  const [requests, reports, families, alerts, suspended, log, conversation, pausedReason] = await Promise.all([
    getOpenProtectionRequests(context.db),
    getOpenReports(context.db),
    getUnconfirmedHouseholds(context.db),
    getAlerts(context.db, lead.id),
    getSuspendedCoaches(context.db),
    getSafeguardingLog(context.db),
    conversationId ? getReportedConversation(context.db, conversationId) : Promise.resolve(null),
    conversationId ? getConversationPause(context.db, conversationId) : Promise.resolve(null),
  ]);
  invariantResponse(!(conversationId && !conversation), m.messaging_sg_conversation_gone(), 404);
  // The log keeps what happened in English; the page says it in its language.
  const said = <T extends { action: string }>(line: T) => ({ ...line, action: logActionLabel(line.action) });
  return {
    page: { title: m.messaging_sg_title(), description: m.messaging_sg_description() },
    outcomes: REPORT_OUTCOMES.map((value) => ({ value, label: reportOutcomeLabel(value) })),
    reports,
    requests,
    log: log.map(said),
    alerts: alerts.map(said),
    suspended,
    conversation: conversation ? { ...conversation, pausedReason } : null,
    families: families.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  };
}

/** A zod message read when the issue is raised, so it is in the language of the request. */

const note = (missing: () => string) => z.string(says(missing)).trim().min(3, says(missing)).max(1000, says(m.messaging_sg_note_too_long));

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("resolve"),
    reportId: z.string().max(64),
    outcome: z.enum(REPORT_OUTCOMES, says(m.messaging_sg_outcome_required)),
    note: note(m.messaging_sg_write_note),
  }),
  z.object({ intent: z.literal("pause"), conversationId: z.string().max(64), reason: note(m.messaging_sg_write_pause) }),
  z.object({ intent: z.literal("resume"), conversationId: z.string().max(64) }),
  z.object({ intent: z.literal("suspend"), coachId: z.string().max(64), reason: note(m.messaging_sg_write_suspend) }),
  z.object({ intent: z.literal("lift"), coachId: z.string().max(64) }),
  z.object({ intent: z.literal("reviewed"), upTo: z.iso.datetime({ offset: true }) }),
  z.object({ intent: z.literal("approve"), requestId: z.string().max(64), sure: z.literal("yes", says(m.messaging_sg_protection_sure_required)) }),
  z.object({ intent: z.literal("refuse"), requestId: z.string().max(64) }),
]);

/** The row a refusal belongs to: the id its form sent (a report, a conversation, a coach or a protection request). */
const rowOf = (sent: Record<string, unknown>) => String(sent.reportId ?? sent.conversationId ?? sent.coachId ?? sent.requestId ?? "");

export async function action({ request, context }: Route.ActionArgs) {
  const lead = await requireSafeguardingLead(request, context);
  const raw = Object.fromEntries(await request.formData());
  const parsed = ActionSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    invariantResponse(!(fieldErrors.intent || fieldErrors.upTo), m.messaging_unknown_request());
    const values = Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === "string"));
    return refused({ intent: String(raw.intent), fieldErrors, values });
  }
  const input = parsed.data;
  switch (input.intent) {
    case "resolve":
      if (!(await resolveReport(context.db, input.reportId, lead.id, input.outcome, input.note))) notFound(m.messaging_sg_report_gone());
      return done({ message: m.messaging_sg_done_reviewed() });
    case "pause":
    case "resume":
      if (!(await setConversationPause(context.db, input.conversationId, lead.id, input.intent === "pause" ? input.reason : null)))
        notFound(m.messaging_sg_conversation_gone());
      return done({ message: input.intent === "pause" ? m.messaging_sg_done_paused() : m.messaging_sg_done_resumed() });
    case "suspend":
    case "lift":
      if (!(await setCoachSuspension(context.db, input.coachId, lead.id, input.intent === "suspend" ? input.reason : null)))
        notFound(m.messaging_sg_coach_gone());
      return done({ message: input.intent === "suspend" ? m.messaging_sg_done_suspended() : m.messaging_sg_done_lifted() });
    case "reviewed":
      await markAlertsReviewed(context.db, lead.id, new Date(input.upTo));
      return done({ message: m.messaging_sg_done_alerts() });
    case "approve":
    case "refuse":
      if (
        !isUuid(input.requestId) ||
        !(await decideProtectionRequest(context.db, lead.id, input.requestId, input.intent === "approve", context.config.safePlay))
      )
        notFound(m.messaging_sg_request_gone());
      return done({ message: input.intent === "approve" ? m.messaging_sg_done_approved() : m.messaging_sg_done_refused() });
  }
}

export default function Safeguarding({ loaderData }: Route.ComponentProps) {
  const { outcomes, reports, requests, log, conversation, families, alerts, suspended } = loaderData;
  const answer = useActionData<typeof action>();
  const refusal = refusalOf(answer);
  const errorsFor = (intent: string, target: string) =>
    refusal?.intent === intent && rowOf(refusal.values ?? {}) === target ? refusal.fieldErrors : {};
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{m.messaging_sg_heading()}</h1>
      {answer?.ok ? <Confirmation>{answer.message}</Confirmation> : null}
      <ProtectionRequests requests={requests} errorsFor={(id) => errorsFor("approve", id)} />

      {conversation ? <ReportedConversation conversation={conversation} errorsFor={errorsFor} /> : null}

      <OpenReports reports={reports} outcomes={outcomes} suspended={suspended} errorsFor={errorsFor} />

      <SuspendedCoaches suspended={suspended} />

      <Alerts alerts={alerts} />

      <UnconfirmedFamilies families={families} />

      <SafeguardingLog log={log} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.messaging_sg_heading()} documentTitle={m.messaging_sg_title()} />;
}
