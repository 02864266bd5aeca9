// Messaging's shapes and formats, shared by the browser and the server. No zod here: the header's live
// unread count and the conversation page import this on every signed-in page, and zod alone is ~25 KB gzip.
// The schemas that check what people send, and the words of a refused send, are app/messaging/schemas.ts and
// refusals.ts (the server's side): the browser shows the words the server sends, in the page's language.
import type { Role } from "~/lib/profile";
import { fileSizeText } from "~/lib/file-size";
import { joinAnd } from "~/lib/words";
import { getLocale, type Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import type { ClientLabel } from "~/safe-play/safe-play";
import { personName } from "~/lib/displayable-address";
import type { ActionResult } from "~/lib/form-errors";

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

// The server's close codes: their own module, so the browser's socket (in every signed-in page's script) reads them
// without the rest of this file.
export { SESSION_ENDED_CLOSE_CODE } from "./close-codes";

/** A toast's words, as the server wrote them in the page's language. */
export type WidgetToast = { type: "success" | "error"; title: string; description: string };

/** What the chat widget's send answers (decision 0077's one shape): the coach and the conversation it reached. */
export type WidgetAnswer = ActionResult<{ coachName: string; conversationId: string }>;

/**
 * The toast of a widget's send, in the page's language: the widget shows it, and a plain (script-less) post comes back
 * with it (the server's redirect carries it).
 */
export function widgetToast(answer: WidgetAnswer): WidgetToast {
  if (answer.ok) return { type: "success", title: m.messaging_toast_sent_title(), description: m.messaging_toast_sent({ coach: answer.coachName }) };
  const { fieldErrors } = answer;
  if (fieldErrors.coachId) return { type: "error", title: m.messaging_toast_select_coach(), description: fieldErrors.coachId };
  if (Object.keys(fieldErrors).length > 0)
    return { type: "error", title: m.messaging_toast_missing_title(), description: m.messaging_toast_missing() };
  return { type: "error", title: m.messaging_toast_failed_title(), description: answer.formError ?? m.messaging_toast_failed() };
}

/** What the widget's message looks like in the conversation. */
export const widgetMessageContent = (subject: string, message: string) => `${subject}\n\n${message}`;

/** An attachment's size in the reader's language ("2.0 KB", "1,5 MB"): the one size writer (app/lib/file-size.ts). */
export const formatFileSize = (bytes: number): string => fileSizeText(bytes);

export const initialOf = (name: string | null | undefined) => (name?.trim().charAt(0) || "?").toUpperCase();

/** Merges messages by id (no duplicates), oldest first. */
export function mergeMessages(...lists: MessageView[][]): MessageView[] {
  const byId = new Map<string, MessageView>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? -1 : 1));
}

/** Messages from the server to a browser over the WebSocket. */
/** A send refused for quiet hours alone may be kept for their end: when, and the button's words ("Send at 8:00 AM"). */
export type ScheduleOfferView = { sendAt: string; label: string; button: string };

export type ServerEvent =
  | { type: "ready"; userId: string }
  | { type: "subscribed"; conversationId: string }
  | { type: "message"; message: MessageView }
  | { type: "read"; conversationId: string; readerId: string; upTo: string }
  /** The socket no longer hears this conversation: its person was taken out of it. */
  | { type: "removed"; conversationId: string }
  /** The socket no longer hears this conversation: Safe Play's read rule now keeps it from its person (the page says why). */
  | { type: "withheld"; conversationId: string }
  | { type: "typing"; conversationId: string; userId: string }
  | { type: "unread"; count: number }
  | { type: "ack"; ref: string; message: MessageView }
  | { type: "resync" }
  | { type: "error"; error: string; conversationId?: string; ref?: string; offer?: ScheduleOfferView };

/** A page of older messages, as GET /messages/:id?before=<message id> answers it. */
export type OlderMessages = { messages: MessageView[]; hasOlder: boolean };

/**
 * "A, B and C" in the page's language ("A, B y C", "A e Isabel"); `separator` between all but the last two ("; " when
 * the items hold commas).
 */
export function andList(items: string[], locale: Locale = getLocale(), separator = ", "): string {
  if (locale !== "es" || items.length <= 1) return joinAnd(items, separator);
  const last = items[items.length - 1]!;
  // Spanish writes "e" for "y" before a word that starts with the sound "i" (Isabel, Hilda; not "hie-", "hia-").
  const and = /^h?i(?![aeiouáéíóú])/i.test(last) ? "e" : "y";
  return `${items.slice(0, -1).join(separator)} ${and} ${last}`;
}

/**
 * A conversation's header as the viewer reads it: the other participant(s)' names, never the viewer's own. The stored
 * title ("Chat with {name}") was written from the side of whoever started the conversation, so it is not shown.
 */
export function conversationHeading(
  others: Array<Pick<Participant, "fullName" | "email">>,
  locale: Locale = getLocale(),
): { title: string; subtitle: string | null } {
  const names = others.map((p) => personName(p)).filter(Boolean);
  if (names.length === 0) return { title: m.messaging_heading_conversation({}, { locale }), subtitle: null };
  const list = andList(names, locale);
  return { title: list, subtitle: m.messaging_heading_chat_with({ names: list }, { locale }) };
}
