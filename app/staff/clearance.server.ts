// Coaches are cleared before they reach children (issue 37, decisions 0022 and 0030). A coach's Safe Play training
// (yearly) and background check (every two years) are recorded by an administrator on /staff; clearanceOf
// (app/safe-play/safe-play.ts) is the one rule that says whether they are current on the organisation's date. This file
// reads a person's dates and answers with it: the roster and family pages, the session coaches' editor, /about, the
// banner every page shows an uncleared coach, /staff's list, and the daily reminder 60 days before a date expires.
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { coachProfiles, users } from "../../db/schema";
import { clearanceOf, type Clearance } from "~/safe-play/safe-play";
import type { SafePlaySettings } from "~/safe-play/index.server";
import { isLocale, LOCALES, localizePath, type Locale } from "~/i18n/language";
import { dayInZone, formatCalendarDate } from "~/lib/datetime";
import { enqueueMail, type MailServices, type SqlExecutor } from "~/mail/index.server";
import type { MailContent } from "~/mail/index.server";
import { m } from "~/paraglide/messages";

export type ClearanceSettings = Pick<SafePlaySettings, "clock" | "timeZone">;

/** A person as the clearance rule sees them: a coach (or not), the lead, an administrator, and their clearance. */
export type StaffClearance = { id: string; coach: boolean; lead: boolean; admin: boolean; clearance: Clearance };

const NOT_ON_RECORD = { safePlayCheckedOn: null, backgroundCheckedOn: null };

/** A person's clearance now (a client's: never cleared); null when the account does not exist. */
export async function getStaffClearance(db: Pick<Db, "select">, userId: string, settings: ClearanceSettings): Promise<StaffClearance | null> {
  const [row] = await db
    .select({
      role: users.role,
      lead: users.safeguardingLead,
      admin: users.admin,
      safePlayCheckedOn: coachProfiles.safePlayCheckedOn,
      backgroundCheckedOn: coachProfiles.backgroundCheckedOn,
    })
    .from(users)
    .leftJoin(coachProfiles, eq(coachProfiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) return null;
  const coach = row.role === "coach";
  const clearance = clearanceOf(coach ? row : NOT_ON_RECORD, settings.clock(), settings.timeZone);
  return { id: userId, coach, lead: coach && row.lead, admin: row.admin, clearance };
}

/** The one question every door asks: is this person a coach whose training and background check are current? */
export async function isClearedCoachId(db: Pick<Db, "select">, userId: string, settings: ClearanceSettings): Promise<boolean> {
  const person = await getStaffClearance(db, userId, settings);
  return Boolean(person?.coach && person.clearance.cleared);
}

/** What the banner on every page tells a signed-in coach who is not cleared; null for everyone else. */
export type ClearanceNotice = { missing: Clearance["missing"]; trainingExpiresOn: string | null; backgroundExpiresOn: string | null };

export async function getClearanceNotice(db: Pick<Db, "select">, userId: string, settings: ClearanceSettings): Promise<ClearanceNotice | null> {
  const person = await getStaffClearance(db, userId, settings);
  if (!person?.coach || person.clearance.cleared) return null;
  const { missing, trainingExpiresOn, backgroundExpiresOn } = person.clearance;
  return { missing, trainingExpiresOn, backgroundExpiresOn };
}

/** The administrators a coach asks to record their dates (the banner's and /staff/profile's "who to ask"). */
export async function getAdministrators(db: Pick<Db, "select">): Promise<Array<{ name: string; email: string }>> {
  const rows = await db
    .select({ name: users.fullName, email: users.email })
    .from(users)
    .where(and(eq(users.admin, true), isNull(users.deletedAt)))
    .orderBy(users.fullName, users.email);
  return rows.map((r) => ({ name: r.name || r.email, email: r.email }));
}

/** How long before a date expires the coach and the administrators are reminded. */
export const REMINDER_DAYS_BEFORE = 60;
export const CLEARANCE_REMINDER_JOB = "clearance_reminders";

/** `day` (YYYY-MM-DD) plus `days`. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type ReminderServices = MailServices & { db: Db; config: MailServices["config"] & { safePlay: ClearanceSettings } };

/** A coach's checks (dates as text) as the clearance rule reads them. */
const ChecksRow = z.object({ id: z.string(), trained_on: z.string().nullable(), background_on: z.string().nullable() });
const DueRow = ChecksRow.extend({ full_name: z.string().nullable(), email: z.string(), locale: z.enum(LOCALES).nullable() });
const AdminRow = z.object({ id: z.string(), email: z.string(), locale: z.enum(LOCALES).nullable() });

function reminderMail(
  org: string,
  words: { coach: string; check: "training" | "background"; expiresOn: string; toCoach: boolean },
  url: string,
  locale: Locale,
): MailContent & { kind: string } {
  const o = { locale };
  const check = words.check === "training" ? m.staff_clearance_training({}, o) : m.staff_clearance_background({}, o);
  const date = formatCalendarDate(`${words.expiresOn}T00:00:00Z`, locale) ?? words.expiresOn;
  return {
    kind: "clearance-reminder",
    locale,
    subject: m.staff_reminder_subject({ org, check }, o),
    paragraphs: [
      words.toCoach ? m.staff_reminder_to_coach({ check, date }, o) : m.staff_reminder_to_admin({ coach: words.coach, check, date }, o),
      m.staff_reminder_why({}, o),
    ],
    action: { label: words.toCoach ? m.staff_reminder_action_coach({}, o) : m.staff_reminder_action_admin({}, o), url },
  };
}

/**
 * The daily job: every coach whose training or background check expires within REMINDER_DAYS_BEFORE days (and has not
 * yet) is reminded, with every administrator, once per date: the clearance_reminders row is written in the
 * transaction that queues the mails, and a row already there means the reminder went. Returns how many were sent.
 */
export async function sendClearanceReminders(services: ReminderServices): Promise<number> {
  const { db, config } = services;
  const today = dayInZone(config.safePlay.clock(), config.safePlay.timeZone);
  const coaches = await rows(
    db,
    DueRow,
    sql`
    select u.id, u.full_name, u.email, u.locale, p.safe_play_checked_on::text as trained_on, p.background_checked_on::text as background_on
    from users u join coach_profiles p on p.user_id = u.id
    where u.role = 'coach' and u.deleted_at is null and (p.safe_play_checked_on is not null or p.background_checked_on is not null)`,
  );
  const admins = await rows(
    db,
    AdminRow,
    sql`select id, email, locale from users where admin and deleted_at is null and email not like '%@no-login.invalid'`,
  );
  let sent = 0;
  for (const r of coaches) {
    const coach = {
      id: r.id,
      name: r.full_name || r.email,
      email: r.email,
      locale: r.locale,
      trainedOn: r.trained_on,
      backgroundOn: r.background_on,
    };
    const clearance = clearanceOf(
      { safePlayCheckedOn: coach.trainedOn, backgroundCheckedOn: coach.backgroundOn },
      config.safePlay.clock(),
      config.safePlay.timeZone,
    );
    const due = (
      [
        ["training", clearance.trainingExpiresOn],
        ["background", clearance.backgroundExpiresOn],
      ] as const
    ).filter((d): d is readonly ["training" | "background", string] => d[1] !== null && d[1] > today && addDays(today, REMINDER_DAYS_BEFORE) >= d[1]);
    for (const [check, expiresOn] of due) {
      sent += await db.transaction(async (tx) => {
        const { rows: fresh } = await tx.execute(sql`
          insert into clearance_reminders (coach_id, check_kind, expires_on) values (${coach.id}, ${check}, ${expiresOn}::date)
          on conflict do nothing returning coach_id`);
        if (fresh.length === 0) return 0;
        const recipients = [
          { email: coach.email, locale: coach.locale, toCoach: true },
          ...admins.filter((a) => a.id !== coach.id).map((a) => ({ email: a.email, locale: a.locale, toCoach: false })),
        ];
        for (const r of recipients) {
          const locale: Locale = isLocale(r.locale) ? r.locale : "en";
          const url = `${config.publicUrl}${localizePath(r.toCoach ? "/staff/profile" : "/staff", locale)}`;
          await enqueueMail(tx, services, {
            to: r.email,
            ...reminderMail(config.site.orgName, { coach: coach.name, check, expiresOn, toCoach: r.toCoach }, url, locale),
          });
        }
        return 1;
      });
    }
  }
  return sent;
}

/** Whether a coach is cleared, for many at once (the session coaches' editor and /about): ids of those who are. */
export async function getClearedCoachIds(db: SqlExecutor, settings: ClearanceSettings): Promise<Set<string>> {
  const coaches = await rows(
    db,
    ChecksRow,
    sql`
    select u.id, p.safe_play_checked_on::text as trained_on, p.background_checked_on::text as background_on
    from users u join coach_profiles p on p.user_id = u.id where u.role = 'coach' and u.deleted_at is null`,
  );
  const now = settings.clock();
  return new Set(
    coaches
      .filter((r) => clearanceOf({ safePlayCheckedOn: r.trained_on, backgroundCheckedOn: r.background_on }, now, settings.timeZone).cleared)
      .map((r) => r.id),
  );
}
