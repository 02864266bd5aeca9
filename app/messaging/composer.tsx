import { LoaderCircle, Paperclip, Send, X } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { TextArea } from "~/components/ui/controls";
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
  const [error, setError] = useState<string | null>(null);
  const [inFlight, setInFlight] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const postedText = useRef<string | null>(null);
  const errorId = useId();
  // Without JavaScript the form posts as a document: the refusal comes back as the route's action data.
  const documentResult = useActionData<SendActionData>();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hydrated = useTypedBeforeScripts(textarea, fileInput, setText, setFile);
  const uploading = fetcher.state !== "idle";
  const blank = text.trim() === "" && !file;
  usePostAnswer(fetcher.state === "idle" ? fetcher.data : undefined, { postedText, onSent, setError, setOffer, setText });

  useKeptAnswer(scheduler.state === "idle" ? scheduler.data : undefined, { offerRef, setNotice, setError, setText, setOffer });

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
  const fromDocument = hydrated ? NO_ANSWER : documentAnswer(documentResult);
  const shownError = error ?? fromDocument.error;
  const shownOffer = offer ?? fromDocument.offer;
  const shownNotice = notice ?? fromDocument.notice;
  return (
    <div className="border-t border-slate-200 bg-white">
      <ComposerAnswers errorId={errorId} error={shownError} offer={shownOffer} notice={shownNotice} scheduler={scheduler} />
      <fetcher.Form ref={form} method="post" encType="multipart/form-data" className="p-3" onSubmit={submit}>
        <input type="hidden" name="intent" value="send" />
        {file ? <AttachedFile file={file} removeLabel={words.removeFile} onRemove={clearFile} /> : null}
        <div className="flex items-end gap-2">
          <AttachButton inputRef={fileInput} label={words.attach} onPick={setFile} />
          <MessageBox
            boxRef={textarea}
            words={words}
            errorId={shownError ? errorId : undefined}
            text={text}
            onText={(typed) => {
              setText(typed);
              const now = Date.now();
              if (now - lastTyping.current >= 1000) {
                lastTyping.current = now;
                onTyping();
              }
            }}
            onEnter={() => {
              if (!blank && !uploading) form.current?.requestSubmit();
            }}
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

type Setter<T> = (value: T | ((now: T) => T)) => void;

/**
 * What was typed (or attached) before the page's scripts ran is in the elements, not in React's state: take it over
 * before React's next render, which would otherwise put the empty state back into the text area. True once done.
 */
function useTypedBeforeScripts(
  textarea: { current: HTMLTextAreaElement | null },
  fileInput: { current: HTMLInputElement | null },
  setText: Setter<string>,
  setFile: Setter<File | null>,
) {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => {
    const typed = textarea.current?.value;
    if (typed) setText(typed);
    const attached = fileInput.current?.files?.[0];
    if (attached) setFile(attached);
    setHydrated(true);
  }, [textarea, fileInput, setText, setFile]);
  return hydrated;
}

/** The form post's answer (a file, or a text sent without the socket): the messages it stored, or why not (the text given back). */
function usePostAnswer(
  result: SendActionData | undefined,
  {
    postedText,
    onSent,
    setError,
    setOffer,
    setText,
  }: {
    postedText: { current: string | null };
    onSent: (messages: MessageView[]) => void;
    setError: Setter<string | null>;
    setOffer: Setter<{ offer: ScheduleOfferView; text: string } | null>;
    setText: Setter<string>;
  },
) {
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
  }, [result, onSent, postedText, setError, setOffer, setText]);
}

/** Keeping a refused text for the end of quiet hours: its answer shows a notice and takes the kept text out of the box. */
function useKeptAnswer(
  scheduled: SendActionData | undefined,
  {
    offerRef,
    setNotice,
    setError,
    setText,
    setOffer,
  }: {
    offerRef: { current: { text: string } | null };
    setNotice: Setter<string | null>;
    setError: Setter<string | null>;
    setText: Setter<string>;
    setOffer: Setter<{ offer: ScheduleOfferView; text: string } | null>;
  },
) {
  const handled = useRef<SendActionData | undefined>(undefined);
  useEffect(() => {
    if (!scheduled || handled.current === scheduled) return;
    handled.current = scheduled;
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
  }, [scheduled, offerRef, setNotice, setError, setText, setOffer]);
}

/** Above the box: why a send was refused, the offer to keep the text for later, or the notice that it was kept. */
function ComposerAnswers({
  errorId,
  error,
  offer,
  notice,
  scheduler,
}: {
  errorId: string;
  error: string | null;
  offer: { offer: ScheduleOfferView; text: string } | null;
  notice: string | null;
  scheduler: ReturnType<typeof useFetcher<SendActionData>>;
}) {
  if (!error && !offer && !notice) return null;
  return (
    <div className="px-3 pt-3">
      {error ? (
        <p id={errorId} role="alert" className="mb-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {offer ? (
        <scheduler.Form method="post">
          <input type="hidden" name="intent" value="schedule" />
          <input type="hidden" name="content" value={offer.text} />
          <button
            type="submit"
            disabled={scheduler.state !== "idle"}
            className="inline-flex min-h-11 items-center rounded-md border border-court-700 px-4 text-sm font-semibold text-court-800 hover:bg-court-50"
          >
            {offer.offer.button}
          </button>
        </scheduler.Form>
      ) : null}
      {notice ? (
        <p role="status" className="text-sm text-slate-900">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

/** The file about to be sent, with the button that takes it off. */
function AttachedFile({ file, removeLabel, onRemove }: { file: File; removeLabel: string; onRemove: () => void }) {
  return (
    <p className="mb-2 flex items-center gap-2 text-sm text-slate-800">
      <Paperclip aria-hidden className="size-4" /> {file.name} ({formatFileSize(file.size)})
      <button type="button" className="rounded p-1 hover:bg-slate-100" aria-label={removeLabel} onClick={onRemove}>
        <X aria-hidden className="size-4" />
      </button>
    </p>
  );
}

type Answer = { error: string | null; offer: { offer: ScheduleOfferView; text: string } | null; notice: string | null };
const NO_ANSWER: Answer = { error: null, offer: null, notice: null };

/** Without the page's script the answer is the document's: the refusal (and its offer), or the kept message's notice. */
function documentAnswer(result: SendActionData | undefined): Answer {
  if (!result) return NO_ANSWER;
  if (result.ok) return { ...NO_ANSWER, notice: result.scheduled ?? null };
  return {
    error: result.fieldErrors.file ?? result.fieldErrors.content ?? null,
    offer: result.offer ? { offer: result.offer, text: result.content ?? "" } : null,
    notice: null,
  };
}

/** The paperclip: a file input only the label draws. */
function AttachButton({ inputRef, label, onPick }: { inputRef: React.Ref<HTMLInputElement>; label: string; onPick: (file: File | null) => void }) {
  return (
    <label className="cursor-pointer rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-within:outline-2 focus-within:outline-court-600">
      <Paperclip aria-hidden className="size-5" />
      <span className="sr-only">{label}</span>
      <input
        ref={inputRef}
        type="file"
        name="file"
        accept={ACCEPTED_FILES}
        className="sr-only"
        onChange={(e) => onPick(e.target.files?.[0] ?? null)}
      />
    </label>
  );
}

/** The message's text: Enter sends, Shift+Enter adds a line (not while an input method is composing a word). */
function MessageBox({
  boxRef,
  words,
  errorId,
  text,
  onText,
  onEnter,
}: {
  boxRef: React.Ref<HTMLTextAreaElement>;
  words: ComposerWords;
  /** The refusal's message, when there is one. */
  errorId: string | undefined;
  text: string;
  onText: (text: string) => void;
  onEnter: () => void;
}) {
  return (
    <TextArea
      ref={boxRef}
      name="content"
      rows={1}
      aria-label={words.message}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      placeholder={words.placeholder}
      value={text}
      maxLength={5000}
      onChange={(e) => onText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
          e.preventDefault();
          onEnter();
        }
      }}
      className="field-sizing-content max-h-32 min-h-10 flex-1 resize-none"
    />
  );
}
