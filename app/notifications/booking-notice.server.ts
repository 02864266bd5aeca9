// "A booking change" (issue 27, with issue 30's bookings): a lesson or evaluation a coach moved or cancelled reaches the
// family's phones at once. The mail with the calendar update goes as well (decision 0032: it keeps their calendars
// true), so this is, with today's cancellation, where a person hears by both (decision 0029). The push says what and
// when, never the coach's reason (typed words stay in the mail and on the site); a minor's phone waits out quiet
// hours unless the lesson is within a day.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow, rows } from "../../db/rows";
import { inQuietHours, msUntilQuietHoursEnd } from "~/safe-play/safe-play";
import { getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/safe-play/index.server";
import { LOCALES, localizePath, type Locale } from "~/i18n/language";
import type { DbOrTx } from "~/mail/index.server";
import { addJob } from "~/models/jobs.server";
import { m } from "~/paraglide/messages";
import { BookingChangedSchema, getBookingDetail, formatBookingTime, kindWords, NOTICE_MS } from "~/booking/index.server";
import { pushToPerson, type PushConfig } from "./push.server";

export const BOOKING_NOTICE_JOB = "booking_notice";

const PayloadSchema = z.object({ bookingId: z.uuid(), userId: z.string().min(1), change: z.enum(["moved", "cancelled"]) });
const jobKey = (bookingId: string, userId: string) => `${BOOKING_NOTICE_JOB}:${bookingId}:${userId}`;

/**
 * Queues the notice for the athlete and their guardians, in the transaction of the coach's change (nothing is told of
 * one that did not commit). A later change to the same booking replaces a notice still waiting.
 */
export async function queueBookingNotice(tx: DbOrTx, bookingId: string, athleteId: string, change: "moved" | "cancelled") {
  const people = await rows(
    tx,
    z.object({ id: z.string() }),
    sql`
    select u.id from users u where u.deleted_at is null
      and (u.id = ${athleteId} or u.id in (select guardian_id from guardian_links where athlete_id = ${athleteId}))`,
  );
  for (const { id } of people)
    await addJob(tx, BOOKING_NOTICE_JOB, { bookingId, userId: id, change }, { jobKey: jobKey(bookingId, id), maxAttempts: 5 });
}

/**
 * Booking's event (its booking_changed job, decision 0073): a coach moved or cancelled a booked lesson, and the athlete
 * and their guardians each get a notice job. Booking writes the event in the change's transaction and never calls here.
 */
export async function onBookingChanged(services: { db: DbOrTx }, payload: unknown) {
  const parsed = BookingChangedSchema.safeParse(payload);
  if (!parsed.success) return;
  await queueBookingNotice(services.db, parsed.data.bookingId, parsed.data.athleteId, parsed.data.change);
}

type NoticeServices = { db: Db; config: PushConfig & { site: { timeZone: string }; safePlay: SafePlaySettings } };

/** The job: one person's devices hear of one booking's change, in their language. */
export async function sendBookingNotice(services: NoticeServices, payload: unknown) {
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) return;
  const { bookingId, userId, change } = parsed.data;
  const { db, config } = services;
  const b = await getBookingDetail(db, bookingId);
  if (!b) return;
  const safePlay = config.safePlay;
  const now = safePlay.clock();
  const soon = b.starts_at.getTime() - now.getTime() < NOTICE_MS;
  if (!soon && inQuietHours(now, safePlay.timeZone, safePlay.quietHours)) {
    const [me] = await getSafetyPeople(db, [userId]);
    if (me && isMinorPerson(me, safePlay)) {
      const runAt = new Date(Date.now() + msUntilQuietHoursEnd(now, safePlay.timeZone, safePlay.quietHours) + 1000);
      await addJob(db, BOOKING_NOTICE_JOB, parsed.data, { runAt, jobKey: jobKey(bookingId, userId), maxAttempts: 5 });
      return;
    }
  }
  const person = await maybeRow(
    db,
    z.object({ locale: z.enum(LOCALES).nullable() }),
    sql`select locale from users where id = ${userId} and deleted_at is null`,
  );
  if (!person) return;
  const locale: Locale = person.locale ?? "en";
  const o = { locale };
  const words = { what: kindWords(b.kind, locale), when: formatBookingTime(b.starts_at, b.ends_at, config.site.timeZone, locale) };
  await pushToPerson(services, userId, {
    title: change === "moved" ? m.notice_booking_moved_title(words, o) : m.notice_booking_cancelled_title(words, o),
    body: words.when,
    url: localizePath("/lessons", locale),
    tag: `booking-${bookingId}`,
    urgent: soon,
  });
}
