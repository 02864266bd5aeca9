// /safeguarding: the safeguarding lead's page (Safe Play, decision 0022), a process rather than a list: open reports
// (each gets an outcome and a note; the reporter sees it was reviewed), a reported conversation read-only
// (?conversation=<id>, only conversations a report names) that the lead can pause, coaches' messaging with minors
// suspended or lifted, the families waiting for confirmation, alerts (every change that touches a family, until
// reviewed) and the log. Everyone else gets 403 from requireSafeguardingLead, on the first line of the loader and
// the action.
import { data, Form, Link, useActionData } from "react-router";
import { localHref } from "~/i18n/locale";
import { z } from "zod";
import type { Route } from "./+types/safeguarding";
import { requireSafeguardingLead } from "~/family/safe-play.server";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatDateTime } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { REPORT_OUTCOMES, reportOutcomeLabel } from "~/family/safe-play";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { getUnconfirmedHouseholds } from "~/family/index.server";
import { decideProtectionRequest, getOpenProtectionRequests } from "~/family/index.server";
import { ProtectionRequests } from "~/family/protection-requests";
import {
  getAlerts,
  getConversationPause,
  getOpenReports,
  getReportedConversation,
  getSafeguardingLog,
  getSuspendedCoaches,
  logActionLabel,
  markAlertsReviewed,
  resolveReport,
  setCoachSuspension,
  setConversationPause,
} from "~/family/index.server";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";
import { useId } from "react";
import { isUuid } from "~/lib/uuid";
import { Confirmation } from "~/components/ui/confirmation";

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
const says = (message: () => string) => ({ error: () => message() });

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

type ActionData = { ok?: boolean; intent?: string; target?: string; fieldErrors?: Record<string, string>; done?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const lead = await requireSafeguardingLead(request, context);
  const raw = Object.fromEntries(await request.formData());
  const parsed = ActionSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    invariantResponse(!(fieldErrors.intent || fieldErrors.upTo), m.messaging_unknown_request());
    const target = String(raw.reportId ?? raw.conversationId ?? raw.coachId ?? raw.requestId ?? "");
    return data<ActionData>({ intent: String(raw.intent), target, fieldErrors }, { status: 400 });
  }
  const input = parsed.data;
  const gone = (what: string) => data({ error: what }, { status: 404 });
  switch (input.intent) {
    case "resolve":
      if (!(await resolveReport(context.db, input.reportId, lead.id, input.outcome, input.note))) throw gone(m.messaging_sg_report_gone());
      return data<ActionData>({ ok: true, done: m.messaging_sg_done_reviewed() });
    case "pause":
    case "resume":
      if (!(await setConversationPause(context.db, input.conversationId, lead.id, input.intent === "pause" ? input.reason : null)))
        throw gone(m.messaging_sg_conversation_gone());
      return data<ActionData>({ ok: true, done: input.intent === "pause" ? m.messaging_sg_done_paused() : m.messaging_sg_done_resumed() });
    case "suspend":
    case "lift":
      if (!(await setCoachSuspension(context.db, input.coachId, lead.id, input.intent === "suspend" ? input.reason : null)))
        throw gone(m.messaging_sg_coach_gone());
      return data<ActionData>({ ok: true, done: input.intent === "suspend" ? m.messaging_sg_done_suspended() : m.messaging_sg_done_lifted() });
    case "reviewed":
      await markAlertsReviewed(context.db, lead.id, new Date(input.upTo));
      return data<ActionData>({ ok: true, done: m.messaging_sg_done_alerts() });
    case "approve":
    case "refuse":
      if (
        !isUuid(input.requestId) ||
        !(await decideProtectionRequest(context.db, lead.id, input.requestId, input.intent === "approve", context.config.safePlay))
      )
        throw gone(m.messaging_sg_request_gone());
      return data<ActionData>({ ok: true, done: input.intent === "approve" ? m.messaging_sg_done_approved() : m.messaging_sg_done_refused() });
  }
}

export default function Safeguarding({ loaderData }: Route.ComponentProps) {
  const { outcomes, reports, requests, log, conversation, families, alerts, suspended } = loaderData;
  const answer = useActionData<ActionData>();
  const errorsFor = (intent: string, target: string) => (answer?.intent === intent && answer.target === target ? (answer.fieldErrors ?? {}) : {});
  const zone = useOrgTimeZone();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{m.messaging_sg_heading()}</h1>
      {answer?.done ? <Confirmation>{answer.done}</Confirmation> : null}
      <ProtectionRequests requests={requests} errorsFor={(id) => errorsFor("approve", id)} />

      {conversation ? (
        <section aria-labelledby="conversation-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="conversation-heading" className="text-lg font-semibold text-slate-900">
            {m.messaging_sg_reported_conversation()}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {m.messaging_sg_participants({
              names: conversation.participants
                .map((p) => `${p.name} (${p.role === "coach" ? m.messaging_role_coach() : m.messaging_role_client()})`)
                .join(", "),
            })}
          </p>
          <ol className="mt-4 flex flex-col gap-2" aria-label={m.messaging_sg_messages()}>
            {conversation.messages.map((message) => (
              <li key={message.id} className="rounded-md border border-slate-200 px-3 py-2">
                <p className="text-xs text-slate-700">
                  {message.sender ?? m.messaging_unknown_user()} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, zone)}</time>
                </p>
                <p className="whitespace-pre-wrap break-words text-slate-900">
                  {message.type === "text" ? message.content : m.messaging_card_file({ name: message.content })}
                </p>
              </li>
            ))}
          </ol>
          {conversation.pausedReason ? (
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
              <p className="text-slate-900">{m.messaging_sg_paused({ reason: conversation.pausedReason })}</p>
              <input type="hidden" name="intent" value="resume" />
              <input type="hidden" name="conversationId" value={conversation.id} />
              <Button type="submit" variant="secondary">
                {m.messaging_sg_resume()}
              </Button>
            </Form>
          ) : (
            <Form method="post" className="mt-4 flex flex-col gap-3">
              <input type="hidden" name="intent" value="pause" />
              <input type="hidden" name="conversationId" value={conversation.id} />
              <Field label={m.messaging_sg_pause_why()} name="reason" required error={errorsFor("pause", conversation.id).reason} />
              <Button type="submit" className="self-start">
                {m.messaging_sg_pause()}
              </Button>
            </Form>
          )}
          <Link to={localHref("/safeguarding")} className={`${buttonClass("secondary")} mt-4`}>
            {m.messaging_sg_back()}
          </Link>
        </section>
      ) : null}

      <section aria-labelledby="reports-heading">
        <h2 id="reports-heading" className="text-xl font-semibold text-slate-900">
          {m.messaging_sg_open_reports()}
        </h2>
        {reports.length === 0 ? <p className="mt-2 text-slate-800">{m.messaging_sg_no_reports()}</p> : null}
        <ul className="mt-3 flex flex-col gap-3" aria-label={m.messaging_sg_open_reports()}>
          {reports.map((r) => (
            <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="text-sm text-slate-700">
                {m.messaging_sg_reported_by({ name: r.reporter ?? m.messaging_sg_deleted_account() })} ·{" "}
                <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, zone)}</time>
              </p>
              <p className="mt-1 text-slate-900">
                <span className="font-semibold">{m.messaging_sg_reason()}</span> {r.reason}
              </p>
              <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-slate-900">
                <p className="whitespace-pre-wrap break-words">{r.content}</p>
                <footer className="text-sm text-slate-700">
                  {r.sender ?? m.messaging_unknown_user()}, <time dateTime={r.sentAt}>{formatDateTime(r.sentAt, zone)}</time>
                </footer>
              </blockquote>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link to={localHref(`/safeguarding?${new URLSearchParams({ conversation: r.conversationId })}`)} className={buttonClass("secondary")}>
                  {m.messaging_sg_read()}
                </Link>
              </div>
              <Form method="post" className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
                <input type="hidden" name="intent" value="resolve" />
                <input type="hidden" name="reportId" value={r.id} />
                <OutcomeField options={outcomes} error={errorsFor("resolve", r.id).outcome} />
                <Field label={m.messaging_sg_note()} name="note" required error={errorsFor("resolve", r.id).note} />
                <Button type="submit" className="self-start">
                  {m.messaging_sg_save_outcome()}
                </Button>
              </Form>
              {r.coachId && !suspended.some((c) => c.id === r.coachId) ? (
                <details className="mt-3">
                  <summary className="cursor-pointer text-sm font-medium text-court-800">
                    {m.messaging_sg_suspend_of({ name: r.sender ?? m.messaging_unknown_user() })}
                  </summary>
                  <Form method="post" className="mt-2 flex flex-col gap-3">
                    <input type="hidden" name="intent" value="suspend" />
                    <input type="hidden" name="coachId" value={r.coachId} />
                    <Field label={m.messaging_sg_why()} name="reason" required error={errorsFor("suspend", r.coachId).reason} />
                    <Button type="submit" variant="secondary" className="self-start">
                      {m.messaging_sg_suspend()}
                    </Button>
                  </Form>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="suspended-heading">
        <h2 id="suspended-heading" className="text-xl font-semibold text-slate-900">
          {m.messaging_sg_suspended()}
        </h2>
        {suspended.length === 0 ? <p className="mt-2 text-slate-800">{m.messaging_sg_none()}</p> : null}
        <ul className="mt-3 flex flex-col gap-2" aria-label={m.messaging_sg_suspended()}>
          {suspended.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-3 py-2">
              <span>
                <span className="font-medium">{c.name}</span> · {m.messaging_sg_since()} <time dateTime={c.at}>{formatDateTime(c.at, zone)}</time>:{" "}
                {c.reason}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="lift" />
                <input type="hidden" name="coachId" value={c.id} />
                <Button type="submit" variant="secondary">
                  {m.messaging_sg_lift({ name: c.name })}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="alerts-heading">
        <h2 id="alerts-heading" className="text-xl font-semibold text-slate-900">
          {m.messaging_sg_alerts_heading()}
        </h2>
        {alerts.length === 0 ? <p className="mt-2 text-slate-800">{m.messaging_sg_nothing_new()}</p> : null}
        <ul className="mt-3 flex flex-col gap-2" aria-label={m.messaging_sg_alerts()}>
          {alerts.map((a) => (
            <li key={a.id} className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900">
              <time dateTime={a.createdAt}>{formatDateTime(a.createdAt, zone)}</time> · {a.actor ?? m.messaging_sg_unknown()} · {a.action}
              {a.athlete ? ` · ${a.athlete}` : ""}
              {a.detail ? ` · ${a.detail}` : ""}
            </li>
          ))}
        </ul>
        {alerts.length ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="reviewed" />
            <input type="hidden" name="upTo" value={alerts[0]!.createdAt} />
            <Button type="submit" variant="secondary">
              {m.messaging_sg_mark_reviewed()}
            </Button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="families-heading">
        <h2 id="families-heading" className="text-xl font-semibold text-slate-900">
          {m.messaging_sg_families()}
        </h2>
        {families.length === 0 ? <p className="mt-2 text-slate-800">{m.messaging_sg_all_confirmed()}</p> : null}
        <ul className="mt-3 flex flex-col gap-2" aria-label={m.messaging_sg_families()}>
          {families.map((f) => (
            <li key={f.id} className="rounded-md border border-slate-200 bg-white px-3 py-2 text-slate-900">
              <Link to={localHref(`/families/${f.id}`)} className="font-medium text-court-800 underline underline-offset-2">
                {f.names.join(", ") || m.messaging_sg_a_family()}
              </Link>
              <span className="text-sm text-slate-700">
                {" "}
                · {m.messaging_sg_since()} <time dateTime={f.createdAt}>{formatDateTime(f.createdAt, zone)}</time>
                {f.linkedBefore ? m.messaging_sg_linked_before() : ""}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="log-heading">
        <h2 id="log-heading" className="text-xl font-semibold text-slate-900">
          {m.messaging_sg_log()}
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{m.messaging_sg_log_caption()}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-800">
                <th scope="col" className="py-2 pr-3">
                  {m.messaging_sg_when()}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {m.messaging_sg_who()}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {m.messaging_sg_what()}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {m.messaging_sg_athlete()}
                </th>
                <th scope="col" className="py-2">
                  {m.messaging_sg_details()}
                </th>
              </tr>
            </thead>
            <tbody>
              {log.map((l) => (
                <tr key={l.id} className="border-b border-slate-100 text-slate-900">
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <time dateTime={l.createdAt}>{formatDateTime(l.createdAt, zone)}</time>
                  </td>
                  <td className="py-2 pr-3">{l.actor ?? m.messaging_sg_unknown()}</td>
                  <td className="py-2 pr-3">{l.action}</td>
                  <td className="py-2 pr-3">{l.athlete === "" ? m.messaging_sg_athlete() : (l.athlete ?? "")}</td>
                  <td className="py-2">{l.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

/** The outcome of a report: stored as its English value, shown in the page's language. */
function OutcomeField({ options, error }: { options: Array<{ value: string; label: string }>; error: string | undefined }) {
  const id = `outcome-${useId()}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {m.messaging_sg_outcome()}
      </label>
      <select
        id={id}
        name="outcome"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-invalid:border-red-700"
      >
        <option value="">{m.messaging_sg_choose_outcome()}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.messaging_sg_heading()} documentTitle={m.messaging_sg_title()} />;
}
