// /safeguarding: the safeguarding lead's page (Safe Play, decision 0022): open reports, a reported conversation
// read-only (?conversation=<id>, only conversations a report names), and the log of guardian links and changes.
// Everyone else gets 403 from requireSafeguardingLead, on the first line of the loader and the action.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/safeguarding";
import { requireSafeguardingLead } from "~/auth/safe-play.server";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { formatDateTime } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { getUnconfirmedHouseholds } from "~/models/family.server";
import { getOpenReports, getReportedConversation, getSafeguardingLog, resolveReport } from "~/models/reports.server";

export const meta = () => [
  ...pageMeta({ title: "Safeguarding | NLTE", description: "Reports and family changes for the safeguarding lead." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSafeguardingLead(request, context);
  const conversationId = new URL(request.url).searchParams.get("conversation");
  const [reports, families, log, conversation] = await Promise.all([
    getOpenReports(context.db),
    getUnconfirmedHouseholds(context.db),
    getSafeguardingLog(context.db),
    conversationId ? getReportedConversation(context.db, conversationId) : Promise.resolve(null),
  ]);
  if (conversationId && !conversation) throw data({ error: "No report names that conversation." }, { status: 404 });
  return { reports, log, conversation, families: families.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lead = await requireSafeguardingLead(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "resolve") throw data({ error: "Unknown request." }, { status: 400 });
  const done = await resolveReport(context.db, String(form.get("reportId") ?? ""), lead.id);
  if (!done) throw data({ error: "That report was not found or is already handled." }, { status: 404 });
  return { ok: true };
}

export default function Safeguarding({ loaderData }: Route.ComponentProps) {
  const { reports, log, conversation, families } = loaderData;
  const zone = useOrgTimeZone();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Safeguarding</h1>

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
          <Link to="/safeguarding" className={`${buttonClass("secondary")} mt-4`}>
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
                <Form method="post">
                  <input type="hidden" name="intent" value="resolve" />
                  <input type="hidden" name="reportId" value={r.id} />
                  <Button type="submit">Mark as handled</Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
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
