// The coaches' inbox (/appointments/requests): one registration request or contact message, with its "handled" mark.
import { CheckCircle2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { ClientBadges, type ClientLabelWords } from "~/components/client-label";
import { Button } from "~/components/ui/button";
import type { ClientLabel } from "~/safe-play/safe-play";
import type { getContactMessages, getRegistrationRequests } from "~/forms/index.server";
import { formatDateTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";

type Registration = Awaited<ReturnType<typeof getRegistrationRequests>>[number];
type ContactMessage = Awaited<ReturnType<typeof getContactMessages>>[number];
type Labels = Record<string, ClientLabel | null | undefined>;

function Handled({
  kind,
  id,
  handledAt,
  handledByName,
  label,
}: {
  kind: string;
  id: string;
  handledAt: Date | string | null;
  handledByName: string | null;
  label: string;
}) {
  const navigation = useNavigation();
  const zone = useOrgTimeZone();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === id;
  if (handledAt) {
    return (
      <p className="flex items-center gap-1 text-sm font-medium text-court-800">
        <CheckCircle2 aria-hidden className="size-4" />{" "}
        {handledByName
          ? m.messaging_appt_handled_by({ name: handledByName, date: formatDateTime(handledAt, zone) })
          : m.messaging_appt_handled({ date: formatDateTime(handledAt, zone) })}
      </p>
    );
  }
  return (
    <Form method="post">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" disabled={busy} aria-label={m.messaging_appt_mark_label({ label })}>
        {busy ? m.messaging_appt_saving() : m.messaging_appt_mark()}
      </Button>
    </Form>
  );
}

export function RegistrationItem({ r, labels, words }: { r: Registration; labels: Labels; words: ClientLabelWords }) {
  const zone = useOrgTimeZone();
  return (
    <li className={`rounded-xl border p-5 ${r.handledAt ? "border-slate-200 bg-slate-50" : "border-court-200 bg-white shadow-sm"}`}>
      <article aria-label={m.messaging_appt_registration({ name: r.studentName })}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="text-lg font-semibold text-navy-900">
              {r.studentName}, {r.age}
            </h3>
            <p className="text-sm text-slate-600">{m.messaging_appt_received({ date: formatDateTime(r.createdAt, zone) })}</p>
          </div>
          <Handled kind="registration" id={r.id} handledAt={r.handledAt} handledByName={r.handledByName} label={r.studentName} />
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-semibold">{m.messaging_appt_skill()} </dt>
            <dd className="inline">{r.skillLevel}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">{m.messaging_appt_program()} </dt>
            <dd className="inline">{r.programInterest}</dd>
          </div>
          {r.sessionTitle ? (
            <div>
              <dt className="inline font-semibold">{m.enroll_reg_inbox_session()} </dt>
              <dd className="inline">{r.sessionTitle}</dd>
            </div>
          ) : null}
          <div>
            <dt className="inline font-semibold">{m.messaging_appt_parent()} </dt>
            <dd className="inline">{r.parentName}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">{m.messaging_appt_email()} </dt>
            <dd className="inline">
              <a className="text-court-800 underline" href={`mailto:${r.email}`}>
                {r.email}
              </a>{" "}
              <ClientBadges label={labels[r.email.toLowerCase()]} words={words} />
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">{m.messaging_appt_phone()} </dt>
            <dd className="inline">{r.phone}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">{m.messaging_appt_emergency()} </dt>
            <dd className="inline">{r.emergencyContact}</dd>
          </div>
        </dl>
      </article>
    </li>
  );
}

export function MessageItem({ message, labels, words }: { message: ContactMessage; labels: Labels; words: ClientLabelWords }) {
  const zone = useOrgTimeZone();
  return (
    <li className={`rounded-xl border p-5 ${message.handledAt ? "border-slate-200 bg-slate-50" : "border-court-200 bg-white shadow-sm"}`}>
      <article aria-label={m.messaging_appt_message_from({ name: message.name })}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="text-lg font-semibold text-navy-900">{message.name}</h3>
            <p className="text-sm text-slate-600">
              {m.messaging_appt_received({ date: formatDateTime(message.createdAt, zone) })} ·{" "}
              <a className="text-court-800 underline" href={`mailto:${message.email}`}>
                {message.email}
              </a>
              {message.phone ? ` · ${message.phone}` : ""}
            </p>
            <ClientBadges label={labels[message.email.toLowerCase()]} words={words} />
          </div>
          <Handled kind="contact" id={message.id} handledAt={message.handledAt} handledByName={message.handledByName} label={message.name} />
        </div>
        <p className="mt-3 whitespace-pre-line text-slate-800">{message.message}</p>
      </article>
    </li>
  );
}
