import { ArrowLeft } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/messages.$conversationId";
import { requireUser } from "~/auth/session.server";
import { Composer, type SendActionData } from "~/components/messages/composer";
import { MessageList } from "~/components/messages/message-list";
import { buttonClass } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { ATTACHMENT_MAX_BYTES, cleanFileName, detectFileType } from "~/lib/file-type.server";
import { pageMeta } from "~/lib/meta";
import { mergeMessages, MessageContentSchema, TYPING_SHOWN_MS, type MessageView } from "~/lib/messaging";
import { getRealtime, useRealtime } from "~/lib/realtime-client";
import { getConversationForUser } from "~/models/conversations.server";
import { createMessage, getMessages, markConversationRead } from "~/models/messages.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const meta = () => pageMeta(PAGES.conversation);

const notFound = () => data({ error: "Conversation not found" }, { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const conversation = await getConversationForUser(context.db, params.conversationId, user.id);
  if (!conversation) throw notFound();
  // Opening a conversation reads it (spec section 4); the other side's tick changes live.
  await markConversationRead(context.db, conversation.id, user.id);
  const messages = await getMessages(context.db, conversation.id, user.id);
  if (!messages) throw notFound();
  return { me: user.id, conversation, messages };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const conversation = await getConversationForUser(context.db, params.conversationId, user.id);
  if (!conversation) throw notFound();
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > ATTACHMENT_MAX_BYTES + 256 * 1024) {
    return data<SendActionData>({ ok: false, fieldErrors: { file: "Files can be at most 10 MB." } }, { status: 413 });
  }
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "read") {
    await markConversationRead(context.db, conversation.id, user.id);
    return { ok: true as const, messages: [] };
  }
  if (intent !== "send") throw data({ error: "Unknown request." }, { status: 400 });

  const file = form.get("file");
  const upload = file instanceof File && file.size > 0 ? file : null;
  const rawText = String(form.get("content") ?? "");
  const text = MessageContentSchema.safeParse(rawText);
  if (!upload && !text.success) return data<SendActionData>({ ok: false, fieldErrors: { content: text.error.issues[0]!.message } }, { status: 400 });
  if (rawText.trim() && !text.success) return data<SendActionData>({ ok: false, fieldErrors: { content: text.error.issues[0]!.message } }, { status: 400 });

  let attachment: { fileName: string; mimeType: string; data: Buffer; kind: "image" | "file" } | null = null;
  if (upload) {
    if (upload.size > ATTACHMENT_MAX_BYTES) return data<SendActionData>({ ok: false, fieldErrors: { file: "Files can be at most 10 MB." } }, { status: 413 });
    const bytes = Buffer.from(await upload.arrayBuffer());
    const type = detectFileType(bytes);
    if (!type) return data<SendActionData>({ ok: false, fieldErrors: { file: "Only images, PDF and Word documents (.doc, .docx) can be sent." } }, { status: 400 });
    attachment = { fileName: cleanFileName(upload.name, type.extension), mimeType: type.mimeType, data: bytes, kind: type.kind };
  }

  const sent: MessageView[] = [];
  if (text.success) {
    const m = await createMessage(context.db, { conversationId: conversation.id, senderId: user.id, content: text.data });
    if (!m) throw notFound();
    sent.push(m);
  }
  if (attachment) {
    const m = await createMessage(context.db, {
      conversationId: conversation.id,
      senderId: user.id,
      content: attachment.fileName,
      messageType: attachment.kind,
      attachment,
    });
    if (!m) throw notFound();
    sent.push(m);
  }
  return { ok: true as const, messages: sent };
}

export default function ConversationPage({ loaderData }: Route.ComponentProps) {
  const { me, conversation, messages } = loaderData;
  const [live, setLive] = useState<MessageView[]>([]);
  const [readUpTo, setReadUpTo] = useState<string | null>(null);
  const [typingUntil, setTypingUntil] = useState(0);
  const revalidator = useRevalidator();
  const id = conversation.id;

  useRealtime(
    (e) => {
      if (e.type === "message" && e.message.conversationId === id) {
        setLive((l) => [...l, e.message]);
        if (e.message.senderId !== me) {
          setTypingUntil(0);
          getRealtime().send({ type: "read", conversationId: id });
        }
      } else if (e.type === "read" && e.conversationId === id && e.readerId !== me) {
        setReadUpTo((prev) => (prev && prev > e.upTo ? prev : e.upTo));
      } else if (e.type === "typing" && e.conversationId === id && e.userId !== me) {
        setTypingUntil(Date.now() + TYPING_SHOWN_MS);
      } else if ((e.type === "subscribed" && e.conversationId === id) || e.type === "resync" || e.type === "reconnected") {
        // Anything sent between the page's load and this subscription (or while disconnected) is reloaded.
        void revalidator.revalidate();
      }
    },
    { conversationId: id },
  );

  useEffect(() => {
    if (!typingUntil) return;
    const t = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(t);
  }, [typingUntil]);

  const onSent = useCallback((m: MessageView[]) => setLive((l) => [...l, ...m]), []);
  const onTyping = useCallback(() => void getRealtime().send({ type: "typing", conversationId: id }), [id]);

  const shown = mergeMessages(messages, live).map((m) => (m.senderId === me && !m.isRead && readUpTo && m.createdAt <= readUpTo ? { ...m, isRead: true } : m));
  const title = conversation.other?.fullName || conversation.title || "Conversation";

  return (
    <section className="mx-auto flex h-[calc(100dvh-4.5rem)] max-w-3xl flex-col px-0 sm:px-4 sm:py-4">
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden border-slate-200 bg-white sm:rounded-xl sm:border sm:shadow-sm">
        <div className="flex items-center gap-3 border-b border-slate-200 px-3 py-3">
          <Link to="/messages" className="rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label="Back to messages">
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
          <div className="min-w-0">
            <h1 className="truncate text-lg font-bold text-slate-900">{title}</h1>
            {conversation.title && conversation.title !== title ? <p className="truncate text-sm text-slate-700">{conversation.title}</p> : null}
          </div>
        </div>
        <MessageList messages={shown} me={me} loading={revalidator.state === "loading"} typing={typingUntil > 0} />
        <Composer onSent={onSent} onTyping={onTyping} />
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
            <Link to="/messages" className={`${buttonClass("primary")} mt-6`}>
              Back to Messages
            </Link>
          </section>
        ),
      }}
    />
  );
}
