// Messaging's rules: the zod schemas the server checks every message, widget form and socket request with. The
// shapes, words and formats the browser needs as well are app/messaging/core.ts (re-exported here, so the
// server imports one module); browser code imports core directly and never this file.
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "./core";
import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from "~/lib/safe-text";

export * from "./core";

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
  subject: z
    .string({ error: "Please fill in both subject and message fields." })
    .trim()
    .min(1, "Please fill in both subject and message fields.")
    .max(200, "The subject can be at most 200 characters."),
  message: z
    .string({ error: "Please fill in both subject and message fields." })
    .trim()
    .min(1, "Please fill in both subject and message fields.")
    .max(MESSAGE_MAX_LENGTH - 210, "The message is too long.")
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
  z.object({ type: z.literal("send"), conversationId: z.string().max(64), content: z.string().max(MESSAGE_MAX_LENGTH * 2), ref: z.string().max(64) }),
]);
export type ClientEvent = z.infer<typeof ClientEventSchema>;
