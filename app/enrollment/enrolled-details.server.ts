// What the "Enrolled" mail tells a family (issue 39, decision 0052): the first day with its date and time, the days
// and times of the series and its last day, the place with its street address and a map link, the fee and what
// financial help changes (from payments' front door), what to bring, who coaches and who to call, in the reader's
// language; and the whole series as a calendar file to import, written by the site's one calendar writer
// (app/calendar/ics.server.ts through the calendar's door, the event /calendar.ics publishes: the same UID, RRULE
// and cancelled days as EXDATE). Enrollment's since issue 38: mail itself imports no capability (decision 0073).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { maybeRow, rows } from "../../db/rows";
import { formatTimeRange, formatWhen } from "~/calendar/event-format";
import { EventScheduleRow } from "~/calendar/event-row";
import { buildCalendarFeed, type FeedEvent } from "~/calendar/index.server";
import { localizePath, type Locale } from "~/i18n/language";
import { addDays, dayInZone, formatDateIn, instantOf, weekdayName, weekdayOf } from "~/lib/datetime";
import { inReaderLanguage } from "~/lib/typed-content";
import type { SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { findAccountFor, getAidState, getDue } from "~/payments/index.server";
import { feeText, formatDollars, mapHref, whatToBring } from "~/programs/session-facts";

const SessionRow = EventScheduleRow.extend({
  street_address: z.string().nullable(),
  note: z.string().nullable(),
  note_es: z.string().nullable(),
  fee_cents: z.coerce.number().nullable(),
  fee_per: z.enum(["month", "season", "session"]).nullable(),
  financial_help: z.boolean(),
  what_to_bring: z.string().nullable(),
  what_to_bring_es: z.string().nullable(),
  created_at: z.coerce.date(),
  updated_at: z.coerce.date(),
  coaches: z.string().nullable(),
});
type Session = z.infer<typeof SessionRow>;

/** The session's facts the mail tells, its coaches' names and its cancelled days; null when it is gone. */
export async function getEnrolledSession(db: SqlExecutor, eventId: string) {
  const session = await maybeRow(
    db,
    SessionRow,
    sql`
    select ev.id, ev.title, ev.title_es, ev.kind, ev.weekdays, ev.on_date::text, ev.starts_on::text, ev.ends_on::text,
      ev.start_time::text, ev.end_time::text, ev.time_note, ev.time_note_es, ev.place, ev.street_address, ev.note,
      ev.note_es, ev.fee_cents, ev.fee_per, ev.financial_help, ev.what_to_bring, ev.what_to_bring_es, ev.closed,
      ev.created_at, ev.updated_at,
      (select string_agg(u.full_name, ', ' order by u.full_name) from session_coaches sc join users u on u.id = sc.coach_id
        where sc.event_id = ev.id and u.deleted_at is null and u.full_name is not null) as coaches
    from events ev where ev.id = ${eventId}`,
  );
  if (!session) return null;
  const cancelled = await rows(db, z.object({ day: z.string() }), sql`select day::text as day from cancelled_dates order by day`);
  return { session, cancelledDays: cancelled.map((r) => r.day) };
}

/** The first day the session meets from `now` on (a day it is cancelled skipped, today only before it starts). */
export function firstMeetingDay(s: Session, cancelledDays: string[], now: Date, timeZone: string): string | null {
  if (s.closed) return null;
  const today = dayInZone(now, timeZone);
  const cancelled = new Set(cancelledDays);
  const startsLater = (day: string) => day > today || !s.start_time || instantOf(day, s.start_time, timeZone) > now;
  if (s.kind === "date") return s.on_date && s.on_date >= today && startsLater(s.on_date) ? s.on_date : null;
  let day = s.starts_on && s.starts_on > today ? s.starts_on : today;
  for (let i = 0; i < 400; i++, day = addDays(day, 1)) {
    if (s.ends_on && day > s.ends_on) return null;
    if (s.weekdays.includes(weekdayOf(day)) && !cancelled.has(day) && startsLater(day)) return day;
  }
  return null;
}

/** "Tuesday, January 5, 2027"; Spanish "martes, 5 de enero de 2027". */
export const dayWithWeekday = (day: string, locale: Locale) =>
  `${weekdayName(weekdayOf(day), locale)}, ${formatDateIn(`${day}T12:00:00Z`, "UTC", locale)}`;

type Site = { orgName: string; phone: string; email: string; timeZone: string };

/** The paragraphs of the Enrolled mail after its first sentence, in `locale`. */
export function enrolledParagraphs(s: Session, cancelledDays: string[], opts: { now: Date; site: Site; locale: Locale }): string[] {
  const { locale, site } = opts;
  const o = { locale };
  const lines: string[] = [];
  const first = firstMeetingDay(s, cancelledDays, opts.now, site.timeZone);
  if (first) {
    const time = s.start_time ? `, ${formatTimeRange(s.start_time, s.end_time, locale)}` : "";
    lines.push(m.mail_enrolled_first_day({ day: `${dayWithWeekday(first, locale)}${time}` }, o));
  }
  const timeNote = inReaderLanguage({ en: s.time_note, es: s.time_note_es }, locale)?.text ?? null;
  const when = formatWhen(
    { kind: s.kind, weekdays: s.weekdays, onDate: s.on_date, startTime: s.start_time, endTime: s.end_time, timeNote, closed: s.closed },
    locale,
  );
  if (s.kind === "weekly" && when) lines.push(m.mail_enrolled_when({ when }, o));
  if (s.kind === "weekly" && s.ends_on) lines.push(m.mail_enrolled_last_day({ day: dayWithWeekday(s.ends_on, locale) }, o));
  const place = [s.place, s.street_address].filter(Boolean).join(", ");
  if (place) lines.push(m.mail_enrolled_place({ place }, o));
  const map = mapHref(s.street_address);
  if (map) lines.push(m.mail_enrolled_map({ url: map }, o));
  const note = inReaderLanguage({ en: s.note, es: s.note_es }, locale)?.text;
  const bring = whatToBring({ whatToBring: s.what_to_bring, whatToBringEs: s.what_to_bring_es }, locale).text;
  lines.push(m.mail_enrolled_bring({ items: bring.replace(/[.\s]+$/, "") }, o));
  if (note) lines.push(m.mail_enrolled_note({ note }, o));
  return lines;
}

/**
 * The fee and what financial help changes, from payments' front door: the session's fee, the family's aid (asked and
 * waiting, or granted and its terms), and what the account owes now. Nothing when the session has no fee.
 */
export async function feeParagraphs(tx: SqlExecutor, s: Session, athleteId: string, opts: { locale: Locale; publicUrl: string }) {
  const { locale } = opts;
  const o = { locale };
  const fee = feeText(s.fee_cents, s.fee_per, locale);
  if (!fee) return [];
  if (s.fee_cents === 0) return [m.mail_enrolled_fee({ fee }, o)];
  const account = await findAccountFor(tx, athleteId);
  const [aid, due] = await Promise.all([getAidState(tx, account), getDue(tx, account)]);
  // While the family's request for help waits, no price at all (issue 41): only that staff have it.
  if (aid.state === "open") return [m.mail_enrolled_aid_open({}, o)];
  const lines = [m.mail_enrolled_fee({ fee }, o)];
  const until = aid.state === "granted" ? formatDateIn(`${aid.validUntil}T12:00:00Z`, "UTC", locale) : "";
  if (aid.state === "granted" && aid.decision === "waiver") lines.push(m.mail_enrolled_aid_waiver({ until }, o));
  else if (aid.state === "granted" && aid.decision === "percent") lines.push(m.mail_enrolled_aid_percent({ percent: String(aid.percent), until }, o));
  else if (aid.state === "granted") lines.push(m.mail_enrolled_aid_amount({ amount: formatDollars(aid.amountCents ?? 0, locale), until }, o));
  else if (s.financial_help) lines.push(m.mail_enrolled_aid_available({}, o));
  if (due.state === "due") {
    const url = `${opts.publicUrl}${localizePath("/account/payments", locale)}`;
    lines.push(m.mail_enrolled_due({ amount: formatDollars(due.cents, locale), url }, o));
  }
  return lines;
}

/** Who coaches and who to call. */
export function contactParagraphs(s: Session, site: Site, locale: Locale): string[] {
  const o = { locale };
  return [
    ...(s.coaches ? [m.mail_enrolled_coach({ coach: s.coaches }, o)] : []),
    m.mail_enrolled_who_to_call({ phone: site.phone, email: site.email }, o),
  ];
}

/** The session's whole series as a calendar to import (PUBLISH), or null when it has no time to put in a calendar. */
export function seriesCalendar(s: Session, cancelledDays: string[], opts: { site: Site; publicUrl: string; locale: Locale; now: Date }) {
  if (s.closed || !s.start_time) return null;
  const event: FeedEvent = {
    id: s.id,
    title: s.title,
    titleEs: s.title_es,
    kind: s.kind,
    weekdays: s.weekdays,
    onDate: s.on_date,
    startsOn: s.starts_on,
    endsOn: s.ends_on,
    startTime: s.start_time,
    endTime: s.end_time,
    place: s.place,
    streetAddress: s.street_address,
    note: s.note,
    noteEs: s.note_es,
    closed: s.closed,
    createdAt: s.created_at,
    updatedAt: s.updated_at,
  };
  const content = buildCalendarFeed({
    events: [event],
    cancelledDays: cancelledDays.map((day) => ({ day, note: null })),
    timeZone: opts.site.timeZone,
    calendarName: opts.site.orgName,
    publicUrl: opts.publicUrl,
    locale: opts.locale,
    now: opts.now,
  });
  return { method: "PUBLISH" as const, content };
}
