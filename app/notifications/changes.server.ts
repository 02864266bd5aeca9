// Changes nobody misses (issue 27, decision 0029): when a coach cancels a day, puts a cancelled day back, or moves
// a session, every family it concerns hears of it by default, in their own language. Until enrollments and
// bookings exist, that is every client with an account (the families issue's households do not yet say who plays
// when); `tellFamilies` is the one place that says who, so enrollments narrow it here.
//
// The change is queued in the coach's transaction: one job a person (graphile-worker, job_key per person and
// change, so a change made twice is told once), which decides when it runs:
// - the person's devices get a push where notifications are on; the mail goes where none took it;
// - a day cancelled or restored for today is urgent: the push wakes the phone at once, even a minor's in quiet
//   hours, and the mail goes too (a family on its way to the court must not depend on one channel);
// - otherwise a student-athlete under 18 hears on their device after quiet hours (Safe Play), like messages;
// - the change is read again when the job runs: a cancellation undone meanwhile tells nobody.
// A notice never carries a message's words; a minor's device shows the same schedule line as the guardians'.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow } from "../../db/rows";
import { cancelledDates, events } from "../../db/schema";
import { formatWhen } from "~/calendar/event-format";
import { inQuietHours, msUntilQuietHoursEnd } from "~/safe-play/safe-play";
import { getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/safe-play/index.server";
import { localizePath, type Locale } from "~/i18n/language";
import { dayInZone, formatDayLong } from "~/lib/datetime";
import { inReaderLanguage } from "~/lib/typed-content";
import { enqueueMail, type DbOrTx, type MailServices } from "~/mail/index.server";
import { addJob } from "~/models/jobs.server";
import { m } from "~/paraglide/messages";
import { hasPushDevice, pushToPerson, type PushConfig } from "./push.server";

export const SCHEDULE_CHANGE_JOB = "schedule_change";

const ChangeSchema = z.discriminatedUnion("kind", [
  /** Every session on `day` is cancelled. */
  z.object({ kind: z.literal("cancelled"), day: z.iso.date() }),
  /** A cancelled day is back on. */
  z.object({ kind: z.literal("restored"), day: z.iso.date() }),
  /** A session's days, times or place changed. */
  z.object({ kind: z.literal("event-changed"), eventId: z.uuid() }),
]);
export type ScheduleChange = z.infer<typeof ChangeSchema>;

const PayloadSchema = z.object({ userId: z.string().min(1), change: ChangeSchema, urgent: z.boolean() });

function changeKey(change: ScheduleChange) {
  return change.kind === "event-changed" ? `event:${change.eventId}` : `day:${change.day}`;
}

/**
 * A same-day cancellation (or a same-day session back on) is urgent: it goes at once, by push and mail. `now` is the
 * Safe Play clock, so tests set the day through configuration.
 */
export function isUrgentChange(change: ScheduleChange, timeZone: string, now: Date): boolean {
  return change.kind !== "event-changed" && change.day === dayInZone(now, timeZone);
}

/** Where a family has a stake in a session: asked, evaluated, placed, enrolled, on its waitlist or offered a place. */
const STAKE = sql.raw(`('requested', 'evaluation', 'placed', 'enrolled', 'waitlisted', 'offered')`);

/**
 * Whom a change concerns (issue 27, narrowed once enrollments exist, issue 29): a session that families have a stake in
 * (app/enrollment) concerns those athletes and their guardians only; a session nobody has enrolled in through the site
 * yet, an event that is no program's session, and a day cancelled or put back (every session that day) concern every
 * family, as before enrollments existed. Private lessons on a cancelled day are the booking capability's to tell.
 */
function concerned(change: ScheduleChange) {
  if (change.kind !== "event-changed") return sql``;
  const stake = sql`
    select e.athlete_id as id from enrollments e where e.event_id = ${change.eventId} and e.status in ${STAKE}
    union select g.guardian_id from guardian_links g join enrollments e on e.athlete_id = g.athlete_id
      where e.event_id = ${change.eventId} and e.status in ${STAKE}`;
  return sql`and (not exists (${stake}) or u.id in (${stake}))`;
}

/**
 * Queues the notice of a change for every family it concerns, in the caller's transaction (the change and its
 * notices commit together). One statement, however many families. Each person's job is keyed by the day or session
 * changed, so a newer change replaces a notice still waiting; a cancelled day put back before its notice went out
 * tells that person nothing at all (they never heard it was off).
 */
export async function tellFamilies(tx: DbOrTx, change: ScheduleChange, urgent: boolean) {
  const keyPrefix = `${SCHEDULE_CHANGE_JOB}:${changeKey(change)}:`;
  const payload = sql`json_build_object('userId', f.id, 'change', ${JSON.stringify(change)}::json, 'urgent', ${urgent}::boolean)`;
  const families = sql`select u.id from users u where u.role = 'client' and u.deleted_at is null and u.notify_changes ${concerned(change)}`;
  if (change.kind === "restored") {
    // remove_job deletes a waiting notice (returned, unlocked) or stops one being sent now from retrying (locked).
    await tx.execute(sql`
      with f as (${families}), waiting as (select f.id, graphile_worker.remove_job(${keyPrefix} || f.id) as job from f)
      select graphile_worker.add_job(${SCHEDULE_CHANGE_JOB}, ${payload}, max_attempts := 10, job_key := ${keyPrefix} || f.id)
      from waiting f where (f.job).id is null or (f.job).locked_at is not null`);
    return;
  }
  await tx.execute(sql`
    with f as (${families})
    select graphile_worker.add_job(${SCHEDULE_CHANGE_JOB}, ${payload}, max_attempts := 10, job_key := ${keyPrefix} || f.id) from f`);
}

const PersonRow = z.object({
  email: z.string(),
  email_verified: z.boolean(),
  locale: z.enum(["en", "es"]).nullable(),
  notify_changes: z.boolean(),
});

type ChangeServices = MailServices & { db: Db; config: MailServices["config"] & PushConfig & { safePlay: SafePlaySettings } };

/** What the notice says, in the person's language; null when the change no longer holds (undone before it ran). */
async function describeChange(db: Db, change: ScheduleChange, locale: Locale) {
  const o = { locale };
  if (change.kind === "event-changed") {
    const [e] = await db.select().from(events).where(eq(events.id, change.eventId)).limit(1);
    if (!e) return null;
    const title = inReaderLanguage({ en: e.title, es: e.titleEs }, locale).text;
    const when = formatWhen({ ...e, timeNote: inReaderLanguage({ en: e.timeNote, es: e.timeNoteEs }, locale)?.text ?? null }, locale);
    const line = e.place ? m.notice_change_when_where({ when, place: e.place }, o) : when;
    return { subject: m.notice_change_subject({ title }, o), lines: [m.notice_change_text({ title }, o), line] };
  }
  const [cancelled] = await db
    .select({ note: cancelledDates.note, noteEs: cancelledDates.noteEs })
    .from(cancelledDates)
    .where(eq(cancelledDates.day, change.day));
  const day = formatDayLong(change.day, locale);
  if (change.kind === "cancelled") {
    if (!cancelled) return null;
    const note = inReaderLanguage({ en: cancelled.note, es: cancelled.noteEs }, locale)?.text;
    return {
      subject: m.calendar_mail_subject({ day }, o),
      lines: [m.notice_cancelled_text({ day }, o), ...(note ? [note] : [])],
    };
  }
  if (cancelled) return null;
  return { subject: m.notice_restored_subject({ day }, o), lines: [m.notice_restored_text({ day }, o)] };
}

/** The job: tells one person of one change, by push where their devices take it and by mail otherwise. */
export async function sendScheduleChangeNotice(services: ChangeServices, payload: unknown) {
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) return;
  const { userId, change, urgent } = parsed.data;
  const { db, config } = services;
  const person = await maybeRow(
    db,
    PersonRow,
    sql`
    select email, email_verified, locale, notify_changes from users
    where id = ${userId} and deleted_at is null and role = 'client'`,
  );
  if (!person?.notify_changes) return;
  const safePlay = config.safePlay;
  const pushing = await hasPushDevice(db, userId);
  if (pushing && !urgent && inQuietHours(safePlay.clock(), safePlay.timeZone, safePlay.quietHours)) {
    const [me] = await getSafetyPeople(db, [userId]);
    if (me && isMinorPerson(me, safePlay)) {
      // A minor's phone stays quiet at night: the same job looks again when quiet hours end.
      const runAt = new Date(Date.now() + msUntilQuietHoursEnd(safePlay.clock(), safePlay.timeZone, safePlay.quietHours) + 1000);
      await addJob(db, SCHEDULE_CHANGE_JOB, { userId, change, urgent }, { runAt, jobKey: `${SCHEDULE_CHANGE_JOB}:${changeKey(change)}:${userId}` });
      return;
    }
  }
  const locale: Locale = person.locale ?? "en";
  const notice = await describeChange(db, change, locale);
  if (!notice) return;
  const path = localizePath("/calendar", locale);
  const delivered = pushing
    ? await pushToPerson(services, userId, {
        title: notice.subject,
        body: notice.lines.join("\n").slice(0, 180),
        url: path,
        tag: `schedule-${changeKey(change)}`,
        urgent,
      })
    : 0;
  if (delivered > 0 && !urgent) return;
  // Mail only to an address the person proved is theirs.
  if (!person.email_verified) return;
  const o = { locale };
  await enqueueMail(db, services, {
    to: person.email,
    kind: change.kind === "cancelled" ? "cancellation" : "schedule-change",
    locale,
    subject: notice.subject,
    paragraphs: [...notice.lines, m.calendar_mail_delay({}, o)],
    action: { label: m.calendar_mail_button({}, o), url: `${config.publicUrl}${path}` },
    footnote: [m.notice_change_footnote({}, o)],
    unsubscribe: { userId, topic: "cancellations" },
  });
}
