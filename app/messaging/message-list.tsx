import { Check, CheckCheck, LoaderCircle, Paperclip } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { formatClock } from "~/lib/datetime";
import { andList, formatFileSize, initialOf, type MessageView } from "~/messaging/core";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { ReportMessage } from "./report-message";

export const attachmentUrl = (m: Pick<MessageView, "conversationId" | "attachment">) =>
  m.attachment ? `/messages/${m.conversationId}/attachments/${m.attachment.id}` : "";

function MessageBody({ message: m }: { message: MessageView }) {
  if (m.attachment && m.messageType === "image") {
    return (
      <a href={attachmentUrl(m)} target="_blank" rel="noreferrer" className="block">
        <img src={attachmentUrl(m)} alt={m.attachment.fileName} className="max-h-64 max-w-full rounded-md" loading="lazy" />
      </a>
    );
  }
  if (m.attachment) {
    return (
      <a href={attachmentUrl(m)} download={m.attachment.fileName} className="inline-flex items-center gap-1 underline">
        <Paperclip aria-hidden className="size-4 shrink-0" />
        <span className="break-all">{m.attachment.fileName}</span>
        <span className="whitespace-nowrap">({formatFileSize(m.attachment.size)})</span>
      </a>
    );
  }
  if (m.messageType === "file") {
    return (
      <span className="inline-flex items-center gap-1">
        <Paperclip aria-hidden className="size-4" /> {m.content}
      </span>
    );
  }
  return <p className="whitespace-pre-wrap break-words">{m.content}</p>;
}

export type OlderMessagesControl = { has: boolean; href: string | null; loading: boolean; load: () => void };

/** Who has read what: each other participant's name and the time they have read up to (decision 0009). */
export type Readers = Array<{ id: string; name: string; lastReadAt: string }>;

/** Whether everyone else has read the message (the sender's double tick). */
export const readByAll = (m: Pick<MessageView, "createdAt" | "senderId">, readers: Readers) =>
  readers.every((r) => r.id === m.senderId || r.lastReadAt >= m.createdAt);

/** The list's words, in the page's language (the conversation's loader sends them); `seenBy` holds `{names}`. */
export type MessageListWords = {
  history: string;
  loadingEarlier: string;
  showEarlier: string;
  loading: string;
  emptyTitle: string;
  emptyText: string;
  label: string;
  unknownUser: string;
  youSaid: string;
  readAll: string;
  notReadAll: string;
  seenBy: string;
  typing: string;
  latest: string;
  report: string;
  reportWhy: string;
  reportSend: string;
};

/** "Seen by Sofia and Ann Lee" under the latest message: who else has read it, or null when nobody has. */
export function seenByLine(m: Pick<MessageView, "createdAt" | "senderId">, readers: Readers, seenBy: string): string | null {
  const names = readers.filter((r) => r.id !== m.senderId && r.lastReadAt >= m.createdAt).map((r) => r.name);
  if (names.length === 0) return null;
  return seenBy.replace("{names}", () => andList(names));
}

/**
 * The conversation's messages, oldest first, scrolled to the newest; own messages on the right with a read
 * tick. Older messages load when the top is scrolled into view (or by the "Show earlier messages" link, which
 * also works without JavaScript), and the reading position stays where it was.
 */
export function MessageList({
  messages,
  me,
  loading,
  typing,
  older,
  latestHref,
  reportable = false,
  readers,
  words,
}: {
  messages: MessageView[];
  words: MessageListWords;
  me: string;
  /** Everyone else in the conversation and how far they have read (the viewer and deleted accounts left out). */
  readers: Readers;
  loading: boolean;
  typing: boolean;
  older?: OlderMessagesControl;
  latestHref?: string | null;
  /** Safe Play: a participant can report someone else's message. */
  reportable?: boolean;
}) {
  const zone = useOrgTimeZone();
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1]?.id;
  const first = messages[0]?.id;
  const seen = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = seen.current;
    if (prev.first && first !== prev.first && last === prev.last) {
      // Older messages went in above: keep the same message under the reader's eyes.
      el.scrollTop += el.scrollHeight - prev.height;
    } else if (last !== prev.last) {
      el.scrollTop = el.scrollHeight;
    }
    seen.current = { first, last, height: el.scrollHeight };
  }, [first, last]);
  useEffect(() => {
    const el = scroller.current;
    if (el && typing) el.scrollTop = el.scrollHeight;
  }, [typing]);
  const load = older?.load;
  const canLoad = Boolean(older?.has && !older.loading);
  useEffect(() => {
    const el = top.current;
    if (!el || !load || !canLoad) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load();
      },
      { root: scroller.current, rootMargin: "200px 0px 0px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [load, canLoad]);
  return (
    <div
      ref={scroller}
      className="relative min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-5"
      tabIndex={0}
      role="region"
      aria-label={words.history}
    >
      <div ref={top} />
      {older?.has && older.href ? <EarlierMessages older={older} href={older.href} words={words} /> : null}
      {loading ? (
        <div role="status" className="absolute right-3 top-3 flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm text-slate-700 shadow">
          <LoaderCircle aria-hidden className="size-4 animate-spin" /> {words.loading}
        </div>
      ) : null}
      {messages.length === 0 ? (
        <div className="grid h-full place-items-center text-center">
          <div>
            <p className="font-semibold text-slate-900">{words.emptyTitle}</p>
            <p className="text-slate-700">{words.emptyText}</p>
          </div>
        </div>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={words.label}>
          {messages.map((m, i) => (
            <MessageItem
              key={m.id}
              message={m}
              own={m.senderId === me}
              latest={i === messages.length - 1}
              readers={readers}
              reportable={reportable}
              zone={zone}
              words={words}
            />
          ))}
        </ol>
      )}
      {typing ? (
        <div role="status" className="mt-3 flex items-center gap-1 text-sm text-slate-700">
          <span className="sr-only">{words.typing}</span>
          <span aria-hidden className="flex gap-1 rounded-2xl bg-white px-3 py-2 shadow-sm">
            <span className="size-2 animate-bounce rounded-full bg-slate-500 [animation-delay:-0.3s]" />
            <span className="size-2 animate-bounce rounded-full bg-slate-500 [animation-delay:-0.15s]" />
            <span className="size-2 animate-bounce rounded-full bg-slate-500" />
          </span>
        </div>
      ) : null}
      {latestHref ? (
        <p className="mt-3 text-center text-sm">
          <a href={latestHref} className="text-court-800 underline">
            {words.latest}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** The "Show earlier messages" link (a plain link without JavaScript), or that they are loading. */
function EarlierMessages({ older, href, words }: { older: OlderMessagesControl; href: string; words: MessageListWords }) {
  return (
    <p className="mb-3 text-center text-sm">
      {older.loading ? (
        <span role="status" className="inline-flex items-center gap-1 text-slate-700">
          <LoaderCircle aria-hidden className="size-4 animate-spin" /> {words.loadingEarlier}
        </span>
      ) : (
        <a
          href={href}
          className="text-court-800 underline"
          onClick={(e) => {
            e.preventDefault();
            older.load();
          }}
        >
          {words.showEarlier}
        </a>
      )}
    </p>
  );
}

/** One message: the sender's picture or initial, the words or file, the time, the read tick on one's own, who has seen the latest. */
function MessageItem({
  message: m,
  own,
  latest,
  readers,
  reportable,
  zone,
  words,
}: {
  message: MessageView;
  own: boolean;
  latest: boolean;
  readers: Readers;
  reportable: boolean;
  zone: string;
  words: MessageListWords;
}) {
  const read = own && readByAll(m, readers);
  const seenBy = latest ? seenByLine(m, readers, words.seenBy) : null;
  const name = m.senderName || words.unknownUser;
  return (
    <li className={`flex items-end gap-2 ${own ? "justify-end" : "justify-start"}`} data-message-id={m.id}>
      {own ? null : m.senderAvatarUrl ? (
        <img src={m.senderAvatarUrl} alt="" className="size-8 shrink-0 rounded-full object-cover" />
      ) : (
        <span aria-hidden className="grid size-8 shrink-0 place-items-center rounded-full bg-navy-700 text-sm font-bold text-white">
          {initialOf(name)}
        </span>
      )}
      <div className={`max-w-[80%] rounded-2xl px-3 py-2 shadow-sm ${own ? "bg-court-700 text-white" : "bg-white text-slate-900"}`}>
        {own ? <span className="sr-only">{words.youSaid}</span> : <p className="text-xs font-semibold text-slate-700">{name}</p>}
        <MessageBody message={m} />
        <p className={`mt-1 flex items-center justify-end gap-1 text-xs ${own ? "text-court-50" : "text-slate-600"}`}>
          <time dateTime={m.createdAt}>{formatClock(m.createdAt, zone)}</time>
          {own ? (
            read ? (
              <CheckCheck role="img" aria-label={words.readAll} className="size-4" data-read="true" />
            ) : (
              <Check role="img" aria-label={words.notReadAll} className="size-4" data-read="false" />
            )
          ) : null}
        </p>
        {seenBy ? <p className={`mt-0.5 text-right text-xs ${own ? "text-court-50" : "text-slate-600"}`}>{seenBy}</p> : null}
        {reportable && !own ? <ReportMessage conversationId={m.conversationId} messageId={m.id} words={words} /> : null}
      </div>
    </li>
  );
}
