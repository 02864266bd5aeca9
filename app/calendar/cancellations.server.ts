// Cancelling a day, and who hears of it. One function used by the coaches' form (and the demo seed), so the
// cancellation and the mails it causes commit together.
import { and, eq, isNull } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { cancelledDates, users } from "../../db/schema";
import { localizePath, type Locale } from "~/i18n/language";
import { formatDayLong } from "~/lib/datetime";
import type { CancelledDateInput } from "~/lib/site-content-schemas";
import { isShortNotice } from "~/calendar/events.server";
import { enqueueMail } from "~/mail/outbox.server";
import { m } from "~/paraglide/messages";

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
      // Each family hears of it in their account's language (none chosen: English).
      for (const person of await getCancellationMailRecipients(tx as unknown as Db)) {
        const locale: Locale = person.locale ?? "en";
        const day = formatDayLong(input.day, locale);
        await enqueueMail(
          tx,
          { config, secret },
          {
            to: person.email,
            kind: "cancellation",
            locale,
            subject: m.calendar_mail_subject({ day }, { locale }),
            paragraphs: [
              m.calendar_mail_cancelled({ org: config.site.orgName, day }, { locale }),
              ...(input.note ? [input.note] : []),
              m.calendar_mail_delay({}, { locale }),
            ],
            action: { label: m.calendar_mail_button({}, { locale }), url: `${config.publicUrl}${localizePath("/calendar", locale)}` },
            footnote: [m.calendar_mail_footnote({}, { locale })],
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
    .select({ id: users.id, email: users.email, fullName: users.fullName, locale: users.locale })
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
