import { ArrowLeft } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/messages.$conversationId";
import { requireUser } from "~/auth/index.server";
import { Composer, type SendActionData } from "~/components/messages/composer";
import { MessageList, type Readers } from "~/components/messages/message-list";
import { buttonClass } from "~/components/ui/button";
import { pageWords } from "~/content/words.server";
import { ATTACHMENT_MAX_BYTES, cleanFileName, detectFileType } from "~/lib/file-type.server";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { MessageContentSchema } from "~/messaging/schemas";
import { conversationHeading, mergeMessages, TYPING_SHOWN_MS, type MessageView } from "~/messaging/core";
import { getRealtime, useRealtime } from "~/messaging/realtime-client";
import {
  conversationNotFound,
  conversationWords,
  requireConversationMember,
  getConversationForUser,
  getConversationParticipants,
  createMessage,
  getMessagePage,
  markConversationRead,
  refusalAnswer,
  retryAfterHeaders,
  answerScheduledIntent,
  getScheduledMessages,
  scheduleOfferFor,
  type SendRefusal,
} from "~/messaging/index.server";
import { ScheduledList } from "~/components/messages/scheduled-list";
import { hasUnsafeCharacters, unsafeTextMessage, unsafeFields } from "~/lib/safe-text";
import { getConversationPause, getMyReports, reportMessage, reportReceivedMessage } from "~/family/index.server";
import { ClientBadges, ConfirmFamilyLink } from "~/components/client-label";
import { formatDateTime } from "~/lib/datetime";
import { pausedMessage, safePlayMessage } from "~/safe-play/safe-play";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import type { ReportActionData } from "~/components/messages/report-message";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { NotFound } from "~/components/not-found";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? pageMeta(loaderData.page) : []);

// A screen: the conversation fills the window and scrolls inside its message history (its composer stays on screen).
export const handle: PageHandle = { screen: true };

const notFound = conversationNotFound;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  await requireConversationMember(context.db, params.conversationId, user.id);
  const conversation = await getConversationForUser(context.db, params.conversationId, user.id, context.config.safePlay);
  if (!conversation) throw notFound();
  // ?before=<message id>: the page of older messages (scrolling up, or the "Show earlier messages" link).
  const before = new URL(request.url).searchParams.get("before");
  const page = await getMessagePage(context.db, conversation.id, user.id, { beforeId: before, safePlay: context.config.safePlay });
  // Opening a conversation reads it for this person (spec section 4), up to the latest message the page shows; the
  // others' ticks change live.
  if (!before && page.messages.length) await markConversationRead(context.db, conversation.id, user.id, page.messages.at(-1)!.id);
  const participants = await getConversationParticipants(context.db, conversation.id, context.config.safePlay);
  // Safe Play: a conversation the lead paused says why to everyone in it; a reporter sees whether theirs was reviewed.
  const [pausedReason, myReports] = await Promise.all([
    getConversationPause(context.db, conversation.id),
    getMyReports(context.db, conversation.id, user.id),
  ]);
  // The page's words come with its data, in the request's language: the heading, the pause and the interface's.
  const heading = conversationHeading(conversation.other ? [conversation.other] : []);
  return {
    page: pageWords("conversation"),
    me: user.id,
    conversation,
    heading,
    participants,
    messages: page.messages,
    hasOlder: page.hasOlder,
    before,
    // Why nobody can send, or why this coach reads nothing of it (Safe Play's read rule).
    paused: pausedReason ? pausedMessage(pausedReason) : page.refusal ? safePlayMessage(page.refusal) : null,
    myReports,
    // The person's messages here kept for the end of quiet hours, and those refused at their time (issue 39).
    scheduled: await getScheduledMessages(context.db, user.id, { conversationIds: [conversation.id] }),
    words: conversationWords(),
  };
}

// A send or a mark-read answers with what changed; reloading the conversation (every loader of the page)
// after each one is exactly the cost this avoids. A reconnect or a resync still revalidates.
export function shouldRevalidate({ formMethod, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Keeping or cancelling a message for later changes the list of kept messages: that one reloads.
  if (formData && ["schedule", "cancel-scheduled"].includes(String(formData.get("intent")))) return true;
  if (formMethod && formMethod.toUpperCase() === "POST") return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  await requireConversationMember(context.db, params.conversationId, user.id);
  const conversationId = params.conversationId;
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > ATTACHMENT_MAX_BYTES + 256 * 1024) {
    return data<SendActionData>({ ok: false, fieldErrors: { file: m.messaging_file_too_big() } }, { status: 413 });
  }
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "read") {
    const upTo = form.get("upTo");
    await markConversationRead(context.db, conversationId, user.id, typeof upTo === "string" ? upTo : null);
    return { ok: true as const, messages: [] };
  }
  if (intent === "report") {
    const input = ReportSchema.safeParse({ messageId: form.get("messageId"), reason: form.get("reason") ?? "" });
    if (!input.success) return data<ReportActionData>({ ok: false, fieldErrors: { reason: input.error.issues[0]!.message } }, { status: 400 });
    const reviewer = await reportMessage(context.db, context, {
      conversationId,
      messageId: input.data.messageId,
      reporterId: user.id,
      reason: input.data.reason,
    });
    if (!reviewer) throw notFound();
    return data<ReportActionData>({ ok: true, reported: input.data.messageId, message: reportReceivedMessage(reviewer) });
  }
  if (intent === "schedule" || intent === "cancel-scheduled") {
    const input = {
      conversationId,
      senderId: user.id,
      content: String(form.get("content") ?? ""),
      scheduledId: String(form.get("scheduledId") ?? ""),
    };
    const answer = await answerScheduledIntent(context.db, intent, input, context.config.messaging);
    return data<SendActionData>(answer.body, { status: answer.status });
  }
  invariantResponse(intent === "send", m.messaging_unknown_request());

  const file = form.get("file");
  const upload = file instanceof File && file.size > 0 ? file : null;
  const rawText = form.get("content");
  const unsafe = unsafeFields({ content: rawText, file: upload });
  if (unsafe.content || unsafe.file) return data<SendActionData>({ ok: false, fieldErrors: unsafe }, { status: 400 });
  const text = MessageContentSchema.safeParse(String(rawText ?? ""));
  if (!upload && !text.success) return data<SendActionData>({ ok: false, fieldErrors: { content: text.error.issues[0]!.message } }, { status: 400 });
  if (String(rawText ?? "").trim() && !text.success)
    return data<SendActionData>({ ok: false, fieldErrors: { content: text.error.issues[0]!.message } }, { status: 400 });

  let attachment: { fileName: string; mimeType: string; data: Buffer; kind: "image" | "file" } | null = null;
  if (upload) {
    if (upload.size > ATTACHMENT_MAX_BYTES)
      return data<SendActionData>({ ok: false, fieldErrors: { file: m.messaging_file_too_big() } }, { status: 413 });
    const bytes = Buffer.from(await upload.arrayBuffer());
    const type = detectFileType(bytes);
    if (!type) return data<SendActionData>({ ok: false, fieldErrors: { file: m.messaging_file_type() } }, { status: 400 });
    attachment = { fileName: cleanFileName(upload.name, type.extension), mimeType: type.mimeType, data: bytes, kind: type.kind };
  }

  const limits = context.config.messaging;
  const sent: MessageView[] = [];
  const refused = (result: SendRefusal, field: "content" | "file") => {
    const answer = refusalAnswer(result);
    if (answer.status === 404) throw notFound();
    // Refused for quiet hours alone: the text may be kept for their end (issue 39).
    const offer = field === "content" && text.success ? scheduleOfferFor(result, context.config.safePlay) : null;
    return data<SendActionData>(
      { ok: false, fieldErrors: { [field]: answer.error }, messages: sent, ...(offer && text.success ? { offer, content: text.data } : {}) },
      { status: answer.status, headers: retryAfterHeaders(answer) },
    );
  };
  if (text.success) {
    const r = await createMessage(context.db, { conversationId, senderId: user.id, content: text.data }, limits);
    if (!r.ok) return refused(r, "content");
    sent.push(r.message);
  }
  if (attachment) {
    const r = await createMessage(
      context.db,
      { conversationId, senderId: user.id, content: attachment.fileName, messageType: attachment.kind, attachment },
      limits,
    );
    if (!r.ok) return refused(r, "file");
    sent.push(r.message);
  }
  return { ok: true as const, messages: sent };
}

const ReportSchema = z.object({
  messageId: z.string().max(64),
  reason: z
    .string()
    .refine((s) => !hasUnsafeCharacters(s), { error: unsafeTextMessage })
    .trim()
    .min(3, { error: () => m.messaging_report_reason_required() })
    .max(1000, { error: () => m.messaging_report_reason_too_long() }),
});

export default function ConversationPage({ loaderData }: Route.ComponentProps) {
  // A new conversation (or an older page opened without JavaScript) starts with fresh state.
  return <Conversation key={`${loaderData.conversation.id}:${loaderData.before ?? ""}`} data={loaderData} />;
}

function Conversation({ data: loaded }: { data: Route.ComponentProps["loaderData"] }) {
  const { me, conversation, messages, before, participants, heading, words } = loaded;
  // Staff confirm a family from its page: coaches get the way there beside a family not confirmed yet.
  const isCoach = participants.find((p) => p.id === me)?.role === "coach";
  const zone = useOrgTimeZone();
  const [live, setLive] = useState<MessageView[]>([]);
  const [older, setOlder] = useState<MessageView[]>([]);
  const [hasOlder, setHasOlder] = useState(loaded.hasOlder);
  // How far each other person has read: from the page's load, moved on by their live read marks.
  const [readUpTo, setReadUpTo] = useState<Record<string, string>>({});
  const [removed, setRemoved] = useState(false);
  const [typingUntil, setTypingUntil] = useState(0);
  const revalidator = useRevalidator();
  const olderFetcher = useFetcher<typeof loader>();
  const id = conversation.id;

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

  // An older page arrived: it goes above what is shown.
  const olderData = olderFetcher.state === "idle" ? olderFetcher.data : undefined;
  const handledOlder = useRef<typeof olderData>(undefined);
  useEffect(() => {
    if (!olderData || handledOlder.current === olderData) return;
    handledOlder.current = olderData;
    setOlder((o) => [...olderData.messages, ...o]);
    setHasOlder(olderData.hasOlder);
  }, [olderData]);

  const onSent = useCallback((m: MessageView[]) => setLive((l) => [...l, ...m]), []);
  const onTyping = useCallback(() => void getRealtime().send({ type: "typing", conversationId: id }), [id]);

  const shown = mergeMessages(older, messages, live);
  const readers: Readers = participants.flatMap((p) => {
    if (p.id === me || p.lastReadAt === null) return [];
    const live = readUpTo[p.id];
    return [{ id: p.id, name: p.fullName, lastReadAt: live && live > p.lastReadAt ? live : p.lastReadAt }];
  });
  const first = shown[0]?.id;
  const loadOlder = useCallback(() => {
    if (!first || olderFetcher.state !== "idle") return;
    olderFetcher.load(localHref(`/messages/${id}?${new URLSearchParams({ before: first })}`));
  }, [first, id, olderFetcher]);

  return (
    <section className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col px-0 sm:px-4 sm:py-4">
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden border-slate-200 bg-white sm:rounded-xl sm:border sm:shadow-sm">
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
        <MessageList
          messages={shown}
          me={me}
          loading={revalidator.state === "loading"}
          typing={typingUntil > 0}
          older={{
            has: hasOlder,
            href: first ? localHref(`/messages/${id}?${new URLSearchParams({ before: first })}`) : null,
            loading: olderFetcher.state !== "idle",
            load: loadOlder,
          }}
          latestHref={before ? localHref(`/messages/${id}`) : null}
          reportable
          readers={readers}
          words={words.list}
        />
        {loaded.myReports.length ? (
          <ul aria-label={words.yourReports} className="border-t border-slate-200 px-4 py-2 text-xs text-slate-700">
            {loaded.myReports.map((r) => (
              <li key={r.messageId + r.createdAt}>
                {words.reportOf} <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, zone)}</time>:{" "}
                {r.reviewedAt ? words.reviewed : words.waiting}
              </li>
            ))}
          </ul>
        ) : null}
        {removed ? (
          <p role="status" className="border-t border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900">
            {words.removed}
          </p>
        ) : loaded.paused ? (
          <>
            {/* A kept message refused because Safe Play now pauses the conversation stays readable here, as its mail says. */}
            <ScheduledList items={loaded.scheduled} busy={false} className="border-t border-slate-200 px-4 py-2" />
            <p role="status" className="border-t border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900">
              {loaded.paused}
            </p>
          </>
        ) : before ? null : (
          <>
            <ScheduledList items={loaded.scheduled} busy={false} className="border-t border-slate-200 px-4 py-2" />
            <Composer conversationId={id} words={words.composer} onSent={onSent} onTyping={onTyping} />
          </>
        )}
      </div>
    </section>
  );
}

/** The 404's words come with it (conversationNotFound), in the page's language; any other 404 is the site's. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: (error) => {
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
        },
      }}
    />
  );
}
