// "Report" under someone else's message (Safe Play): a reason, sent to the safeguarding lead. A native <details>
// and a form post, so it works before JavaScript loads too.
import { useId } from "react";
import { useFetcher } from "react-router";
import { localHref } from "~/i18n/locale";
import type { MessageListWords } from "./message-list";
import { TextArea } from "~/components/ui/controls";
import { refusalOf, type ActionResult } from "~/lib/form-errors";

/** What the conversation's action answers a report (decision 0077's one shape): the reported message's id, and the words. */
export type ReportAnswer = ActionResult<{ reported: string; message: string }>;

export function ReportMessage({
  conversationId,
  messageId,
  words,
}: {
  conversationId: string;
  messageId: string;
  words: Pick<MessageListWords, "report" | "reportWhy" | "reportSend">;
}) {
  const fetcher = useFetcher<ReportAnswer>();
  const id = useId();
  const result = fetcher.data;
  if (result?.ok) {
    return (
      <p role="status" className="mt-1 text-xs text-slate-700">
        {result.message}
      </p>
    );
  }
  const error = refusalOf(result)?.fieldErrors.reason;
  return (
    <details className="mt-1 text-xs text-slate-700">
      <summary className="cursor-pointer underline">{words.report}</summary>
      <fetcher.Form method="post" action={localHref(`/messages/${conversationId}`)} className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="messageId" value={messageId} />
        <label htmlFor={`${id}-reason`} className="font-medium text-slate-800">
          {words.reportWhy}
        </label>
        <TextArea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          maxLength={1000}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          spacing="compact"
        />
        {error ? (
          <p id={`${id}-error`} className="text-red-700">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={fetcher.state !== "idle"} className="self-start rounded-md bg-navy-700 px-3 py-1 font-semibold text-white">
          {words.reportSend}
        </button>
      </fetcher.Form>
    </details>
  );
}
