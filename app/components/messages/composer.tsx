import { LoaderCircle, Paperclip, Send, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatFileSize, type MessageView } from "~/lib/messaging";

export type SendActionData = { ok: true; messages: MessageView[] } | { ok: false; fieldErrors: { content?: string; file?: string } };

export const ACCEPTED_FILES = "image/*,.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * Types and sends a message: Enter sends, Shift+Enter adds a line. A plain form post underneath, so it also works
 * before (or without) JavaScript.
 */
export function Composer({ onSent, onTyping }: { onSent: (messages: MessageView[]) => void; onTyping: () => void }) {
  const fetcher = useFetcher<SendActionData>();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  useEffect(() => setHydrated(true), []);
  const pending = fetcher.state !== "idle";
  const blank = text.trim() === "" && !file;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const handled = useRef<SendActionData | undefined>(undefined);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      onSent(result.messages);
      setText("");
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }, [result, onSent]);
  const errors = result && !result.ok ? result.fieldErrors : {};

  return (
    <fetcher.Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      className="border-t border-slate-200 bg-white p-3"
      onSubmit={(e) => {
        if (blank || pending) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="send" />
      {file ? (
        <p className="mb-2 flex items-center gap-2 text-sm text-slate-800">
          <Paperclip aria-hidden className="size-4" /> {file.name} ({formatFileSize(file.size)})
          <button
            type="button"
            className="rounded p-1 hover:bg-slate-100"
            aria-label="Remove attachment"
            onClick={() => {
              setFile(null);
              if (fileInput.current) fileInput.current.value = "";
            }}
          >
            <X aria-hidden className="size-4" />
          </button>
        </p>
      ) : null}
      {errors.content || errors.file ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {errors.file ?? errors.content}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <label className="cursor-pointer rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-within:outline-2 focus-within:outline-court-600">
          <Paperclip aria-hidden className="size-5" />
          <span className="sr-only">Attach a file</span>
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
          name="content"
          rows={1}
          aria-label="Message"
          placeholder="Type a message..."
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
              if (!blank && !pending) form.current?.requestSubmit();
            }
          }}
          className="field-sizing-content max-h-32 min-h-10 flex-1 resize-none rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 placeholder:text-slate-500"
        />
        <button
          type="submit"
          disabled={hydrated && (blank || pending)}
          className="inline-flex items-center gap-2 rounded-md bg-court-700 px-4 py-2 text-sm font-semibold text-white hover:bg-court-800 disabled:cursor-not-allowed disabled:bg-slate-500"
        >
          <Send aria-hidden className="size-4" />
          Send
        </button>
      </div>
      {pending ? (
        <p role="status" className="mt-1 flex items-center gap-1 text-sm text-slate-700">
          <LoaderCircle aria-hidden className="size-4 animate-spin" /> Sending...
        </p>
      ) : null}
    </fetcher.Form>
  );
}
