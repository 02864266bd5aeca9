// Messaging's rules: the zod schemas the server checks every message, widget form and socket request with, and the
// words of what the server refuses at the door, in the sender's language. The shapes and formats the browser needs
// as well are app/messaging/core.ts (re-exported here, so the server imports one module); browser code imports core
// directly and never this file.
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "./core";
import { hasUnsafeCharacters, unsafeTextMessage } from "~/lib/safe-text";
import { getLocale, isLocale, type Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import { says } from "~/lib/forms";

export * from "./core";

/** A zod message read when the issue is raised, so it is in the language of the request. */

const tooFastWords = new Map<string, string>();
/**
 * "Wait N seconds": a send refused for its pace (the same words over the socket and the form post). Made once per
 * language and number of seconds: the compiled message picks "second" or "seconds" through a new Intl.PluralRules on
 * every call (about 0.1 ms), and a flood is refused hundreds of times a second (issue 43, decision 0071).
 */
export function rateLimitedMessage(seconds: number, locale: Locale = getLocale()): string {
  const key = `${locale} ${seconds}`;
  let words = tooFastWords.get(key);
  if (words === undefined) {
    words = m.messaging_send_too_fast({ seconds }, { locale });
    if (tooFastWords.size < 1000) tooFastWords.set(key, words);
  }
  return words;
}
/** A file refused because the sender's attachments for the day are used up. */
export const quotaMessage = (locale: Locale = getLocale()) => m.messaging_send_quota({}, { locale });
/** A socket that sends faster than it is served is told so, and closed. */
export const busyMessage = (locale: Locale = getLocale()) => m.messaging_send_busy({}, { locale });
/** A send that failed on the server's side. */
export const sendFailedMessage = (locale: Locale = getLocale()) => m.messaging_send_failed({}, { locale });
/** The same words in English, for callers that have no language to go by yet (server/realtime/protocol.ts). */
export const BUSY_MESSAGE = busyMessage("en");
export const SEND_FAILED_MESSAGE = sendFailedMessage("en");

/** A message's text: trimmed, not blank (spec section 5). */
export const MessageContentSchema = z
  .string(says(m.messaging_content_required))
  .refine((s) => !hasUnsafeCharacters(s), { error: unsafeTextMessage })
  .trim()
  .min(1, says(m.messaging_content_required))
  .max(
    MESSAGE_MAX_LENGTH,
    says(() => m.messaging_content_too_long({ max: MESSAGE_MAX_LENGTH })),
  )
  // Form posts send line breaks as CRLF; store them as the person typed them.
  .transform((s) => s.replace(/\r\n?/g, "\n"));

/** The chat widget's form (spec section 5, Chat widget). */
export const ChatWidgetSchema = z.object({
  coachId: z.string(says(m.messaging_toast_select_coach)).trim().min(1, says(m.messaging_toast_select_coach)),
  subject: z.string(says(m.messaging_toast_missing)).trim().min(1, says(m.messaging_toast_missing)).max(200, says(m.messaging_subject_too_long)),
  message: z
    .string(says(m.messaging_toast_missing))
    .trim()
    .min(1, says(m.messaging_toast_missing))
    .max(MESSAGE_MAX_LENGTH - 210, says(m.messaging_message_too_long))
    .transform((s) => s.replace(/\r\n?/g, "\n")),
});

/** Messages from a browser to the server. */
export const ClientEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), conversationId: z.string().max(64) }),
  z.object({ type: z.literal("unsubscribe"), conversationId: z.string().max(64) }),
  z.object({ type: z.literal("typing"), conversationId: z.string().max(64) }),
  // upTo: the id of the latest message the page shows (what the person has read); without it, the latest message.
  z.object({ type: z.literal("read"), conversationId: z.string().max(64), upTo: z.string().max(64).optional() }),
  z.object({ type: z.literal("watchUnread") }),
  // locale: the language of the page that sends, which a refusal is answered in (English when missing).
  z.object({
    type: z.literal("send"),
    conversationId: z.string().max(64),
    content: z.string().max(MESSAGE_MAX_LENGTH * 2),
    ref: z.string().max(64),
    locale: z.enum(["en", "es"]).optional(),
  }),
]);
export type ClientEvent = z.infer<typeof ClientEventSchema>;

/** The language a socket request was sent from, read without trusting the rest (English unless it says so). */
export function eventLocale(data: unknown): Locale {
  const locale = (data as { locale?: unknown } | null | undefined)?.locale;
  return isLocale(locale) ? locale : "en";
}
