// Messaging's shapes, words and formats, shared by the browser and the server. No zod here: the header's live
// unread count and the conversation page import this on every signed-in page, and zod alone is ~25 KB gzip.
// The schemas that check what people send are app/messaging/schemas.ts (the server's side).
import type { Role } from "~/lib/profile";
import { joinAnd } from "~/lib/words";
import type { ClientLabel } from "~/family/safe-play";

export type MessageType = "text" | "image" | "file";

export type MessageView = {
  id: string;
  conversationId: string;
  senderId: string | null;
  senderName: string | null;
  senderAvatarUrl: string | null;
  content: string;
  messageType: MessageType;
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
  /** The viewer's own children in it, when the viewer is their guardian: whose thread it is ("with Sofia, 15"). */
  children: Array<{ firstName: string; age: number | null }>;
  /** What the other person is (student-athlete, minor, family), for coaches' cards. */
  otherLabel: ClientLabel | null;
};

/** A person in a conversation as its page shows them, with how far they have read (null: a deleted account). */
export type ConversationMember = { id: string; fullName: string; role: Role; label: ClientLabel | null; lastReadAt: string | null };

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
/** What a conversation's page says once its viewer has been taken out of it (a family change, a deleted account). */
export const REMOVED_FROM_CONVERSATION = "You are no longer in this conversation, so new messages will not reach you here.";
/** The close code the server uses when the socket's session has ended (sign-out, expiry): do not reconnect. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** What the chat widget's send answers. */
export type WidgetActionData =
  { ok: true; coachName: string; conversationId: string } | { ok: false; fieldErrors?: Record<string, string | undefined>; error?: string };

/** What the widget's message looks like in the conversation. */
export const widgetMessageContent = (subject: string, message: string) => `${subject}\n\n${message}`;

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const initialOf = (name: string | null | undefined) => (name?.trim().charAt(0) || "?").toUpperCase();

/** Merges messages by id (no duplicates), oldest first. */
export function mergeMessages(...lists: MessageView[][]): MessageView[] {
  const byId = new Map<string, MessageView>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? -1 : 1));
}

/** Messages from the server to a browser over the WebSocket. */
export type ServerEvent =
  | { type: "ready"; userId: string }
  | { type: "subscribed"; conversationId: string }
  | { type: "message"; message: MessageView }
  | { type: "read"; conversationId: string; readerId: string; upTo: string }
  /** The socket no longer hears this conversation: its person was taken out of it. */
  | { type: "removed"; conversationId: string }
  | { type: "typing"; conversationId: string; userId: string }
  | { type: "unread"; count: number }
  | { type: "ack"; ref: string; message: MessageView }
  | { type: "resync" }
  | { type: "error"; error: string; conversationId?: string; ref?: string };

/** A page of older messages, as GET /messages/:id?before=<message id> answers it. */
export type OlderMessages = { messages: MessageView[]; hasOlder: boolean };

/**
 * A conversation's header as the viewer reads it: the other participant(s)' names, never the viewer's own. The stored
 * title ("Chat with {name}") was written from the side of whoever started the conversation, so it is not shown.
 */
export function conversationHeading(others: Array<Pick<Participant, "fullName" | "email">>): { title: string; subtitle: string | null } {
  const names = others.map((p) => p.fullName || p.email).filter(Boolean);
  if (names.length === 0) return { title: "Conversation", subtitle: null };
  const list = joinAnd(names);
  return { title: list, subtitle: `Chat with ${list}` };
}
