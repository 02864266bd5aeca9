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
import { SelectField } from "~/components/public/form-fields";
import { Field } from "~/components/ui/field";
import { formatDateTime } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { REPORT_OUTCOMES } from "~/family/safe-play";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { getUnconfirmedHouseholds } from "~/family/households.server";
import {
  getAlerts,
  getConversationPause,
  getOpenReports,
  getReportedConversation,
  getSafeguardingLog,
  getSuspendedCoaches,
  markAlertsReviewed,
  resolveReport,
  setCoachSuspension,
  setConversationPause,
} from "~/family/reports.server";
import { invariantResponse } from "~/lib/responses.server";

export const meta = () => [
  ...pageMeta({ title: "Safeguarding | NLTE", description: "Reports and family changes for the safeguarding lead." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const lead = await requireSafeguardingLead(request, context);
  const conversationId = new URL(request.url).searchParams.get("conversation");
  const [reports, families, alerts, suspended, log, conversation, pausedReason] = await Promise.all([
    getOpenReports(context.db),
    getUnconfirmedHouseholds(context.db),
    getAlerts(context.db, lead.id),
    getSuspendedCoaches(context.db),
    getSafeguardingLog(context.db),
    conversationId ? getReportedConversation(context.db, conversationId) : Promise.resolve(null),
    conversationId ? getConversationPause(context.db, conversationId) : Promise.resolve(null),
  ]);
  invariantResponse(!(conversationId && !conversation), "No report names that conversation.", 404);
  return {
    reports,
    log,
    alerts,
    suspended,
    conversation: conversation ? { ...conversation, pausedReason } : null,
    families: families.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  };
}

const note = (what: string) =>
  z
    .string({ error: `Please write ${what}.` })
    .trim()
    .min(3, `Please write ${what}.`)
    .max(1000, "Please keep it under 1,000 characters.");

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("resolve"),
    reportId: z.string().max(64),
    outcome: z.enum(REPORT_OUTCOMES, { error: "Please choose an outcome." }),
    note: note("a note"),
  }),
  z.object({ intent: z.literal("pause"), conversationId: z.string().max(64), reason: note("why the conversation is paused") }),
  z.object({ intent: z.literal("resume"), conversationId: z.string().max(64) }),
  z.object({ intent: z.literal("suspend"), coachId: z.string().max(64), reason: note("why the coach is suspended") }),
  z.object({ intent: z.literal("lift"), coachId: z.string().max(64) }),
  z.object({ intent: z.literal("reviewed"), upTo: z.iso.datetime({ offset: true }) }),
]);

type ActionData = { ok?: boolean; intent?: string; target?: string; fieldErrors?: Record<string, string>; done?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const lead = await requireSafeguardingLead(request, context);
  const raw = Object.fromEntries(await request.formData());
  const parsed = ActionSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    invariantResponse(!(fieldErrors.intent || fieldErrors.upTo), "Unknown request.");
    const target = String(raw.reportId ?? raw.conversationId ?? raw.coachId ?? "");
    return data<ActionData>({ intent: String(raw.intent), target, fieldErrors }, { status: 400 });
  }
  const input = parsed.data;
  const gone = (what: string) => data({ error: what }, { status: 404 });
  switch (input.intent) {
    case "resolve":
      if (!(await resolveReport(context.db, input.reportId, lead.id, input.outcome, input.note)))
        throw gone("That report was not found or is already reviewed.");
      return data<ActionData>({ ok: true, done: "The report was reviewed. The person who reported it sees that it was." });
    case "pause":
    case "resume":
      if (!(await setConversationPause(context.db, input.conversationId, lead.id, input.intent === "pause" ? input.reason : null)))
        throw gone("No report names that conversation.");
      return data<ActionData>({
        ok: true,
        done: input.intent === "pause" ? "The conversation is paused: nobody can send in it." : "The conversation is resumed.",
      });
    case "suspend":
    case "lift":
      if (!(await setCoachSuspension(context.db, input.coachId, lead.id, input.intent === "suspend" ? input.reason : null)))
        throw gone("No report names a message of that coach.");
      return data<ActionData>({
        ok: true,
        done: input.intent === "suspend" ? "The coach can no longer message student-athletes under 18." : "The coach's suspension is lifted.",
      });
    case "reviewed":
      await markAlertsReviewed(context.db, lead.id, new Date(input.upTo));
      return data<ActionData>({ ok: true, done: "Alerts marked as reviewed." });
  }
}

export default function Safeguarding({ loaderData }: Route.ComponentProps) {
  const { reports, log, conversation, families, alerts, suspended } = loaderData;
  const answer = useActionData<ActionData>();
  const errorsFor = (intent: string, target: string) => (answer?.intent === intent && answer.target === target ? (answer.fieldErrors ?? {}) : {});
  const zone = useOrgTimeZone();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Safeguarding</h1>
      {answer?.done ? (
        <p role="status" className="rounded-md border border-court-300 bg-court-50 px-3 py-2 text-slate-900">
          {answer.done}
        </p>
      ) : null}

      {conversation ? (
        <section aria-labelledby="conversation-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="conversation-heading" className="text-lg font-semibold text-slate-900">
            Reported conversation (read-only)
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Participants: {conversation.participants.map((p) => `${p.name} (${p.role === "coach" ? "Coach" : "Client"})`).join(", ")}
          </p>
          <ol className="mt-4 flex flex-col gap-2" aria-label="Messages of the reported conversation">
            {conversation.messages.map((m) => (
              <li key={m.id} className="rounded-md border border-slate-200 px-3 py-2">
                <p className="text-xs text-slate-700">
                  {m.sender} · <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, zone)}</time>
                </p>
                <p className="whitespace-pre-wrap break-words text-slate-900">{m.type === "text" ? m.content : `[File: ${m.content}]`}</p>
              </li>
            ))}
          </ol>
          {conversation.pausedReason ? (
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
              <p className="text-slate-900">Paused: {conversation.pausedReason}</p>
              <input type="hidden" name="intent" value="resume" />
              <input type="hidden" name="conversationId" value={conversation.id} />
              <Button type="submit" variant="secondary">
                Resume the conversation
              </Button>
            </Form>
          ) : (
            <Form method="post" className="mt-4 flex flex-col gap-3">
              <input type="hidden" name="intent" value="pause" />
              <input type="hidden" name="conversationId" value={conversation.id} />
              <Field
                label="Why pause this conversation? (everyone in it reads this)"
                name="reason"
                required
                error={errorsFor("pause", conversation.id).reason}
              />
              <Button type="submit" className="self-start">
                Pause the conversation
              </Button>
            </Form>
          )}
          <Link to={localHref("/safeguarding")} className={`${buttonClass("secondary")} mt-4`}>
            Back to the reports
          </Link>
        </section>
      ) : null}

      <section aria-labelledby="reports-heading">
        <h2 id="reports-heading" className="text-xl font-semibold text-slate-900">
          Open reports
        </h2>
        {reports.length === 0 ? <p className="mt-2 text-slate-800">No open reports.</p> : null}
        <ul className="mt-3 flex flex-col gap-3" aria-label="Open reports">
          {reports.map((r) => (
            <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="text-sm text-slate-700">
                Reported by {r.reporter ?? "a deleted account"} · <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, zone)}</time>
              </p>
              <p className="mt-1 text-slate-900">
                <span className="font-semibold">Reason:</span> {r.reason}
              </p>
              <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-slate-900">
                <p className="whitespace-pre-wrap break-words">{r.content}</p>
                <footer className="text-sm text-slate-700">
                  {r.sender ?? "Unknown User"}, <time dateTime={r.sentAt}>{formatDateTime(r.sentAt, zone)}</time>
                </footer>
              </blockquote>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link to={`/safeguarding?${new URLSearchParams({ conversation: r.conversationId })}`} className={buttonClass("secondary")}>
                  Read the conversation
                </Link>
              </div>
              <Form method="post" className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
                <input type="hidden" name="intent" value="resolve" />
                <input type="hidden" name="reportId" value={r.id} />
                <SelectField
                  label="Outcome"
                  name="outcome"
                  placeholder="Choose an outcome"
                  required
                  options={REPORT_OUTCOMES}
                  error={errorsFor("resolve", r.id).outcome}
                />
                <Field label="Note (for the log)" name="note" required error={errorsFor("resolve", r.id).note} />
                <Button type="submit" className="self-start">
                  Save the outcome
                </Button>
              </Form>
              {r.coachId && !suspended.some((c) => c.id === r.coachId) ? (
                <details className="mt-3">
                  <summary className="cursor-pointer text-sm font-medium text-court-800">Suspend {r.sender}&apos;s messaging with minors</summary>
                  <Form method="post" className="mt-2 flex flex-col gap-3">
                    <input type="hidden" name="intent" value="suspend" />
                    <input type="hidden" name="coachId" value={r.coachId} />
                    <Field label="Why? (for the log)" name="reason" required error={errorsFor("suspend", r.coachId).reason} />
                    <Button type="submit" variant="secondary" className="self-start">
                      Suspend messaging with minors
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
          Coaches suspended from messaging minors
        </h2>
        {suspended.length === 0 ? <p className="mt-2 text-slate-800">None.</p> : null}
        <ul className="mt-3 flex flex-col gap-2" aria-label="Coaches suspended from messaging minors">
          {suspended.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-3 py-2">
              <span>
                <span className="font-medium">{c.name}</span> · since <time dateTime={c.at}>{formatDateTime(c.at, zone)}</time>: {c.reason}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="lift" />
                <input type="hidden" name="coachId" value={c.id} />
                <Button type="submit" variant="secondary">
                  Lift {c.name}&apos;s suspension
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="alerts-heading">
        <h2 id="alerts-heading" className="text-xl font-semibold text-slate-900">
          Alerts: changes to families
        </h2>
        {alerts.length === 0 ? <p className="mt-2 text-slate-800">Nothing new since you last reviewed.</p> : null}
        <ul className="mt-3 flex flex-col gap-2" aria-label="Alerts">
          {alerts.map((a) => (
            <li key={a.id} className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900">
              <time dateTime={a.createdAt}>{formatDateTime(a.createdAt, zone)}</time> · {a.actor ?? "Unknown"} · {a.action}
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
              Mark these as reviewed
            </Button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="families-heading">
        <h2 id="families-heading" className="text-xl font-semibold text-slate-900">
          Families waiting for confirmation
        </h2>
        {families.length === 0 ? <p className="mt-2 text-slate-800">Every family is confirmed.</p> : null}
        <ul className="mt-3 flex flex-col gap-2" aria-label="Families waiting for confirmation">
          {families.map((f) => (
            <li key={f.id} className="rounded-md border border-slate-200 bg-white px-3 py-2 text-slate-900">
              <Link to={`/families/${f.id}`} className="font-medium text-court-800 underline underline-offset-2">
                {f.names.join(", ") || "A family"}
              </Link>
              <span className="text-sm text-slate-700">
                {" "}
                · since <time dateTime={f.createdAt}>{formatDateTime(f.createdAt, zone)}</time>
                {f.linkedBefore ? " · linked before confirmation began (its conversations go on)" : ""}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="log-heading">
        <h2 id="log-heading" className="text-xl font-semibold text-slate-900">
          Family changes
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Who changed what, and when</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-800">
                <th scope="col" className="py-2 pr-3">
                  When
                </th>
                <th scope="col" className="py-2 pr-3">
                  Who
                </th>
                <th scope="col" className="py-2 pr-3">
                  What
                </th>
                <th scope="col" className="py-2 pr-3">
                  Athlete
                </th>
                <th scope="col" className="py-2">
                  Details
                </th>
              </tr>
            </thead>
            <tbody>
              {log.map((l) => (
                <tr key={l.id} className="border-b border-slate-100 text-slate-900">
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <time dateTime={l.createdAt}>{formatDateTime(l.createdAt, zone)}</time>
                  </td>
                  <td className="py-2 pr-3">{l.actor ?? "Unknown"}</td>
                  <td className="py-2 pr-3">{l.action}</td>
                  <td className="py-2 pr-3">{l.athlete ?? ""}</td>
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

export function ErrorBoundary() {
  return <RefusalBoundary title="Safeguarding" />;
}
