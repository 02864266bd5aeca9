// The client's side of the floating widget, loaded only for signed-in clients (Radix Popover stays out of
// everyone else's pages). See chat-widget.tsx.
import { MessageCircle, X } from "lucide-react";
import { Popover } from "radix-ui";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { launcherClass } from "~/components/chat-widget";
import { showToast } from "~/components/toaster";
import type { WidgetActionData } from "~/lib/messaging";

type Coach = { id: string; fullName: string | null; email: string };

export default function ClientWidget() {
  const [open, setOpen] = useState(false);
  const coachesFetcher = useFetcher<{ coaches: Coach[] }>();
  const send = useFetcher<WidgetActionData>();
  const [coachId, setCoachId] = useState("");
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const ids = useId();
  const coaches = coachesFetcher.data?.coaches;

  useEffect(() => {
    if (open && !coachesFetcher.data && coachesFetcher.state === "idle") coachesFetcher.load("/messages/coaches");
  }, [open, coachesFetcher]);
  // If exactly one coach exists it is preselected.
  useEffect(() => {
    if (coaches?.length === 1 && !coachId) setCoachId(coaches[0]!.id);
  }, [coaches, coachId]);

  const sending = send.state !== "idle";
  const result = send.state === "idle" ? send.data : undefined;
  const handled = useRef<WidgetActionData | undefined>(undefined);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      showToast({ type: "success", title: "Message Sent!", description: `Your message has been sent to ${result.coachName}. They'll respond soon!` });
      setSubject("");
      setMessage("");
      setOpen(false);
    } else if (result.fieldErrors?.coachId) {
      showToast({ type: "error", title: "Select a Coach", description: result.fieldErrors.coachId });
    } else if (result.fieldErrors) {
      showToast({ type: "error", title: "Missing Information", description: "Please fill in both subject and message fields." });
    } else {
      showToast({ type: "error", title: "Failed to Send", description: result.error ?? "Could not send your message. Please try again." });
    }
  }, [result]);

  const missing = !coachId || subject === "" || message === "";
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={launcherClass}>
        <MessageCircle aria-hidden className="size-5" /> Message Your Coach
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="end"
          sideOffset={12}
          aria-labelledby={`${ids}-title`}
          className="z-50 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-4 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <h2 id={`${ids}-title`} className="text-lg font-bold text-slate-900">
              Message Your Coach
            </h2>
            <Popover.Close aria-label="Close" className="rounded-md p-1 text-slate-600 hover:bg-slate-100">
              <X aria-hidden className="size-5" />
            </Popover.Close>
          </div>
          <send.Form
            method="post"
            action="/messages"
            className="mt-3 flex flex-col gap-3"
            onSubmit={(e) => {
              if (!coachId) {
                e.preventDefault();
                showToast({ type: "error", title: "Select a Coach", description: "Please choose the coach you want to message." });
              } else if (!subject.trim() || !message.trim()) {
                e.preventDefault();
                showToast({ type: "error", title: "Missing Information", description: "Please fill in both subject and message fields." });
              }
            }}
          >
            <input type="hidden" name="intent" value="widget" />
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ids}-coach`} className="text-sm font-medium text-slate-800">
                Coach
              </label>
              <select
                id={`${ids}-coach`}
                name="coachId"
                value={coachId}
                onChange={(e) => setCoachId(e.target.value)}
                className="rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
              >
                <option value="">{coaches ? "Select a coach" : "Loading coaches..."}</option>
                {coaches?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.fullName || c.email}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ids}-subject`} className="text-sm font-medium text-slate-800">
                Subject
              </label>
              <input
                id={`${ids}-subject`}
                name="subject"
                value={subject}
                maxLength={200}
                onChange={(e) => setSubject(e.target.value)}
                className="rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900"
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ids}-message`} className="text-sm font-medium text-slate-800">
                Message
              </label>
              <textarea
                id={`${ids}-message`}
                name="message"
                rows={4}
                value={message}
                maxLength={4700}
                onChange={(e) => setMessage(e.target.value)}
                className="resize-y rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900"
              />
            </div>
            {import.meta.env.DEV ? (
              <p className="rounded-md bg-slate-100 px-3 py-2 font-mono text-xs text-slate-800">Debug: {coaches?.length ?? 0} coaches available</p>
            ) : null}
            <button
              type="submit"
              disabled={missing || sending}
              className="rounded-md bg-court-700 px-4 py-2 text-sm font-semibold text-white hover:bg-court-800 disabled:cursor-not-allowed disabled:bg-slate-400"
            >
              {sending ? "Sending..." : "Send Message"}
            </button>
          </send.Form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
