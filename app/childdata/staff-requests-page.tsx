// /staff/data-requests (issue 40, decision 0056): administrators see the open requests to delete a child's data, soonest
// deadline first (an overdue one says so), read the child's data before deciding, and carry a request out (asked once:
// the site's confirm control) or refuse it with a reason the family reads. The last requests handled follow.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Confirmation } from "~/components/ui/confirmation";
import { FormError, TextAreaField } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { formatDateIn } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import { requestStatus } from "./child-data-page";
import type { DataRequest } from "./requests.server";

export type StaffRequestsAnswer = {
  intent: string;
  requestId?: string;
  done?: string;
  error?: string;
  confirm?: string;
  fieldErrors?: Partial<Record<string, string>>;
};

function OpenRequest({ r, now, answer, busy }: { r: DataRequest; now: string; answer: StaffRequestsAnswer | undefined; busy: boolean }) {
  const zone = useOrgTimeZone();
  const day = (iso: string) => formatDateIn(iso, zone);
  const own = answer?.requestId === r.id ? answer : undefined;
  const headingId = `request-${r.id}`;
  const overdue = r.dueBy < now;
  return (
    <li className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {r.athleteName}
      </h3>
      <p className="text-slate-800">{m.childdata_staff_asked({ by: r.askedBy || "—", asked: day(r.askedAt) })}</p>
      <p className={overdue ? "font-semibold text-red-800" : "text-slate-800"}>
        {overdue ? m.childdata_staff_overdue({ due: day(r.dueBy) }) : m.childdata_staff_due({ due: day(r.dueBy) })}
      </p>
      <a
        href={localHref(`/account/family/data/${r.athleteId}`)}
        className="inline-flex min-h-11 items-center self-start font-semibold text-court-800 underline"
      >
        {m.childdata_read({ name: r.athleteName })}
      </a>
      {own?.error ? <FormError message={own.error} /> : null}
      <ConfirmAction
        fields={{ intent: "carry-out", requestId: r.id }}
        label={m.childdata_staff_carry_out({ name: r.athleteName })}
        question={m.childdata_staff_carry_out_question({ name: r.athleteName })}
        detail={m.childdata_staff_carry_out_detail()}
        confirmLabel={m.childdata_staff_carry_out_confirm()}
        asking={answer?.confirm ?? null}
        variant="danger"
        busy={busy}
        describedBy={headingId}
        className="self-start"
      />
      <Form method="post" className="flex flex-col gap-2" aria-label={m.childdata_staff_refuse({ name: r.athleteName })}>
        <input type="hidden" name="intent" value="refuse" />
        <input type="hidden" name="requestId" value={r.id} />
        <TextAreaField label={m.childdata_staff_reason()} name="reason" rows={2} maxLength={500} error={own?.fieldErrors?.reason} />
        <Button type="submit" variant="secondary" disabled={busy} className="self-start">
          {m.childdata_staff_refuse({ name: r.athleteName })}
        </Button>
      </Form>
    </li>
  );
}

export function StaffRequestsPage({
  open,
  closed,
  now,
  answer,
  busy,
}: {
  open: DataRequest[];
  closed: DataRequest[];
  now: string;
  answer: StaffRequestsAnswer | undefined;
  busy: boolean;
}) {
  const zone = useOrgTimeZone();
  const day = (iso: string) => formatDateIn(iso, zone);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{m.childdata_staff_heading()}</h1>
        <p className="mt-2 text-slate-800">{m.childdata_staff_intro()}</p>
      </div>
      {answer?.done ? <Confirmation>{answer.done}</Confirmation> : null}
      <CardSection title={m.childdata_staff_open({ count: open.length })}>
        {open.length === 0 ? <p className="text-slate-700">{m.childdata_staff_none()}</p> : null}
        <ul className="flex flex-col gap-4">
          {open.map((r) => (
            <OpenRequest key={r.id} r={r} now={now} answer={answer} busy={busy} />
          ))}
        </ul>
      </CardSection>
      <CardSection title={m.childdata_staff_closed()}>
        {closed.length === 0 ? <p className="text-slate-700">{m.childdata_staff_none()}</p> : null}
        <ul className="list-disc pl-5">
          {closed.map((r) => (
            <li key={r.id}>
              {m.childdata_staff_closed_line({ asked: day(r.askedAt), status: requestStatus(r.status), when: day(r.handledAt ?? r.askedAt) })}
              {r.reason ? `: ${r.reason}` : ""}
            </li>
          ))}
        </ul>
      </CardSection>
    </div>
  );
}
