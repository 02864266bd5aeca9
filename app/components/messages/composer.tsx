import { LoaderCircle, Paperclip, Send, X } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { formatFileSize, type MessageView, type ScheduleOfferView } from "~/messaging/core";
import { getRealtime } from "~/messaging/realtime-client";

export type SendActionData =
  | { ok: true; messages: MessageView[]; scheduled?: string }
  | {
      ok: false;
      fieldErrors: { content?: string; file?: string };
      messages?: MessageView[];
      /** Refused for quiet hours alone (issue 39): the text may be kept for their end. */
      offer?: ScheduleOfferView;
      content?: string;
    };

/** The composer's words, in the page's language (the conversation's loader sends them). */
export type ComposerWords = {
  removeFile: string;
  attach: string;
  message: string;
  placeholder: string;
  send: string;
  sending: string;
  /** No answer came: the text is given back. */
  lost: string;
  /** The conversation is not this person's any more. */
  failed: string;
};

export const ACCEPTED_FILES =
  "image/*,.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** A failed send's text goes back in front of whatever was typed since. */
const giveBack = (sent: string, typedSince: string) => (typedSince ? `${sent}\n${typedSince}` : sent);

/**
 * Types and sends a message: Enter sends, Shift+Enter adds a line. With JavaScript a text is sent over the
 * page's socket (the same path the benchmark measures) and files by a form post in the background; without
 * it the form posts and the page reloads. Either way the composer takes out only the text it sent: what is
 * typed meanwhile stays, and a refused send puts its text back with the reason (the server's words, in the page's
 * language).
 */
export function Composer({
  conversationId,
  words,
  onSent,
  onTyping,
}: {
  conversationId: string;
  words: ComposerWords;
  onSent: (messages: MessageView[]) => void;
  onTyping: () => void;
}) {
  const fetcher = useFetcher<SendActionData>();
  // Keeping a refused text for the end of quiet hours (issue 39): its own form, posted beside the composer's.
  const scheduler = useFetcher<SendActionData>();
  const [offer, setOffer] = useState<{ offer: ScheduleOfferView; text: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const offerRef = useRef(offer);
  offerRef.current = offer;
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inFlight, setInFlight] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const postedText = useRef<string | null>(null);
  const errorId = useId();
  // Without JavaScript the form posts as a document: the refusal comes back as the route's action data.
  const documentResult = useActionData<SendActionData>();
  const documentError = documentResult && !documentResult.ok ? (documentResult.fieldErrors.file ?? documentResult.fieldErrors.content ?? null) : null;
  const textarea = useRef<HTMLTextAreaElement>(null);
  // What was typed (or attached) before the page's scripts ran is in the elements, not in React's state: take it
  // over before React's next render, which would otherwise put the empty state back into the text area.
  useLayoutEffect(() => {
    const typed = textarea.current?.value;
    if (typed) setText(typed);
    const attached = fileInput.current?.files?.[0];
    if (attached) setFile(attached);
    setHydrated(true);
  }, []);
  const uploading = fetcher.state !== "idle";
  const blank = text.trim() === "" && !file;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const handled = useRef<SendActionData | undefined>(undefined);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    const sent = postedText.current;
    postedText.current = null;
    if (result.messages?.length) onSent(result.messages);
    if (result.ok) {
      setError(null);
    } else {
      setError(result.fieldErrors.file ?? result.fieldErrors.content ?? null);
      setOffer(result.offer ? { offer: result.offer, text: result.content ?? sent ?? "" } : null);
      // Only the text is given back if the text itself was not stored.
      const textStored = result.messages?.some((m) => m.messageType === "text");
      if (sent && !textStored) setText((now) => giveBack(sent, now));
    }
  }, [result, onSent]);

  const scheduled = scheduler.state === "idle" ? scheduler.data : undefined;
  const handledSchedule = useRef<SendActionData | undefined>(undefined);
  useEffect(() => {
    if (!scheduled || handledSchedule.current === scheduled) return;
    handledSchedule.current = scheduled;
    if (scheduled.ok) {
      setNotice(scheduled.scheduled ?? null);
      setError(null);
      // The kept text leaves the composer; anything typed since stays.
      const kept = offerRef.current?.text;
      if (kept) setText((now) => (now.startsWith(kept) ? now.slice(kept.length).replace(/^\n/, "") : now));
      setOffer(null);
    } else {
      setOffer(null);
      setError(scheduled.fieldErrors.content ?? null);
    }
  }, [scheduled]);

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    if (!hydrated) return; // the browser posts the form itself
    e.preventDefault();
    if (blank || uploading) return;
    const sent = text.trim() ? text : "";
    setError(null);
    setOffer(null);
    setNotice(null);
    if (!file) {
      setText("");
      setInFlight((n) => n + 1);
      void getRealtime()
        .sendMessage(conversationId, sent)
        .then((outcome) => {
          if (outcome.ok) return onSent([outcome.message]);
          if ("problem" in outcome && outcome.problem === "offline") return post(sent, null);
          setError("error" in outcome ? outcome.error : outcome.problem === "lost" ? words.lost : words.failed);
          setOffer("offer" in outcome && outcome.offer ? { offer: outcome.offer, text: sent } : null);
          setText((now) => giveBack(sent, now));
        })
        .finally(() => setInFlight((n) => n - 1));
      return;
    }
    post(sent, file);
  };

  // The form post: files always, text when the socket is not open.
  const post = (sent: string, attached: File | null) => {
    const data = new FormData();
    data.set("intent", "send");
    data.set("content", sent);
    if (attached) data.set("file", attached);
    postedText.current = sent || null;
    setText((now) => (now === sent ? "" : now));
    if (attached) clearFile();
    void fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
  };

  const busy = uploading || inFlight > 0;
  const shownError = error ?? (hydrated ? null : documentError);
  // Without the page's script the answer is the document's: the refusal's offer, or the kept message's notice.
  const documentOffer =
    !hydrated && documentResult && !documentResult.ok && documentResult.offer
      ? { offer: documentResult.offer, text: documentResult.content ?? "" }
      : null;
  const shownOffer = offer ?? documentOffer;
  const shownNotice = notice ?? (!hydrated && documentResult?.ok ? (documentResult.scheduled ?? null) : null);
  return (
    <div className="border-t border-slate-200 bg-white">
      {shownError || shownOffer || shownNotice ? (
        <div className="px-3 pt-3">
          {shownError ? (
            <p id={errorId} role="alert" className="mb-2 text-sm text-red-700">
              {shownError}
            </p>
          ) : null}
          {shownOffer ? (
            <scheduler.Form method="post">
              <input type="hidden" name="intent" value="schedule" />
              <input type="hidden" name="content" value={shownOffer.text} />
              <button
                type="submit"
                disabled={scheduler.state !== "idle"}
                className="inline-flex min-h-11 items-center rounded-md border border-court-700 px-4 text-sm font-semibold text-court-800 hover:bg-court-50"
              >
                {shownOffer.offer.button}
              </button>
            </scheduler.Form>
          ) : null}
          {shownNotice ? (
            <p role="status" className="text-sm text-slate-900">
              {shownNotice}
            </p>
          ) : null}
        </div>
      ) : null}
      <fetcher.Form ref={form} method="post" encType="multipart/form-data" className="p-3" onSubmit={submit}>
        <input type="hidden" name="intent" value="send" />
        {file ? (
          <p className="mb-2 flex items-center gap-2 text-sm text-slate-800">
            <Paperclip aria-hidden className="size-4" /> {file.name} ({formatFileSize(file.size)})
            <button type="button" className="rounded p-1 hover:bg-slate-100" aria-label={words.removeFile} onClick={clearFile}>
              <X aria-hidden className="size-4" />
            </button>
          </p>
        ) : null}
        <div className="flex items-end gap-2">
          <label className="cursor-pointer rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-within:outline-2 focus-within:outline-court-600">
            <Paperclip aria-hidden className="size-5" />
            <span className="sr-only">{words.attach}</span>
            <input
              ref={fileInput}
              type="file"
              name="file"
              accept={ACCEPTED_FILES}
              className="sr-only"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
          <textarea
            ref={textarea}
            name="content"
            rows={1}
            aria-label={words.message}
            aria-describedby={shownError ? errorId : undefined}
            aria-invalid={shownError ? true : undefined}
            placeholder={words.placeholder}
            value={text}
            maxLength={5000}
            onChange={(e) => {
              setText(e.target.value);
              const now = Date.now();
              if (now - lastTyping.current >= 1000) {
                lastTyping.current = now;
                onTyping();
              }
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                if (!blank && !uploading) form.current?.requestSubmit();
              }
            }}
            className="field-sizing-content max-h-32 min-h-10 flex-1 resize-none rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 placeholder:text-slate-500"
          />
          <button
            type="submit"
            disabled={hydrated && (blank || uploading)}
            className="inline-flex items-center gap-2 rounded-md bg-court-700 px-4 py-2 text-sm font-semibold text-white hover:bg-court-800 disabled:cursor-not-allowed disabled:bg-slate-500"
          >
            <Send aria-hidden className="size-4" />
            {words.send}
          </button>
        </div>
        {busy ? (
          <p role="status" className="mt-1 flex items-center gap-1 text-sm text-slate-700">
            <LoaderCircle aria-hidden className="size-4 animate-spin" /> {words.sending}
          </p>
        ) : null}
      </fetcher.Form>
    </div>
  );
}
