// The roster's "Message every family" (issues 29 and 39): the form, the answer that accounts for every family ("Sent to
// 2 families. Not sent for Sofía Gómez: why"), the offer to keep the message for the families quiet hours alone held
// back ("Send at 8:00 AM", the end of quiet hours in the organisation's zone) and the coach's messages kept for this
// roster, each cancellable. Plain forms: it works without the page's script.
import { Form } from "react-router";
import { ScheduledList, type ScheduledItem } from "~/messaging/scheduled-list";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { FormError, TextAreaField } from "~/components/ui/field";
import { formatDateTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";

type Refused = Array<{ athlete: string; reason: string }>;

export type RosterMessageActionData =
  | { intent: "message"; error: string; fieldErrors?: Record<string, string | undefined> | null }
  | {
      intent: "message";
      content: string;
      sent: number;
      refused: Refused;
      later: { athleteIds: string[]; offer: { sendAt: string; label: string } } | null;
    }
  | { intent: "message-later"; scheduled: number; at: string; refused: Refused }
  | { intent: "message-later" | "cancel-scheduled"; error: string }
  | { intent: "cancel-scheduled"; cancelled: true };

function RefusedLines({ refused, words }: { refused: Refused; words: (r: { athlete: string; reason: string }) => string }) {
  return refused.map((r, i) => (
    <p key={i} className="text-sm text-red-800">
      {r.athlete ? words(r) : r.reason}
    </p>
  ));
}

export function RosterMessageForm({
  result,
  scheduled,
  busy,
}: {
  result: RosterMessageActionData | undefined;
  scheduled: ScheduledItem[];
  busy: boolean;
}) {
  const zone = useOrgTimeZone();
  const sendResult = result && "sent" in result ? result : null;
  return (
    <CardSection title={m.enroll_message_heading()}>
      <Form method="post" className="flex flex-col gap-3" noValidate>
        <input type="hidden" name="intent" value="message" />
        <p className="text-sm text-slate-700">{m.enroll_message_hint()}</p>
        <TextAreaField
          label={m.enroll_message_label()}
          name="content"
          rows={4}
          maxLength={4000}
          error={result?.intent === "message" && "fieldErrors" in result ? result.fieldErrors?.content : undefined}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {m.enroll_message_submit()}
          </Button>
        </div>
      </Form>
      {sendResult ? (
        <div role="status" className="mt-3 flex flex-col gap-1 text-slate-900" data-testid="roster-message-result">
          <p>{m.rosters_message_sent({ count: sendResult.sent })}</p>
          <RefusedLines refused={sendResult.refused} words={(r) => m.enroll_message_refused(r)} />
          {sendResult.later ? (
            <Form method="post" className="mt-2 flex flex-col gap-2 rounded-md bg-court-50 p-3">
              <input type="hidden" name="intent" value="message-later" />
              <input type="hidden" name="content" value={sendResult.content} />
              {sendResult.later.athleteIds.map((id) => (
                <input key={id} type="hidden" name="athleteIds" value={id} />
              ))}
              <p className="text-sm">{m.rosters_message_later_hint({ count: sendResult.later.athleteIds.length })}</p>
              <div>
                <Button type="submit" disabled={busy}>
                  {m.messaging_schedule_send_at({ time: sendResult.later.offer.label })}
                </Button>
              </div>
            </Form>
          ) : null}
        </div>
      ) : null}
      {result?.intent === "message-later" && "scheduled" in result ? (
        <Confirmation key={result.at + result.scheduled} className="mt-3">
          <p>{m.rosters_message_scheduled({ count: result.scheduled, when: result.at ? formatDateTime(result.at, zone) : "" })}</p>
          <RefusedLines refused={result.refused} words={(r) => m.rosters_message_not_scheduled(r)} />
        </Confirmation>
      ) : null}
      {result?.intent === "cancel-scheduled" && "cancelled" in result ? (
        <Confirmation className="mt-3">{m.messaging_schedule_cancelled()}</Confirmation>
      ) : null}
      {(result?.intent === "message-later" || result?.intent === "cancel-scheduled") && "error" in result ? (
        <FormError message={result.error} />
      ) : null}
      <ScheduledList items={scheduled} busy={busy} showTo className="mt-4" />
    </CardSection>
  );
}
