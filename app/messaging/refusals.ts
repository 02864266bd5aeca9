// The one mapping from a refused send to what the person is told: the conversation page's form, the chat widget and
// the socket all answer a refusal through refusalAnswer, so the same refusal reads the same everywhere, in the
// sender's language (the request's, or the language the socket's page sent).
import { getLocale, type Locale } from "~/i18n/language";
import { safePlayMessage } from "~/safe-play/safe-play";
import { quotaMessage, rateLimitedMessage } from "./schemas";
import type { SendResult } from "./messages.server";

export type SendRefusal = Exclude<SendResult, { ok: true }>;

/** What the socket says when a conversation is not the person's (the page answers 404 and says it in its own words). */
export const NOT_A_MEMBER = "forbidden";

export type RefusalAnswer = {
  /** 404: not the person's conversation (its existence is not revealed); 403: Safe Play; 429: too fast, or too many files. */
  status: 403 | 404 | 429;
  /** The words beside the composer (or, for 404, the socket's code). */
  error: string;
  /** Seconds to wait, for a Retry-After header. */
  retryAfterSeconds?: number;
};

export function refusalAnswer(r: SendRefusal, locale: Locale = getLocale()): RefusalAnswer {
  switch (r.reason) {
    case "forbidden":
      return { status: 404, error: NOT_A_MEMBER };
    case "safe-play":
      return { status: 403, error: safePlayMessage(r.refusal, locale) };
    case "rate":
      return { status: 429, error: rateLimitedMessage(r.retryAfterSeconds, locale), retryAfterSeconds: r.retryAfterSeconds };
    case "quota":
      return { status: 429, error: quotaMessage(locale) };
  }
}

/** The Retry-After header of an answer, when it has one. */
export const retryAfterHeaders = (a: RefusalAnswer): Record<string, string> =>
  a.retryAfterSeconds ? { "Retry-After": String(a.retryAfterSeconds) } : {};
