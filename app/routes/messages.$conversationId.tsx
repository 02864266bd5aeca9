import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/messages.$conversationId";
import { requireUser } from "~/auth/index.server";
import type { SendActionData } from "~/messaging/composer";
import { pageWords } from "~/content/words.server";
import { ATTACHMENT_MAX_BYTES, cleanFileName, detectFileType } from "~/lib/file-type.server";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { MessageContentSchema } from "~/messaging/schemas";
import { conversationHeading, type MessageView } from "~/messaging/core";
import { ConversationNotFound, ConversationPage } from "~/messaging/conversation-page";
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
import { hasUnsafeCharacters, unsafeTextMessage, unsafeFields } from "~/lib/safe-text";
import { getConversationPause, getMyReports, reportMessage, reportReceivedMessage } from "~/family/index.server";
import { pausedMessage, safePlayMessage } from "~/safe-play/safe-play";
import { done, refused } from "~/lib/forms";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
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
    if (!input.success) return refused({ fieldErrors: { reason: input.error.issues[0]!.message } });
    const reviewer = await reportMessage(context.db, context, {
      conversationId,
      messageId: input.data.messageId,
      reporterId: user.id,
      reason: input.data.reason,
    });
    if (!reviewer) throw notFound();
    return done<{ reported: string }>({ reported: input.data.messageId, message: reportReceivedMessage(reviewer) });
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
  const sendRefused = (result: SendRefusal, field: "content" | "file") => {
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
    if (!r.ok) return sendRefused(r, "content");
    sent.push(r.message);
  }
  if (attachment) {
    const r = await createMessage(
      context.db,
      { conversationId, senderId: user.id, content: attachment.fileName, messageType: attachment.kind, attachment },
      limits,
    );
    if (!r.ok) return sendRefused(r, "file");
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

export default function Conversation({ loaderData }: Route.ComponentProps) {
  return <ConversationPage data={loaderData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: (error) => <ConversationNotFound error={error} /> }} />;
}
