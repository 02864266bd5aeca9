// Open WebSockets and the sessions behind them, counted in PostgreSQL so the cap on sockets per person holds
// across every app process (each process refreshes its own rows; a dead process's rows go stale and stop
// counting after SOCKET_STALE_SECONDS).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow, rows } from "../../db/rows";

export const SOCKET_STALE_SECONDS = 45;

/**
 * Records a new socket unless the person already has `cap` live ones. A per-person advisory lock makes two
 * upgrades (on two processes) take turns, so the cap cannot be overshot by a race.
 */
export async function registerSocket(db: Db, input: { id: string; userId: string; processId: string; cap: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"sockets:" + input.userId}))`);
    const recorded = await maybeRow(
      tx,
      z.object({ id: z.string() }),
      sql`
      insert into realtime_sockets (id, user_id, process_id, seen_at)
      select ${input.id}::uuid, ${input.userId}, ${input.processId}::uuid, now()
      where (select count(*) from realtime_sockets
             where user_id = ${input.userId} and seen_at > now() - make_interval(secs => ${SOCKET_STALE_SECONDS})) < ${input.cap}
      returning id`,
    );
    return recorded !== null;
  });
}

export async function unregisterSocket(db: Db, id: string) {
  await db.execute(sql`delete from realtime_sockets where id = ${id}::uuid`);
}

/** Keeps this process's sockets counted, and forgets sockets whose process stopped refreshing them long ago. */
export async function refreshSockets(db: Db, processId: string) {
  await db.execute(sql`update realtime_sockets set seen_at = now() where process_id = ${processId}::uuid`);
  await db.execute(sql`delete from realtime_sockets where seen_at < now() - interval '1 hour'`);
}

export async function forgetProcessSockets(db: Db, processId: string) {
  await db.execute(sql`delete from realtime_sockets where process_id = ${processId}::uuid`);
}

const LiveSessionRow = z.object({ id: z.string(), expires_at: z.coerce.date() });

/** Of the given sessions, those still valid, with their expiry (the hub re-checks sockets whose expiry passed). */
export async function getLiveSessions(db: Db, sessionIds: string[]): Promise<Map<string, Date>> {
  if (sessionIds.length === 0) return new Map();
  // Two small columns a session, read when a socket opens, when its known expiry has passed, when a session is
  // announced changed and after a resync: never on a message's path. The timestamptz comes as PostgreSQL's text and is
  // made a Date, as it was before the schema.
  const live = await rows(
    db,
    LiveSessionRow,
    sql`
    select id, expires_at from sessions where id = any(array(select jsonb_array_elements_text(${JSON.stringify(sessionIds)}::jsonb))) and expires_at > now()`,
  );
  return new Map(live.map((r) => [r.id, r.expires_at]));
}

/** The channel the sessions table's trigger announces ended sessions on (migration: session ends). */
export const SESSION_ENDED_CHANNEL = "nlte_session_ended";
