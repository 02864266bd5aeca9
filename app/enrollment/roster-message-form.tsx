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
import { refusalOf, type ActionResult } from "~/lib/form-errors";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";

type Refused = Array<{ athlete: string; reason: string }>;

/** The message form's intents: its answers are read by this form only. */
export const ROSTER_MESSAGE_INTENTS: readonly string[] = ["message", "message-later", "cancel-scheduled"];

/**
 * What the message forms answered (ActionResult, decision 0077): a send accounts for every family (`sent`, `refused`)
 * and may offer to keep it for those quiet hours alone held back (`later`); a send kept for later says how many and
 * when; a cancelled one says so (`message`). A refusal's words are beside the message (`fieldErrors.content`) or the
 * form's (`formError`).
 */
export type RosterMessageAnswer = ActionResult<RosterMessageSent | RosterMessageKept | { intent: "cancel-scheduled" }>;

/** A send to every family, accounted for: how many had it, who did not and why, and the offer to send later. */
export type RosterMessageSent = {
  intent: "message";
  content: string;
  sent: number;
  refused: Refused;
  later: { athleteIds: string[]; offer: { sendAt: string; label: string } } | null;
};

/** A send kept for the end of quiet hours: for how many families, when, and who it could not be kept for. */
export type RosterMessageKept = { intent: "message-later"; scheduled: number; at: string; refused: Refused };

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
  result: RosterMessageAnswer | undefined;
  scheduled: ScheduledItem[];
  busy: boolean;
}) {
  const zone = useOrgTimeZone();
  const sendResult = result?.ok && result.intent === "message" ? result : null;
  const kept = result?.ok && result.intent === "message-later" ? result : null;
  const refusal = refusalOf(result);
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
          error={refusal?.intent === "message" ? refusal.fieldErrors.content : undefined}
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
      {kept ? (
        <Confirmation key={kept.at + kept.scheduled} className="mt-3">
          <p>{m.rosters_message_scheduled({ count: kept.scheduled, when: kept.at ? formatDateTime(kept.at, zone) : "" })}</p>
          <RefusedLines refused={kept.refused} words={(r) => m.rosters_message_not_scheduled(r)} />
        </Confirmation>
      ) : null}
      {result?.ok && result.intent === "cancel-scheduled" && result.message ? <Confirmation className="mt-3">{result.message}</Confirmation> : null}
      {refusal?.intent === "message-later" || refusal?.intent === "cancel-scheduled" ? <FormError message={refusal.formError} /> : null}
      <ScheduledList items={scheduled} busy={busy} showTo className="mt-4" />
    </CardSection>
  );
}
