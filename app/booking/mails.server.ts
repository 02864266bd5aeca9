// Telling the family of a booking, a move and a cancellation (with the calendar invitation attached), and the
// reminder 24 hours before, through the job queue; telling the coach of a family's booking or cancellation. Queued in
// the caller's transaction: the change and its mail commit together or not at all (decision 0011). Who hears: the
// athlete's guardians, and the athlete when they have a login, and the coach; only at addresses people proved are
// theirs (a minor's lesson is a minor's personal data: decision 0024). Each mail is in its reader's language.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow } from "../../db/rows";
import type { SafePlaySettings } from "~/safe-play/index.server";
import { localizePath, type Locale } from "~/i18n/language";
import { dayInZone, formatDayLong, formatTime } from "~/lib/datetime";
import { enqueueMail, type DbOrTx, type MailServices, type SqlExecutor } from "~/mail/index.server";
import { familyRecipients } from "~/models/family.server";
import { addJob } from "~/models/jobs.server";
import { getEvaluationRequests } from "~/enrollment/index.server";
import { m } from "~/paraglide/messages";
import { bookingInvitation, type CalendarBooking } from "./ics.server";
import { BookingRow, type BookingDetail } from "./booking-row";
export type { BookingDetail };
import { NOTICE_MS, type BookingKind } from "./slots";

export type BookingServices = {
  db: Db;
  secret: string;
  config: MailServices["config"] & {
    site: { orgName: string; phone: string; email: string; timeZone: string };
    safePlay: Pick<SafePlaySettings, "clock" | "timeZone" | "quietHours">;
  };
};

export const BOOKING_REMINDER_JOB = "booking_reminder";
const reminderKey = (bookingId: string) => `${BOOKING_REMINDER_JOB}:${bookingId}`;

/** One booking with its coach's and athlete's names. */
export async function getBookingDetail(db: SqlExecutor, bookingId: string): Promise<BookingDetail | null> {
  return maybeRow(
    db,
    BookingRow,
    sql`
    select b.id, b.coach_id, b.athlete_id, b.kind, b.starts_at, b.ends_at, b.place, b.note, b.sequence, b.cancelled_at,
           b.reason, b.updated_at, c.full_name as coach_name, a.full_name as athlete_name, b.enrollment_id
    from bookings b join users c on c.id = b.coach_id join users a on a.id = b.athlete_id where b.id = ${bookingId}`,
  );
}

export const kindWords = (kind: BookingKind, locale?: Locale) =>
  kind === "evaluation" ? m.booking_kind_evaluation({}, locale ? { locale } : {}) : m.booking_kind_lesson({}, locale ? { locale } : {});

/** "Friday, November 27, 4:00 PM–5:00 PM" (Spanish "viernes, 27 de noviembre, 4:00 p. m.–5:00 p. m.") in the organisation's zone. */
export function formatBookingTime(start: Date, end: Date, timeZone: string, locale?: Locale) {
  return `${formatDayLong(dayInZone(start, timeZone), locale)}, ${formatTime(start, timeZone, locale)}–${formatTime(end, timeZone, locale)}`;
}

export type BookingChange = "booked" | "moved" | "cancelled";

/** What a booking's mails say of it, in the reader's language. */
const mailWords = (b: BookingDetail, timeZone: string, locale: Locale) => ({
  what: kindWords(b.kind, locale),
  when: formatBookingTime(b.starts_at, b.ends_at, timeZone, locale),
  athlete: b.athlete_name ?? "",
  coach: b.coach_name ?? "",
  place: b.place,
});

/** The organisation as a calendar's organizer, and the page of `path` (localized) the entry links to. */
export function calendarSettings(config: BookingServices["config"], path: string) {
  const { site, publicUrl } = config;
  return { timeZone: site.timeZone, publicUrl, orgName: site.orgName, organizerEmail: site.email, url: `${publicUrl}${path}` };
}

type CalendarRow = Pick<
  BookingDetail,
  "id" | "sequence" | "starts_at" | "ends_at" | "cancelled_at" | "kind" | "athlete_name" | "coach_name" | "place" | "updated_at"
>;

/** A booking as a calendar entry (an invitation's or the private feed's), in `locale`, with the description given. */
export function calendarEntry(b: CalendarRow, locale: Locale, description: Array<string | null>): CalendarBooking {
  return {
    id: b.id,
    sequence: b.sequence,
    startsAt: b.starts_at,
    endsAt: b.ends_at,
    cancelled: b.cancelled_at !== null,
    summary: m.booking_ics_summary({ what: kindWords(b.kind, locale), athlete: b.athlete_name ?? "", coach: b.coach_name ?? "" }, { locale }),
    description: description.filter(Boolean).join("\n\n"),
    place: b.place,
    updatedAt: b.updated_at,
  };
}

/** The booking as an invitation describes it; the family's says the 24-hour rule, the coach's only the family's note. */
function calendarBooking(b: BookingDetail, locale: Locale, services: BookingServices, forCoach = false): CalendarBooking {
  return calendarEntry(b, locale, [b.note, forCoach ? null : m.booking_rule_text({ phone: services.config.site.phone }, { locale })]);
}

/**
 * Mails every recipient of a booking what changed, with the invitation (REQUEST, or CANCEL with the same UID and a
 * higher SEQUENCE), and keeps the reminder in step: queued for 24 hours before, moved with the booking, removed when
 * it is cancelled. In the caller's transaction, after the change.
 */
export async function tellFamilyOfBooking(tx: DbOrTx, services: BookingServices, bookingId: string, change: BookingChange) {
  const b = await getBookingDetail(tx, bookingId);
  if (!b) return;
  const { site, publicUrl } = services.config;
  const now = services.config.safePlay.clock();
  for (const r of await familyRecipients(tx, b.athlete_id)) {
    const locale: Locale = r.locale ?? "en";
    const o = { locale };
    const words = mailWords(b, site.timeZone, locale);
    const subject =
      change === "booked"
        ? m.booking_mail_booked_subject(words, o)
        : change === "moved"
          ? m.booking_mail_moved_subject(words, o)
          : m.booking_mail_cancelled_subject(words, o);
    const text =
      change === "booked"
        ? m.booking_mail_booked_text(words, o)
        : change === "moved"
          ? m.booking_mail_moved_text(words, o)
          : m.booking_mail_cancelled_text(words, o);
    const path = localizePath("/lessons", locale);
    await enqueueMail(tx, services, {
      to: r.email,
      kind: `booking-${change}`,
      locale,
      subject,
      paragraphs: [
        text,
        ...(b.reason && change !== "booked" ? [m.booking_mail_reason({ reason: b.reason }, o)] : []),
        ...(b.note && change !== "cancelled" ? [m.booking_mail_note({ note: b.note }, o)] : []),
        m.booking_rule_text({ phone: site.phone }, o),
      ],
      action: { label: m.booking_mail_button({}, o), url: `${publicUrl}${path}` },
      calendar: bookingInvitation(
        calendarBooking(b, locale, services),
        { name: r.full_name ?? "", email: r.email },
        calendarSettings(services.config, path),
        now,
      ),
    });
  }
  if (change === "cancelled") {
    await tx.execute(sql`select graphile_worker.remove_job(${reminderKey(b.id)})`);
  } else if (b.starts_at.getTime() - now.getTime() > NOTICE_MS) {
    // The same key replaces a reminder already queued (a moved booking is reminded at its new time).
    await addJob(
      tx,
      BOOKING_REMINDER_JOB,
      { bookingId: b.id, startsAt: b.starts_at.toISOString() },
      {
        runAt: new Date(b.starts_at.getTime() - NOTICE_MS),
        jobKey: reminderKey(b.id),
        maxAttempts: 10,
      },
    );
  }
}

const CoachRow = z.object({ email: z.string(), full_name: z.string().nullable(), locale: z.enum(["en", "es"]).nullable() });

/**
 * Mails the booking's coach a family's booking or cancellation, in the coach's language, with the same invitation the
 * family gets (the same UID and SEQUENCE, so the coach's calendar holds the one event too). In the caller's
 * transaction. A coach's own cancellation or move is not mailed back to them: they made it, and /appointments and
 * their private feed show it. A verified address only, as for families (a minor's lesson is personal data: 0024).
 */
export async function tellCoachOfBooking(tx: DbOrTx, services: BookingServices, bookingId: string, change: "booked" | "cancelled") {
  const b = await getBookingDetail(tx, bookingId);
  if (!b) return;
  const coach = await maybeRow(
    tx,
    CoachRow,
    sql`
    select email, full_name, locale from users where id = ${b.coach_id} and deleted_at is null and email_verified`,
  );
  if (!coach) return;
  const { site, publicUrl } = services.config;
  const locale: Locale = coach.locale ?? "en";
  const o = { locale };
  const words = mailWords(b, site.timeZone, locale);
  // An evaluation booked for an enrollment request says which session it places the athlete for.
  const request = b.enrollment_id ? (await getEvaluationRequests(tx, [b.enrollment_id], locale)).get(b.enrollment_id) : undefined;
  const path = localizePath("/appointments", locale);
  await enqueueMail(tx, services, {
    to: coach.email,
    kind: `booking-coach-${change}`,
    locale,
    subject: change === "booked" ? m.booking_coach_mail_booked_subject(words, o) : m.booking_coach_mail_cancelled_subject(words, o),
    paragraphs: [
      change === "booked" ? m.booking_coach_mail_booked_text(words, o) : m.booking_coach_mail_cancelled_text(words, o),
      ...(request ? [m.booking_coach_mail_request({ athlete: words.athlete, session: request.session }, o)] : []),
      ...(b.note && change === "booked" ? [m.booking_mail_note({ note: b.note }, o)] : []),
    ],
    action: { label: m.booking_coach_mail_button({}, o), url: `${publicUrl}${path}` },
    calendar: bookingInvitation(
      calendarBooking(b, locale, services, true),
      { name: coach.full_name ?? "", email: coach.email },
      calendarSettings(services.config, path),
      services.config.safePlay.clock(),
    ),
  });
}

const ReminderSchema = z.object({ bookingId: z.uuid(), startsAt: z.iso.datetime() });

/** The job: the reminder a day before, unless the booking was cancelled or moved since it was queued. */
export async function sendBookingReminder(services: BookingServices, payload: unknown) {
  const parsed = ReminderSchema.safeParse(payload);
  if (!parsed.success) return;
  const b = await getBookingDetail(services.db, parsed.data.bookingId);
  if (!b || b.cancelled_at || b.starts_at.toISOString() !== new Date(parsed.data.startsAt).toISOString()) return;
  const { site, publicUrl } = services.config;
  for (const r of await familyRecipients(services.db, b.athlete_id)) {
    const locale: Locale = r.locale ?? "en";
    const o = { locale };
    const words = mailWords(b, site.timeZone, locale);
    await enqueueMail(services.db, services, {
      to: r.email,
      kind: "booking-reminder",
      locale,
      subject: m.booking_mail_reminder_subject(words, o),
      paragraphs: [m.booking_mail_reminder_text(words, o), m.booking_rule_text({ phone: site.phone }, o)],
      action: { label: m.booking_mail_button({}, o), url: `${publicUrl}${localizePath("/lessons", locale)}` },
    });
  }
}
