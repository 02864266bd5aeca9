import { ArrowLeft } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/messages.$conversationId";
import { requireUser } from "~/auth/session.server";
import { Composer, type SendActionData } from "~/components/messages/composer";
import { MessageList, type Readers } from "~/components/messages/message-list";
import { buttonClass } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { ATTACHMENT_MAX_BYTES, cleanFileName, detectFileType } from "~/lib/file-type.server";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { MessageContentSchema } from "~/messaging/schemas";
import { conversationHeading, mergeMessages, REMOVED_FROM_CONVERSATION, TYPING_SHOWN_MS, type MessageView } from "~/messaging/core";
import { getRealtime, useRealtime } from "~/messaging/realtime-client";
import {
  requireConversationMember,
  getConversationForUser,
  getConversationParticipants,
  createMessage,
  getMessagePage,
  markConversationRead,
  refusalAnswer,
  retryAfterHeaders,
  type SendRefusal,
} from "~/messaging/index.server";
import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE, unsafeFields } from "~/lib/safe-text";
import { getConversationPause, getMyReports, reportMessage, reportReceivedMessage } from "~/family/reports.server";
import { ClientBadges, ConfirmFamilyLink } from "~/components/client-label";
import { roleLabel } from "~/lib/profile";
import { formatDateTime } from "~/lib/datetime";
import { pausedMessage } from "~/family/safe-play";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import type { ReportActionData } from "~/components/messages/report-message";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { invariantResponse } from "~/lib/responses.server";

export const meta = () => pageMeta(PAGES.conversation);

// A screen: the conversation fills the window and scrolls inside its message history (its composer stays on screen).
export const handle: PageHandle = { screen: true };

const notFound = () => data({ error: "Conversation not found" }, { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  await requireConversationMember(context.db, params.conversationId, user.id);
  const conversation = await getConversationForUser(context.db, params.conversationId, user.id);
  if (!conversation) throw notFound();
  // ?before=<message id>: the page of older messages (scrolling up, or the "Show earlier messages" link).
  const before = new URL(request.url).searchParams.get("before");
  const page = await getMessagePage(context.db, conversation.id, user.id, { beforeId: before });
  // Opening a conversation reads it for this person (spec section 4), up to the latest message the page shows; the
  // others' ticks change live.
  if (!before && page.messages.length) await markConversationRead(context.db, conversation.id, user.id, page.messages.at(-1)!.id);
  const participants = await getConversationParticipants(context.db, conversation.id, context.config.safePlay);
  // Safe Play: a conversation the lead paused says why to everyone in it; a reporter sees whether theirs was reviewed.
  const [pausedReason, myReports] = await Promise.all([
    getConversationPause(context.db, conversation.id),
    getMyReports(context.db, conversation.id, user.id),
  ]);
  return { me: user.id, conversation, participants, messages: page.messages, hasOlder: page.hasOlder, before, pausedReason, myReports };
}

// A send or a mark-read answers with what changed; reloading the conversation (every loader of the page)
// after each one is exactly the cost this avoids. A reconnect or a resync still revalidates.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() === "POST") return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  await requireConversationMember(context.db, params.conversationId, user.id);
  const conversationId = params.conversationId;
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > ATTACHMENT_MAX_BYTES + 256 * 1024) {
    return data<SendActionData>({ ok: false, fieldErrors: { file: "Files can be at most 10 MB." } }, { status: 413 });
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
  invariantResponse(intent === "send", "Unknown request.");

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
      return data<SendActionData>({ ok: false, fieldErrors: { file: "Files can be at most 10 MB." } }, { status: 413 });
    const bytes = Buffer.from(await upload.arrayBuffer());
    const type = detectFileType(bytes);
    if (!type)
      return data<SendActionData>(
        { ok: false, fieldErrors: { file: "Only images, PDF and Word documents (.doc, .docx) can be sent." } },
        { status: 400 },
      );
    attachment = { fileName: cleanFileName(upload.name, type.extension), mimeType: type.mimeType, data: bytes, kind: type.kind };
  }

  const limits = context.config.messaging;
  const sent: MessageView[] = [];
  const refused = (result: SendRefusal, field: "content" | "file") => {
    const answer = refusalAnswer(result);
    if (answer.status === 404) throw notFound();
    return data<SendActionData>(
      { ok: false, fieldErrors: { [field]: answer.error }, messages: sent },
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
    .refine((s) => !hasUnsafeCharacters(s), UNSAFE_TEXT_MESSAGE)
    .trim()
    .min(3, "Please say why you are reporting this message.")
    .max(1000, "Please keep the reason under 1000 characters."),
});

export default function ConversationPage({ loaderData }: Route.ComponentProps) {
  // A new conversation (or an older page opened without JavaScript) starts with fresh state.
  return <Conversation key={`${loaderData.conversation.id}:${loaderData.before ?? ""}`} data={loaderData} />;
}

function Conversation({ data: loaded }: { data: Route.ComponentProps["loaderData"] }) {
  const { me, conversation, messages, before, participants } = loaded;
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
    olderFetcher.load(`/messages/${id}?${new URLSearchParams({ before: first })}`);
  }, [first, id, olderFetcher]);
  const heading = conversationHeading(conversation.other ? [conversation.other] : []);

  return (
    <section className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col px-0 sm:px-4 sm:py-4">
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden border-slate-200 bg-white sm:rounded-xl sm:border sm:shadow-sm">
        <div className="flex items-center gap-3 border-b border-slate-200 px-3 py-3">
          <Link to={localHref("/messages")} className="rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label="Back to messages">
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
          <div className="min-w-0">
            <h1 className="truncate text-lg font-bold text-slate-900">{heading.title}</h1>
            {heading.subtitle ? <p className="truncate text-sm text-slate-700">{heading.subtitle}</p> : null}
          </div>
        </div>
        <div className="border-b border-slate-200 px-4 py-2">
          <h2 className="sr-only">Participants</h2>
          <ul aria-label="Participants" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
            {participants.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-1">
                <span className="font-medium">{p.id === me ? `${p.fullName} (you)` : p.fullName}</span>
                {p.role === "coach" ? (
                  <span className="text-xs text-slate-700">{roleLabel(p.role)}</span>
                ) : (
                  <>
                    <ClientBadges label={p.label} />
                    {isCoach ? <ConfirmFamilyLink label={p.label} /> : null}
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
            href: first ? `/messages/${id}?${new URLSearchParams({ before: first })}` : null,
            loading: olderFetcher.state !== "idle",
            load: loadOlder,
          }}
          latestHref={before ? `/messages/${id}` : null}
          reportable
          readers={readers}
        />
        {loaded.myReports.length ? (
          <ul aria-label="Your reports" className="border-t border-slate-200 px-4 py-2 text-xs text-slate-700">
            {loaded.myReports.map((r) => (
              <li key={r.messageId + r.createdAt}>
                Your report of <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, zone)}</time>:{" "}
                {r.reviewedAt ? "reviewed by the safeguarding lead." : "waiting for review."}
              </li>
            ))}
          </ul>
        ) : null}
        {removed ? (
          <p role="status" className="border-t border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900">
            {REMOVED_FROM_CONVERSATION}
          </p>
        ) : loaded.pausedReason ? (
          <p role="status" className="border-t border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900">
            {pausedMessage(loaded.pausedReason)}
          </p>
        ) : before ? null : (
          <Composer conversationId={id} onSent={onSent} onTyping={onTyping} />
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <section className="mx-auto max-w-md px-4 py-24 text-center">
            <h1 className="text-2xl font-bold text-slate-900">Conversation not found</h1>
            <p className="mt-2 text-slate-700">It does not exist, or you are not part of it.</p>
            <Link to={localHref("/messages")} className={`${buttonClass("primary")} mt-6`}>
              Back to Messages
            </Link>
          </section>
        ),
      }}
    />
  );
}
