// The safeguarding lead's page (/safeguarding, Safe Play, decision 0022), section by section: a reported
// conversation read-only with its pause, the open reports with their outcome, suspended coaches, alerts, families
// waiting for confirmation and the log. The route guards and loads; these only show.
import { useId } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { formatDateTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import { Select } from "~/components/ui/controls";

/** The field errors of the form with this intent for this target (a report, a coach, a conversation). */
export type ErrorsFor = (intent: string, target: string) => Record<string, string | undefined>;

type Line = { id: string | number; createdAt: string; actor: string | null; action: string; athlete?: string | null; detail?: string | null };

/** A conversation a report names, read-only, with the lead's pause (and its reason) or the way to resume it. */
export function ReportedConversation({
  conversation,
  errorsFor,
}: {
  conversation: {
    id: string;
    participants: Array<{ name: string; role: string }>;
    messages: Array<{ id: string; sender: string | null; createdAt: string; type: string; content: string }>;
    pausedReason: string | null;
  };
  errorsFor: ErrorsFor;
}) {
  const zone = useOrgTimeZone();
  return (
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
  );
}

/** The open reports: what was reported and by whom, the outcome form, and a coach's suspension. */
export function OpenReports({
  reports,
  outcomes,
  suspended,
  errorsFor,
}: {
  reports: Array<{
    id: string;
    reporter: string | null;
    createdAt: string;
    reason: string;
    content: string;
    sender: string | null;
    sentAt: string;
    conversationId: string;
    coachId: string | null;
  }>;
  outcomes: Array<{ value: string; label: string }>;
  suspended: Array<{ id: string }>;
  errorsFor: ErrorsFor;
}) {
  const zone = useOrgTimeZone();
  return (
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
  );
}

/** Coaches whose messaging with minors is suspended, each with the way to lift it. */
export function SuspendedCoaches({ suspended }: { suspended: Array<{ id: string; name: string; at: string; reason: string }> }) {
  const zone = useOrgTimeZone();
  return (
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
  );
}

/** Every change that touches a family, until the lead marks them reviewed. */
export function Alerts({ alerts }: { alerts: Line[] }) {
  const zone = useOrgTimeZone();
  return (
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
  );
}

/** Families waiting for confirmation, each a link to its page. */
export function UnconfirmedFamilies({ families }: { families: Array<{ id: string; names: string[]; createdAt: string; linkedBefore: boolean }> }) {
  const zone = useOrgTimeZone();
  return (
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
  );
}

/** The safeguarding log, newest first. */
export function SafeguardingLog({ log }: { log: Line[] }) {
  const zone = useOrgTimeZone();
  return (
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
      <Select id={id} name="outcome" required aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{m.messaging_sg_choose_outcome()}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
