// Cancelling a day, and who hears of it. One function used by the coaches' form (and the demo seed), so the
// cancellation and the mails it causes commit together.
import { and, eq, isNull } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { cancelledDates, users } from "../../db/schema";
import { CANCELLATION_MAIL } from "~/content/calendar";
import { formatDayLong } from "~/lib/datetime";
import type { CancelledDateInput } from "~/lib/site-content-schemas";
import { isShortNotice } from "~/calendar/events.server";
import { enqueueMail } from "~/mail/outbox.server";

/**
 * Cancels a day. Returns false when it was already cancelled. When the day is within the next 48 hours, signed-in
 * families who opted in get a mail, queued in the same transaction. `secret: null` mails nobody (demo content).
 */
export async function cancelDay(
  context: Pick<AppLoadContext, "db" | "config"> & { secret: string | null },
  input: CancelledDateInput,
  createdBy: string,
  now = new Date(),
) {
  return context.db.transaction(async (tx) => {
    const rows = await tx
      .insert(cancelledDates)
      .values({ ...input, createdBy })
      .onConflictDoNothing()
      .returning({ day: cancelledDates.day });
    if (rows.length === 0) return false;
    const { secret, config } = context;
    if (secret !== null && isShortNotice(input.day, config.site.timeZone, now)) {
      const day = formatDayLong(input.day);
      for (const person of await getCancellationMailRecipients(tx as unknown as Db)) {
        await enqueueMail(
          tx,
          { config, secret },
          {
            to: person.email,
            kind: "cancellation",
            subject: CANCELLATION_MAIL.subject(day),
            paragraphs: CANCELLATION_MAIL.paragraphs(config.site.orgName, day, input.note ?? null),
            action: { label: CANCELLATION_MAIL.button, url: `${config.publicUrl}/calendar` },
            footnote: [CANCELLATION_MAIL.footnote],
            unsubscribe: { userId: person.id, topic: "cancellations" },
          },
        );
      }
    }
    return true;
  });
}

/** Signed-in families (clients) who asked to hear of short-notice cancellations. */
export async function getCancellationMailRecipients(db: Db) {
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.cancellationMails, true), eq(users.role, "client"), isNull(users.deletedAt)));
}

export async function getCancellationMails(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.cancellationMails }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.on ?? false;
}

export async function setCancellationMails(db: Db, userId: string, on: boolean) {
  await db.update(users).set({ cancellationMails: on }).where(eq(users.id, userId));
}
