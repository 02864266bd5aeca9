// Cancelling a day, and who hears of it. One function used by the coaches' form (and the demo seed), so the
// cancellation and the mails it causes commit together.
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { cancelledDates, users } from "../../db/schema";
import type { CancelledDateInput } from "~/lib/site-content-schemas";
import { isShortNotice } from "~/models/events.server";

/**
 * Cancels a day. Returns false when it was already cancelled. When the day is within the next 48 hours, signed-in
 * families who opted in are to get a mail.
 */
export async function cancelDay(context: Pick<AppLoadContext, "db" | "config">, input: CancelledDateInput, createdBy: string, now = new Date()) {
  return context.db.transaction(async (tx) => {
    const rows = await tx.insert(cancelledDates).values({ ...input, createdBy }).onConflictDoNothing().returning({ day: cancelledDates.day });
    if (rows.length === 0) return false;
    if (isShortNotice(input.day, context.config.site.timeZone, now)) {
      const recipients = await getCancellationMailRecipients(tx as unknown as Db);
      // MAIL GAP (issue 12): the mail outbox is not on main yet. When it lands, queue one mail per recipient here,
      // through its enqueue function and on `tx`, so the mails commit with the cancellation or not at all.
      void recipients;
    }
    return true;
  });
}

/** Signed-in families (clients) who asked to hear of short-notice cancellations. */
export async function getCancellationMailRecipients(db: Db) {
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.cancellationMails, true), eq(users.role, "client")));
}

export async function getCancellationMails(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.cancellationMails }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.on ?? false;
}

export async function setCancellationMails(db: Db, userId: string, on: boolean) {
  await db.update(users).set({ cancellationMails: on }).where(eq(users.id, userId));
}
