// The sender's messages kept for the end of quiet hours (issue 39): when each goes, to whom, and a plain form to cancel
// it; one refused at its time says why (Safe Play asked again then). The conversation page and the roster show it;
// the page's action answers intent "cancel-scheduled" through messaging's cancelScheduledMessage (its sender only).
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";

/** A kept message as the server lists it (messaging's ScheduledView). */
export type ScheduledItem = {
  id: string;
  to: string;
  content: string;
  sendAt: string;
  status: "scheduled" | "refused";
  reason: string | null;
};

export function ScheduledList({
  items,
  busy,
  showTo = false,
  className = "",
}: {
  items: ScheduledItem[];
  busy: boolean;
  showTo?: boolean;
  className?: string;
}) {
  const zone = useOrgTimeZone();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="scheduled-heading" className={className} data-testid="scheduled-messages">
      <h2 id="scheduled-heading" className="text-sm font-semibold text-slate-900">
        {m.messaging_schedule_heading()}
      </h2>
      <ul className="mt-1 flex flex-col gap-2">
        {items.map((s) => {
          const when = formatDateTime(s.sendAt, zone);
          return (
            <li key={s.id} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-900" data-scheduled={s.status}>
              {showTo && s.to ? <p className="font-medium">{m.messaging_schedule_to({ names: s.to })}</p> : null}
              <p className="whitespace-pre-wrap break-words">{s.content}</p>
              {s.status === "scheduled" ? (
                <div className="mt-1 flex flex-wrap items-center gap-3">
                  <span className="text-slate-700">{m.messaging_schedule_waiting({ when })}</span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="cancel-scheduled" />
                    <input type="hidden" name="scheduledId" value={s.id} />
                    <Button type="submit" variant="secondary" disabled={busy}>
                      {m.messaging_schedule_cancel()}
                    </Button>
                  </Form>
                </div>
              ) : (
                <p className="mt-1 text-red-800">{m.messaging_schedule_refused({ when, reason: s.reason ?? "" })}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
