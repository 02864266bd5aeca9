// Mail the site sends to an address someone typed (a confirmation link sent again, a new address, a family
// invitation, a form's confirmation) is limited per sender and per recipient (decision 0024). The counters are rows
// of rate_limits, taken in the caller's transaction: `mail:from:<user id>` and `mail:to:<address, hashed>`.
import type { Db } from "../../db/client";
import { addressKey, giveBackRateLimit, hitRateLimit } from "../models/rate-limit.server";
import { m } from "~/paraglide/messages";

/** Mails one person may have the site send to addresses they typed, per hour. */
export const MAIL_PER_SENDER = 10;
/** Mails one address may receive because someone typed it, per hour, whoever typed it. */
export const MAIL_PER_RECIPIENT = 4;
export const MAIL_LIMIT_WINDOW_SECONDS = 3600;

export type MailLimitRefusal = { error: string; retryAfterSeconds: number };

/** The refusals' words, in the reader's language, with the wait in whole minutes. */
export const MAIL_LIMIT_TEXT = {
  sender: (seconds: number) => m.site_mail_limit_sender({ minutes: Math.ceil(seconds / 60) }),
  recipient: (seconds: number) => m.site_mail_limit_recipient({ minutes: Math.ceil(seconds / 60) }),
};

/**
 * Counts one mail from `senderId` (null: a visitor, whose address the form's own limit counts) to `to`, before it is
 * queued. Null when it may go; otherwise the words to show beside the field, and nothing is counted against the
 * sender for a mail that was not sent.
 */
export async function hitMailLimits(
  db: Pick<Db, "execute">,
  secret: string,
  mail: { senderId: string | null; to: string },
): Promise<MailLimitRefusal | null> {
  const senderKey = mail.senderId ? `mail:from:${mail.senderId}` : null;
  if (senderKey) {
    const bySender = await hitRateLimit(db, senderKey, MAIL_PER_SENDER, MAIL_LIMIT_WINDOW_SECONDS);
    if (!bySender.allowed) return { error: MAIL_LIMIT_TEXT.sender(bySender.retryAfterSeconds), retryAfterSeconds: bySender.retryAfterSeconds };
  }
  const byRecipient = await hitRateLimit(db, `mail:to:${addressKey(secret, mail.to)}`, MAIL_PER_RECIPIENT, MAIL_LIMIT_WINDOW_SECONDS);
  if (!byRecipient.allowed) {
    if (senderKey) await giveBackRateLimit(db, senderKey);
    return { error: MAIL_LIMIT_TEXT.recipient(byRecipient.retryAfterSeconds), retryAfterSeconds: byRecipient.retryAfterSeconds };
  }
  return null;
}
