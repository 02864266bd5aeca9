// A conversation's screen (/messages/:conversationId): its heading and people, the history (older pages above, live
// messages below, read marks and typing), the reports the person made, and the composer, or why nobody can send. The
// route (app/routes/messages.$conversationId.tsx) guards, reads and answers sends; this is its screen.
import { ArrowLeft } from "lucide-react";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator, type ErrorResponse } from "react-router";
import { ClientBadges, ConfirmFamilyLink } from "~/components/client-label";
import { NotFound } from "~/components/not-found";
import { Composer } from "~/messaging/composer";
import { MessageList, type Readers } from "~/messaging/message-list";
import { buttonClass } from "~/components/ui/button";
import type { getMyReports } from "~/family/index.server";
import { localHref } from "~/i18n/locale";
import { formatDateTime } from "~/lib/datetime";
import { lazyComponent } from "~/lib/lazy-component";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import type { getConversationForUser } from "./conversations.server";
import { mergeMessages, TYPING_SHOWN_MS, type ConversationMember, type conversationHeading, type MessageView } from "./core";
import { getRealtime, useRealtime } from "./realtime-client";
import type { getScheduledMessages } from "./scheduled.server";
import type { conversationWords } from "./words.server";

// Messages kept for the end of quiet hours are rare: their list's code loads where it shows (decision 0023).
const KeptMessageList = lazyComponent(() => import("~/messaging/kept-messages").then((mod) => mod.KeptMessageList));

/** What the route's loader reads for the screen. */
export type ConversationData = {
  me: string;
  conversation: NonNullable<Awaited<ReturnType<typeof getConversationForUser>>>;
  heading: ReturnType<typeof conversationHeading>;
  participants: ConversationMember[];
  messages: MessageView[];
  hasOlder: boolean;
  before: string | null;
  paused: string | null;
  myReports: Awaited<ReturnType<typeof getMyReports>>;
  scheduled: Awaited<ReturnType<typeof getScheduledMessages>>;
  words: ReturnType<typeof conversationWords>;
};

type Words = ConversationData["words"];

export function ConversationPage({ data }: { data: ConversationData }) {
  // A new conversation (or an older page opened without JavaScript) starts with fresh state.
  return <Conversation key={`${data.conversation.id}:${data.before ?? ""}`} data={data} />;
}

function Conversation({ data: loaded }: { data: ConversationData }) {
  const { me, conversation, messages, before, participants, heading, words } = loaded;
  const id = conversation.id;
  const { live, readUpTo, removed, typing, revalidator, onSent } = useLiveConversation(id, me, before);
  const history = useOlderMessages(id, loaded.hasOlder);
  const shown = mergeMessages(history.older, messages, live);
  const readers: Readers = participants.flatMap((p) => {
    if (p.id === me || p.lastReadAt === null) return [];
    const live = readUpTo[p.id];
    return [{ id: p.id, name: p.fullName, lastReadAt: live && live > p.lastReadAt ? live : p.lastReadAt }];
  });
  const first = shown[0]?.id;
  const { loadOlder: loadOlderThan } = history;
  const loadOlder = useCallback(() => loadOlderThan(first), [loadOlderThan, first]);
  const onTyping = useCallback(() => void getRealtime().send({ type: "typing", conversationId: id }), [id]);

  return (
    <section className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col px-0 sm:px-4 sm:py-4">
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden border-slate-200 bg-white sm:rounded-xl sm:border sm:shadow-sm">
        <ConversationHeading me={me} heading={heading} participants={participants} words={words} />
        <MessageList
          messages={shown}
          me={me}
          loading={revalidator.state === "loading"}
          typing={typing}
          older={{
            has: history.hasOlder,
            href: first ? localHref(`/messages/${id}?${new URLSearchParams({ before: first })}`) : null,
            loading: history.loading,
            load: loadOlder,
          }}
          latestHref={before ? localHref(`/messages/${id}`) : null}
          reportable
          readers={readers}
          words={words.list}
        />
        <MyReports reports={loaded.myReports} words={words} />
        {removed ? (
          <p role="status" className="border-t border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900">
            {words.removed}
          </p>
        ) : loaded.paused ? (
          <>
            {/* A kept message refused because Safe Play now pauses the conversation stays readable here, as its mail says. */}
            <KeptMessages items={loaded.scheduled} />
            <p role="status" className="border-t border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900">
              {loaded.paused}
            </p>
          </>
        ) : before ? null : (
          <>
            <KeptMessages items={loaded.scheduled} />
            <Composer conversationId={id} words={words.composer} onSent={onSent} onTyping={onTyping} />
          </>
        )}
      </div>
    </section>
  );
}

/** What arrives live: messages, read marks, typing, being removed, and the reloads a reconnect or Safe Play asks. */
function useLiveConversation(id: string, me: string, before: string | null) {
  const [live, setLive] = useState<MessageView[]>([]);
  // How far each other person has read: from the page's load, moved on by their live read marks.
  const [readUpTo, setReadUpTo] = useState<Record<string, string>>({});
  const [removed, setRemoved] = useState(false);
  const [typingUntil, setTypingUntil] = useState(0);
  const revalidator = useRevalidator();

  useRealtime(
    (e) => {
      if (e.type === "message" && e.message.conversationId === id) {
        setLive((l) => [...l, e.message]);
        if (e.message.senderId !== me) {
          setTypingUntil(0);
          getRealtime().send({ type: "read", conversationId: id, upTo: e.message.id });
        }
      } else if (e.type === "read" && e.conversationId === id && e.readerId !== me) {
        setReadUpTo((prev) => ((prev[e.readerId] ?? "") >= e.upTo ? prev : { ...prev, [e.readerId]: e.upTo }));
      } else if (e.type === "removed" && e.conversationId === id) {
        setRemoved(true);
      } else if (e.type === "withheld" && e.conversationId === id) {
        // Safe Play's read rule now keeps this conversation from the reader: what arrived live goes, and the page
        // reloads to say why (its loader asks the same rule).
        setLive([]);
        void revalidator.revalidate();
      } else if (e.type === "typing" && e.conversationId === id && e.userId !== me) {
        setTypingUntil(Date.now() + TYPING_SHOWN_MS);
      } else if ((e.type === "subscribed" && e.conversationId === id) || e.type === "resync" || e.type === "reconnected") {
        // Anything sent between the page's load and this subscription (or while disconnected) is reloaded:
        // the latest page only, merged by id with what is shown.
        if (!before) void revalidator.revalidate();
      }
    },
    { conversationId: id, enabled: !before },
  );

  useEffect(() => {
    if (!typingUntil) return;
    const t = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(t);
  }, [typingUntil]);

  const onSent = useCallback((m: MessageView[]) => setLive((l) => [...l, ...m]), []);
  return { live, readUpTo, removed, typing: typingUntil > 0, revalidator, onSent };
}

/** The older pages, loaded above what is shown (scrolling up, or the "Show earlier messages" link). */
function useOlderMessages(id: string, hasOlderAtLoad: boolean) {
  const [older, setOlder] = useState<MessageView[]>([]);
  const [hasOlder, setHasOlder] = useState(hasOlderAtLoad);
  const olderFetcher = useFetcher<{ messages: MessageView[]; hasOlder: boolean }>();
  // An older page arrived: it goes above what is shown.
  const olderData = olderFetcher.state === "idle" ? olderFetcher.data : undefined;
  const handledOlder = useRef<typeof olderData>(undefined);
  useEffect(() => {
    if (!olderData || handledOlder.current === olderData) return;
    handledOlder.current = olderData;
    setOlder((o) => [...olderData.messages, ...o]);
    setHasOlder(olderData.hasOlder);
  }, [olderData]);
  const loadOlder = useCallback(
    (first: string | undefined) => {
      if (!first || olderFetcher.state !== "idle") return;
      olderFetcher.load(localHref(`/messages/${id}?${new URLSearchParams({ before: first })}`));
    },
    [id, olderFetcher],
  );
  return { older, hasOlder, loading: olderFetcher.state !== "idle", loadOlder };
}

type HeadingProps = Pick<ConversationData, "me" | "heading" | "participants" | "words">;

function ConversationHeading({ me, heading, participants, words }: HeadingProps) {
  // Staff confirm a family from its page: coaches get the way there beside a family not confirmed yet.
  const isCoach = participants.find((p) => p.id === me)?.role === "coach";
  return (
    <>
      <div className="flex items-center gap-3 border-b border-slate-200 px-3 py-3">
        <Link to={localHref("/messages")} className="rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label={words.back}>
          <ArrowLeft aria-hidden className="size-5" />
        </Link>
        <div className="min-w-0">
          <h1 className="truncate text-lg font-bold text-slate-900">{heading.title}</h1>
          {heading.subtitle ? <p className="truncate text-sm text-slate-700">{heading.subtitle}</p> : null}
        </div>
      </div>
      <div className="border-b border-slate-200 px-4 py-2">
        <h2 className="sr-only">{words.participants}</h2>
        <ul aria-label={words.participants} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
          {participants.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-1">
              <span className="font-medium">{p.id === me ? words.you.replace("{name}", () => p.fullName) : p.fullName}</span>
              {p.role === "coach" ? (
                <span className="text-xs text-slate-700">{words.coach}</span>
              ) : (
                <>
                  <ClientBadges label={p.label} words={words.labels} />
                  {isCoach ? <ConfirmFamilyLink label={p.label} words={words.labels} /> : null}
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** The messages kept for the end of quiet hours (or refused then), when there are any. */
function KeptMessages({ items }: { items: ConversationData["scheduled"] }) {
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <KeptMessageList items={items} />
    </Suspense>
  );
}

/** The reports this person made here, and whether each was reviewed. */
function MyReports({ reports, words }: { reports: ConversationData["myReports"]; words: Words }) {
  const zone = useOrgTimeZone();
  if (!reports.length) return null;
  return (
    <ul aria-label={words.yourReports} className="border-t border-slate-200 px-4 py-2 text-xs text-slate-700">
      {reports.map((r) => (
        <li key={r.messageId + r.createdAt}>
          {words.reportOf} <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, zone)}</time>: {r.reviewedAt ? words.reviewed : words.waiting}
        </li>
      ))}
    </ul>
  );
}

/** A conversation's 404 comes with its words (conversationNotFound), in the page's language; any other is the site's. */
export function ConversationNotFound({ error }: { error: ErrorResponse }) {
  const said = error.data as { error?: string; text?: string; back?: string; title?: string } | null;
  if (!said?.text || !said.back) return <NotFound />;
  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <title>{said.title}</title>
      <h1 className="text-2xl font-bold text-slate-900">{said.error}</h1>
      <p className="mt-2 text-slate-700">{said.text}</p>
      <Link to={localHref("/messages")} className={`${buttonClass("primary")} mt-6`}>
        {said.back}
      </Link>
    </section>
  );
}
