// Season fees after the first charge (issue 41, decision 0059). Migration 0034's trigger charges an enrollment when
// it becomes Enrolled (a per-season or per-session fee whole, a per-month fee's first month); this file holds the rest,
// all of it done by migration 0050's SQL so every path is the same and once:
// - the daily job charges each following month of a per-month session while the athlete stays enrolled, one row a
//   month in season_fee_months (its primary key: a second run, or two processes at once, charge nothing more);
// - a session the organisation cancels credits what each enrolled family was charged for it, after aid (a trigger on
//   session_cancellations, and one on enrollments for a place taken after the cancellation).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dayInZone } from "~/lib/datetime";
import type { SqlExecutor } from "~/mail/index.server";

export const SEASON_FEES_JOB = "charge_season_months";

/** Charges every month that is due by `today` (YYYY-MM-DD, the organisation's day) and not yet charged. Returns how many. */
export async function chargeSeasonMonths(db: SqlExecutor, today: string): Promise<number> {
  const { rows } = await db.execute<{ made: number }>(sql`select season_fees_charge_months(${today}::date) as made`);
  return rows[0]!.made;
}

export type SeasonFeesServices = { db: Db; config: { site: { timeZone: string }; safePlay: { clock: () => Date } } };

/** The daily job: today's months, as the organisation's clock and time zone say. */
export async function runSeasonFeesJob(services: SeasonFeesServices): Promise<number> {
  const today = dayInZone(services.config.safePlay.clock(), services.config.site.timeZone);
  const made = await chargeSeasonMonths(services.db, today);
  if (made > 0) console.log(`season fees: ${made} month(s) charged`);
  return made;
}

export type CancelSessionResult = { ok: true; credited: number } | { ok: false; reason: "not-found" | "already-cancelled" };

/**
 * Cancels a session for good: its enrolled families are credited what they were charged for it (the database's
 * trigger, in this statement), and its months stop. A second cancellation changes nothing.
 */
export async function cancelSession(
  db: Db,
  eventId: string,
  cancelledBy: string,
  reason: { en: string; es: string | null },
): Promise<CancelSessionResult> {
  return db.transaction(async (tx) => {
    const { rows: found } = await tx.execute(sql`select 1 from events where id = ${eventId} for update`);
    if (found.length === 0) return { ok: false, reason: "not-found" };
    const before = await creditCount(tx, eventId);
    const { rows } = await tx.execute(sql`
      insert into session_cancellations (event_id, reason, reason_es, cancelled_by)
      values (${eventId}, ${reason.en}, ${reason.es}, ${cancelledBy}) on conflict do nothing returning event_id`);
    if (rows.length === 0) return { ok: false, reason: "already-cancelled" };
    return { ok: true, credited: (await creditCount(tx, eventId)) - before };
  });
}

async function creditCount(db: SqlExecutor, eventId: string): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`
    select count(*) as n from ledger_entries cr join ledger_charges lc on lc.id = cr.applies_to
      join enrollments en on en.id = lc.enrollment_id
    where cr.kind = 'credit' and en.event_id = ${eventId}`);
  return Number(rows[0]!.n);
}

/** Whether the organisation cancelled the session, and when. */
export async function getSessionCancellation(db: SqlExecutor, eventId: string) {
  const { rows } = await db.execute<{ reason: string; reason_es: string | null; created_at: string }>(
    sql`select reason, reason_es, to_json(created_at) #>> '{}' as created_at from session_cancellations where event_id = ${eventId}`,
  );
  const r = rows[0];
  return r ? { reason: r.reason, reasonEs: r.reason_es, cancelledAt: r.created_at } : null;
}

export type CancellableSession = {
  id: string;
  title: string;
  titleEs: string | null;
  enrolled: number;
  cancelledAt: string | null;
};

/** Sessions with athletes enrolled or a cancellation, newest first by first day: what /aid/sessions lists. */
export async function getCancellableSessions(db: SqlExecutor): Promise<CancellableSession[]> {
  const { rows } = await db.execute<{ id: string; title: string; title_es: string | null; enrolled: string; cancelled_at: string | null }>(sql`
    select ev.id, ev.title, ev.title_es,
      (select count(*) from enrollments en where en.event_id = ev.id and en.status = 'enrolled') as enrolled,
      to_json(sc.created_at) #>> '{}' as cancelled_at
    from events ev left join session_cancellations sc on sc.event_id = ev.id
    where sc.event_id is not null or exists (select 1 from enrollments en where en.event_id = ev.id and en.status = 'enrolled')
    order by sc.created_at is not null, coalesce(ev.on_date, ev.starts_on) desc nulls last, ev.title
    limit 200`);
  return rows.map((r) => ({ id: r.id, title: r.title, titleEs: r.title_es, enrolled: Number(r.enrolled), cancelledAt: r.cancelled_at }));
}
