// Season fees after the first charge (issue 41, decision 0059). Migration 0034's trigger charges an enrollment when
// it becomes Enrolled (a per-season or per-session fee whole, a per-month fee's first month); this file holds the rest,
// all of it done by migration 0050's SQL so every path is the same and once:
// - the daily job charges each following month of a per-month session while the athlete stays enrolled, one row a
//   month in season_fee_months (its primary key: a second run, or two processes at once, charge nothing more);
// - a session the organisation cancels credits what each enrolled family was charged for it, after aid (a trigger on
//   session_cancellations, and one on enrollments for a place taken after the cancellation).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow, row, rows } from "../../db/rows";
import { dayInZone } from "~/lib/datetime";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";

export const SEASON_FEES_JOB = "charge_season_months";

/** Charges every month that is due by `today` (YYYY-MM-DD, the organisation's day) and not yet charged. Returns how many. */
export async function chargeSeasonMonths(db: SqlExecutor, today: string): Promise<number> {
  return (await row(db, z.object({ made: z.number() }), sql`select season_fees_charge_months(${today}::date) as made`)).made;
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
 * Cancels a session for good, in the caller's transaction (programs' cancelSessionAs, which also ends the session's
 * waiting requests in it): its enrolled families are credited what they were charged for it (the database's trigger,
 * in this statement), it closes (migration 0061) and its months stop. The session's row is locked first, so a request
 * for a place sent meanwhile waits and then finds it closed. A second cancellation changes nothing.
 */
export async function cancelSession(
  tx: DbOrTx,
  eventId: string,
  cancelledBy: string,
  reason: { en: string; es: string | null },
): Promise<CancelSessionResult> {
  const found = await rows(tx, z.object({ id: z.string() }), sql`select id from events where id = ${eventId} for update`);
  if (found.length === 0) return { ok: false, reason: "not-found" };
  const before = await creditCount(tx, eventId);
  const made = await rows(
    tx,
    z.object({ event_id: z.string() }),
    sql`
    insert into session_cancellations (event_id, reason, reason_es, cancelled_by)
    values (${eventId}, ${reason.en}, ${reason.es}, ${cancelledBy}) on conflict do nothing returning event_id`,
  );
  if (made.length === 0) return { ok: false, reason: "already-cancelled" };
  return { ok: true, credited: (await creditCount(tx, eventId)) - before };
}

async function creditCount(db: SqlExecutor, eventId: string): Promise<number> {
  const counted = await row(
    db,
    z.object({ n: z.number() }),
    sql`
    select count(*)::int as n from ledger_entries cr join ledger_charges lc on lc.id = cr.applies_to
      join enrollments en on en.id = lc.enrollment_id
    where cr.kind = 'credit' and en.event_id = ${eventId}`,
  );
  return counted.n;
}

/** Whether the organisation cancelled the session, and when. */
export async function getSessionCancellation(db: SqlExecutor, eventId: string) {
  const r = await maybeRow(
    db,
    z.object({ reason: z.string(), reason_es: z.string().nullable(), created_at: z.string() }),
    sql`select reason, reason_es, to_json(created_at) #>> '{}' as created_at from session_cancellations where event_id = ${eventId}`,
  );
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
  const found = await rows(
    db,
    z.object({ id: z.string(), title: z.string(), title_es: z.string().nullable(), enrolled: z.number(), cancelled_at: z.string().nullable() }),
    sql`
    select ev.id, ev.title, ev.title_es,
      (select count(*) from enrollments en where en.event_id = ev.id and en.status = 'enrolled')::int as enrolled,
      to_json(sc.created_at) #>> '{}' as cancelled_at
    from events ev left join session_cancellations sc on sc.event_id = ev.id
    where sc.event_id is not null or exists (select 1 from enrollments en where en.event_id = ev.id and en.status = 'enrolled')
    order by sc.created_at is not null, coalesce(ev.on_date, ev.starts_on) desc nulls last, ev.title
    limit 200`,
  );
  return found.map((r) => ({ id: r.id, title: r.title, titleEs: r.title_es, enrolled: r.enrolled, cancelledAt: r.cancelled_at }));
}
