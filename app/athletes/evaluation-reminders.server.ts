// "No evaluation yet this season" (issue 42, decision 0062). An athlete placed or enrolled in a program session that
// runs today has had no evaluation since the session's season began (its season's first day, or the session's own
// when later or when it has no season): the coach's list of athletes (/athletes) and the session's roster say so
// beside the name (to coaches, staff and education staff: getAthleteRights's seeEvaluationGaps), and once the
// season is N weeks old (a setting an administrator changes on /athletes/settings; 4 by default) the daily job mails
// the session's coaches, each in their language (the administrators when a session has no coach), through the outbox.
// Once: the athlete_evaluation_reminders row (session, season start) is written in the transaction that queues the
// mails, so a second run, or two at once, finds it and sends nothing.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isLocale, localizePath, type Locale } from "~/i18n/language";
import { dayInZone } from "~/lib/datetime";
import { enqueueMail, type MailServices, type SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { textArray, type AthleteRights } from "./access.server";

export const EVALUATION_REMINDER_JOB = "athletes_evaluation_reminders";
export const REMINDER_WEEKS_KEY = "athletes.evaluation_reminder_weeks";
export const REMINDER_WEEKS = { default: 4, min: 1, max: 20 } as const;

/** The weeks into a season the reminder goes: the setting when it is a whole number within bounds, else the default. */
export async function getReminderWeeks(db: SqlExecutor): Promise<number> {
  const { rows } = await db.execute(sql`select value from app_settings where key = ${REMINDER_WEEKS_KEY}`);
  const n = Number(rows[0]?.value);
  return rows[0] && Number.isInteger(n) && n >= REMINDER_WEEKS.min && n <= REMINDER_WEEKS.max ? n : REMINDER_WEEKS.default;
}

export async function setReminderWeeks(db: SqlExecutor, weeks: number): Promise<void> {
  await db.execute(sql`
    insert into app_settings (key, value) values (${REMINDER_WEEKS_KEY}, ${String(weeks)})
    on conflict (key) do update set value = excluded.value`);
}

/**
 * The one definition of "no evaluation yet this season": (session, season start, athlete) for each athlete placed or
 * enrolled in a program session running on `today` with no evaluation dated on or after the season's start.
 */
function unevaluated(today: string) {
  return sql`
    select e.event_id, r.season_start, e.athlete_id
    from enrollments e
      join events ev on ev.id = e.event_id and ev.program_slug is not null and ev.kind = 'weekly'
      left join seasons se on se.id = ev.season_id
      cross join lateral (select greatest(se.starts_on, ev.starts_on) as season_start, coalesce(se.ends_on, ev.ends_on) as season_end) r
    where e.status in ('placed', 'enrolled')
      and r.season_start <= ${today}::date and (r.season_end is null or r.season_end >= ${today}::date)
      and not exists (select 1 from athlete_evaluations x where x.athlete_id = e.athlete_id and x.evaluated_on >= r.season_start)`;
}

/**
 * Of the athletes `rights` lists, those their reader is told have no evaluation yet this season: only athletes the
 * reader may be told of (seeEvaluationGaps: coaches, staff, education staff; never a family), and only this session's
 * season when `sessionId` is given (a roster). /athletes and the rosters ask this, so both say the same.
 */
export async function getEvaluationGaps(db: SqlExecutor, rights: AthleteRights[], today: string, sessionId?: string): Promise<Set<string>> {
  const ids = rights.filter((r) => r.seeEvaluationGaps).map((r) => r.athleteId);
  if (ids.length === 0) return new Set();
  const { rows } = await db.execute(sql`
    select distinct u.athlete_id from (${unevaluated(today)}) u
    where u.athlete_id = any(${textArray(ids)})
      ${sessionId === undefined ? sql`` : sql`and u.event_id = ${sessionId}`}`);
  return new Set(rows.map((r) => String(r.athlete_id)));
}

type ReminderServices = MailServices & { db: Db; config: MailServices["config"] & { site: { timeZone: string }; safePlay: { clock: () => Date } } };

function reminderMail(org: string, session: string, count: number, url: string, locale: Locale) {
  const o = { locale };
  const n = String(count);
  return {
    kind: "evaluation-reminder",
    locale,
    subject: m.athletes_reminder_subject({ org, session }, o),
    paragraphs: [count === 1 ? m.athletes_reminder_one({ session }, o) : m.athletes_reminder_many({ session, n }, o), m.athletes_reminder_why({}, o)],
    action: { label: m.athletes_reminder_action({}, o), url },
  };
}

/** The daily job: each session N weeks (or more) into its season with athletes not yet evaluated, reminded once. */
export async function sendEvaluationReminders(services: ReminderServices): Promise<number> {
  const { db, config } = services;
  const today = dayInZone(config.safePlay.clock(), config.site.timeZone);
  const weeks = await getReminderWeeks(db);
  const { rows } = await db.execute(sql`
    select u.event_id, u.season_start::text as season_start, count(distinct u.athlete_id)::int as athletes, ev.title, ev.title_es
    from (${unevaluated(today)}) u join events ev on ev.id = u.event_id
    where u.season_start + ${weeks * 7}::int <= ${today}::date
      and not exists (select 1 from athlete_evaluation_reminders r where r.event_id = u.event_id and r.season_start = u.season_start)
    group by u.event_id, u.season_start, ev.title, ev.title_es`);
  let sent = 0;
  for (const row of rows) {
    sent += await db.transaction(async (tx) => {
      const { rows: fresh } = await tx.execute(sql`
        insert into athlete_evaluation_reminders (event_id, season_start, athletes) values (${row.event_id}, ${row.season_start}::date, ${row.athletes})
        on conflict do nothing returning event_id`);
      if (fresh.length === 0) return 0;
      const { rows: coaches } = await tx.execute(sql`
        select u.email, u.locale from session_coaches sc join users u on u.id = sc.coach_id
        where sc.event_id = ${row.event_id} and u.role = 'coach' and u.deleted_at is null`);
      const to = coaches.length
        ? coaches
        : (await tx.execute(sql`select email, locale from users where admin and deleted_at is null and email not like '%@no-login.invalid'`)).rows;
      for (const r of to) {
        const locale: Locale = isLocale(r.locale) ? r.locale : "en";
        const session = String((locale === "es" && row.title_es) || row.title);
        const url = `${config.publicUrl}${localizePath("/athletes", locale)}`;
        await enqueueMail(tx, services, { to: String(r.email), ...reminderMail(config.site.orgName, session, Number(row.athletes), url, locale) });
      }
      return 1;
    });
  }
  return sent;
}
