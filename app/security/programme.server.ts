// The security programme's settings (issue 40, docs/security-programme.md): its coordinator, one of the site's staff
// accounts (a coach or an administrator, chosen from /staff's list), and the date its next yearly review is due, with
// the last review recorded. Kept in app_settings as the organisation's other settings are (the withdrawal notice, the
// offer hours, the retention periods), under 'security.*'. Two rules, one function each: only an administrator
// changes the coordinator or the date (canChangeSecurityProgramme); an administrator or the coordinator records that
// the review was done (canRecordSecurityReview), and only they are reminded (getSecurityReminder).
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appSettings, users } from "../../db/schema";
import { isAdmin } from "~/models/users.server";
import { isIsoDay } from "~/lib/datetime";
import { isReviewDue, oneYearAfter } from "./review";
import type { SecuritySettingsInput } from "./schemas";

export const SECURITY_KEYS = {
  coordinator: "security.coordinator_id",
  dueOn: "security.review_due_on",
  reviewedOn: "security.reviewed_on",
  reviewedBy: "security.reviewed_by",
} as const;

export type StaffChoice = { id: string; name: string; email: string };

export type SecurityProgramme = {
  /** Null when none is set, or the account set is no longer a coach or an administrator. */
  coordinator: StaffChoice | null;
  /** The next yearly review ("YYYY-MM-DD"), or null while none is set. */
  reviewDueOn: string | null;
  /** The last review recorded: the day and who recorded it (their name as it was). */
  lastReview: { on: string; by: string } | null;
};

/** The accounts that may coordinate the programme: current coaches and administrators, by name. */
export async function getCoordinatorChoices(db: Pick<Db, "select">): Promise<StaffChoice[]> {
  const rows = await db
    .select({ id: users.id, name: users.fullName, email: users.email })
    .from(users)
    .where(and(isNull(users.deletedAt), or(eq(users.role, "coach"), eq(users.admin, true))))
    .orderBy(sql`lower(coalesce(${users.fullName}, ${users.email}))`);
  return rows.map((r) => ({ id: r.id, name: r.name || r.email, email: r.email }));
}

async function readSettings(db: Pick<Db, "select">): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.key, Object.values(SECURITY_KEYS)));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** The programme's settings as /staff shows them. */
export async function getSecurityProgramme(db: Db): Promise<SecurityProgramme> {
  const [set, choices] = await Promise.all([readSettings(db), getCoordinatorChoices(db)]);
  const dueOn = set.get(SECURITY_KEYS.dueOn) ?? "";
  const reviewedOn = set.get(SECURITY_KEYS.reviewedOn) ?? "";
  return {
    coordinator: choices.find((c) => c.id === set.get(SECURITY_KEYS.coordinator)) ?? null,
    reviewDueOn: isIsoDay(dueOn) ? dueOn : null,
    lastReview: isIsoDay(reviewedOn) ? { on: reviewedOn, by: set.get(SECURITY_KEYS.reviewedBy) ?? "" } : null,
  };
}

/** Only an administrator sets the coordinator and the review date. */
export const canChangeSecurityProgramme = (db: Db, userId: string) => isAdmin(db, userId);

/** An administrator, or the coordinator (while a coach or an administrator), records that the review was done. */
export async function canRecordSecurityReview(db: Db, userId: string): Promise<boolean> {
  if (await isAdmin(db, userId)) return true;
  return (await getSecurityProgramme(db)).coordinator?.id === userId;
}

/** The reminder for this person today: the due date, when the review is due and they are one who is reminded. */
export async function getSecurityReminder(db: Db, userId: string, today: string): Promise<{ dueOn: string } | null> {
  const programme = await getSecurityProgramme(db);
  if (!programme.reviewDueOn || !isReviewDue(programme.reviewDueOn, today)) return null;
  if (programme.coordinator?.id !== userId && !(await isAdmin(db, userId))) return null;
  return { dueOn: programme.reviewDueOn };
}

async function put(tx: Pick<Db, "insert">, key: string, value: string) {
  await tx
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } });
}

export type SecurityChange = { ok: true } | { ok: false; status: 400; field: "coordinatorId"; error: "not staff" } | { ok: false; status: 403 };

/**
 * An administrator sets the coordinator and the next review's date (the schema has checked the form). Refused, with
 * nothing changed, for anyone else (403) and for an account that is not a current coach or administrator (400).
 */
export async function setSecurityProgramme(db: Db, userId: string, input: SecuritySettingsInput): Promise<SecurityChange> {
  if (!(await canChangeSecurityProgramme(db, userId))) return { ok: false, status: 403 };
  return db.transaction(async (tx) => {
    const choices = await getCoordinatorChoices(tx);
    if (!choices.some((c) => c.id === input.coordinatorId)) return { ok: false, status: 400, field: "coordinatorId", error: "not staff" } as const;
    await put(tx, SECURITY_KEYS.coordinator, input.coordinatorId);
    await put(tx, SECURITY_KEYS.dueOn, input.reviewDueOn);
    return { ok: true } as const;
  });
}

/**
 * Records that the yearly review was done `today` (the organisation's day by the site's clock): the next one falls due a
 * year on. Refused (403), with nothing changed, for anyone but an administrator or the coordinator.
 */
export async function recordSecurityReview(
  db: Db,
  user: { id: string; fullName: string | null },
  today: string,
): Promise<{ ok: true; nextDueOn: string } | { ok: false; status: 403 }> {
  if (!(await canRecordSecurityReview(db, user.id))) return { ok: false, status: 403 };
  const nextDueOn = oneYearAfter(today);
  await db.transaction(async (tx) => {
    await put(tx, SECURITY_KEYS.reviewedOn, today);
    await put(tx, SECURITY_KEYS.reviewedBy, user.fullName ?? "");
    await put(tx, SECURITY_KEYS.dueOn, nextDueOn);
  });
  return { ok: true, nextDueOn };
}

/** What /staff shows an administrator: the settings, the staff to choose from, and the reminder when it is due. */
export async function getSecurityCard(db: Db, userId: string, today: string) {
  const [programme, choices, reminder] = await Promise.all([
    getSecurityProgramme(db),
    getCoordinatorChoices(db),
    getSecurityReminder(db, userId, today),
  ]);
  return { programme, choices, reminder };
}
