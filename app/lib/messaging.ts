// Messaging shapes, rules and formats shared by the browser and the server (no server-only code here).
import { z } from "zod";
import type { Role } from "./profile";
import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from "./safe-text";

export type MessageType = "text" | "image" | "file";

export type MessageView = {
  id: string;
  conversationId: string;
  senderId: string | null;
  senderName: string | null;
  senderAvatarUrl: string | null;
  content: string;
  messageType: MessageType;
  isRead: boolean;
  createdAt: string;
  attachment: { id: string; fileName: string; mimeType: string; size: number } | null;
};

export type Participant = { id: string; fullName: string | null; email: string; phone: string | null; role: Role; avatarUrl: string | null };

export type ConversationSummary = {
  id: string;
  title: string | null;
  updatedAt: string;
  other: Participant | null;
  lastMessage: { content: string; messageType: "text" | "image" | "file"; createdAt: string; senderId: string | null } | null;
  unread: number;
};

export type ConversationDetail = { id: string; title: string | null; other: Participant | null };

export const MESSAGE_MAX_LENGTH = 5000;
export const TYPING_SHOWN_MS = 3000;
export const TYPING_THROTTLE_MS = 1000;

/** What the composer shows when a send is refused (the same words over the socket and the form post). */
export const rateLimitedMessage = (seconds: number) =>
  `You are sending messages too quickly. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
export const QUOTA_MESSAGE = "You have sent as many files as you can today. Please try again tomorrow.";
export const BUSY_MESSAGE = "Too many messages at once. Please wait a moment and try again.";
export const SEND_FAILED_MESSAGE = "Your message could not be sent. Please try again.";
/** The close code the server uses when the socket's session has ended (sign-out, expiry): do not reconnect. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** A message's text: trimmed, not blank (spec section 5). */
export const MessageContentSchema = z
  .string({ error: "Please type a message." })
  .refine((s) => !hasUnsafeCharacters(s), UNSAFE_TEXT_MESSAGE)
  .trim()
  .min(1, "Please type a message.")
  .max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`)
  // Form posts send line breaks as CRLF; store them as the person typed them.
  .transform((s) => s.replace(/\r\n?/g, "\n"));

/** The chat widget's form (spec section 5, Chat widget). */
export const ChatWidgetSchema = z.object({
  coachId: z.string({ error: "Select a Coach" }).trim().min(1, "Select a Coach"),
  subject: z.string({ error: "Please fill in both subject and message fields." }).trim().min(1, "Please fill in both subject and message fields.").max(200, "The subject can be at most 200 characters."),
  message: z
    .string({ error: "Please fill in both subject and message fields." })
    .trim()
    .min(1, "Please fill in both subject and message fields.")
    .max(MESSAGE_MAX_LENGTH - 210, "The message is too long.")
    .transform((s) => s.replace(/\r\n?/g, "\n")),
});

/** What the chat widget's send answers. */
export type WidgetActionData = { ok: true; coachName: string; conversationId: string } | { ok: false; fieldErrors?: Record<string, string | undefined>; error?: string };

/** What the widget's message looks like in the conversation. */
export const widgetMessageContent = (subject: string, message: string) => `${subject}\n\n${message}`;

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const initialOf = (name: string | null | undefined) => (name?.trim().charAt(0) || "?").toUpperCase();

/** Merges messages by id (no duplicates), oldest first; a message read in either copy is read. */
export function mergeMessages(...lists: MessageView[][]): MessageView[] {
  const byId = new Map<string, MessageView>();
  for (const list of lists) {
    for (const m of list) {
      const prev = byId.get(m.id);
      byId.set(m.id, prev ? { ...m, isRead: prev.isRead || m.isRead } : m);
    }
  }
  return [...byId.values()].sort((a, b) => (a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? -1 : 1));
}

/** Messages from the server to a browser over the WebSocket. */
export type ServerEvent =
  | { type: "ready"; userId: string }
  | { type: "subscribed"; conversationId: string }
  | { type: "message"; message: MessageView }
  | { type: "read"; conversationId: string; readerId: string; upTo: string }
  | { type: "typing"; conversationId: string; userId: string }
  | { type: "unread"; count: number }
  | { type: "ack"; ref: string; message: MessageView }
  | { type: "resync" }
  | { type: "error"; error: string; conversationId?: string; ref?: string };

/** A page of older messages, as GET /messages/:id?before=<message id> answers it. */
export type OlderMessages = { messages: MessageView[]; hasOlder: boolean };

/** Messages from a browser to the server. */
export const ClientEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), conversationId: z.string().max(64) }),
  z.object({ type: z.literal("unsubscribe"), conversationId: z.string().max(64) }),
  z.object({ type: z.literal("typing"), conversationId: z.string().max(64) }),
  z.object({ type: z.literal("read"), conversationId: z.string().max(64) }),
  z.object({ type: z.literal("watchUnread") }),
  z.object({ type: z.literal("send"), conversationId: z.string().max(64), content: z.string().max(MESSAGE_MAX_LENGTH * 2), ref: z.string().max(64) }),
]);
export type ClientEvent = z.infer<typeof ClientEventSchema>;
