// Cancelling a session for good (issue 41, decisions 0059 and 0068): the one rule of who may, and the one step that
// does it, asked by /aid/sessions, the programs editor and the roster alike. What cancelling does is payments' (a row
// in session_cancellations whose trigger credits every enrolled family what it was charged for the session, after aid,
// once), and so is what it does to the requests still waiting in it (enrollment's endRequestsOfCancelledSession: each
// ended, its family told) and to its enrolled places (tellEnrolledOfCancelledSession: each family told what it was
// credited), all in one transaction; what this file adds is who may: an administrator, any session; a
// coach, only a session they coach (the session's record, as the roster asks). Anyone else is refused before anything
// is read or changed.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { endRequestsOfCancelledSession, isCoachOfSession, tellEnrolledOfCancelledSession, type EnrollmentServices } from "~/enrollment/index.server";
import type { Profile } from "~/lib/profile";
import { isUuid } from "~/lib/uuid";
import { isAdmin } from "~/models/users.server";
import { cancelSession, type CancelSessionResult } from "~/payments/index.server";

type Actor = Pick<Profile, "id" | "role">;

/** Whether `actor` may cancel the session `eventId`: an administrator, or a coach the session records. */
export async function canCancelSession(db: Db, actor: Actor | null, eventId: string): Promise<boolean> {
  if (!actor || !isUuid(eventId)) return false;
  return (await isAdmin(db, actor.id)) || (await isCoachOfSession(db, actor, eventId));
}

export type CancelSessionAsResult =
  { ok: true; credited: number; ended: number } | Exclude<CancelSessionResult, { ok: true }> | { ok: false; reason: "forbidden" };

/**
 * The one way to cancel a session: refused (nothing read, nothing changed) unless canCancelSession says so; then, in
 * one transaction, the cancellation (its enrolled families credited, each mailed what) and the end of its waiting
 * requests (their families mailed). Its mails are queued in the transaction: sent once it commits, never twice (a
 * second cancellation is refused before anything is queued). `credited`: charges credited; `ended`: requests ended.
 */
export async function cancelSessionAs(
  services: EnrollmentServices,
  actor: Actor,
  eventId: string,
  reason: { en: string; es: string | null },
): Promise<CancelSessionAsResult> {
  if (!(await canCancelSession(services.db, actor, eventId))) return { ok: false, reason: "forbidden" };
  return services.db.transaction(async (tx) => {
    const cancelled = await cancelSession(tx, eventId, actor.id, reason);
    if (!cancelled.ok) return cancelled;
    await tellEnrolledOfCancelledSession(tx, services, eventId);
    return { ...cancelled, ended: await endRequestsOfCancelledSession(tx, services, eventId) };
  });
}

const FactsRow = z.object({
  id: z.string(),
  enrolled: z.number(),
  cancelled_at: z.string().nullable(),
  reason: z.string().nullable(),
  reason_es: z.string().nullable(),
});

/** What a page shows beside a session it lists: how many are enrolled, and the cancellation if there is one. */
export type SessionCancelFacts = { enrolled: number; cancelledAt: string | null; reason: string | null; reasonEs: string | null };

/**
 * For the sessions of `eventIds` that `actor` may cancel (canCancelSession, asked for each: the others are left out,
 * and a page shows them nothing), the facts the cancel form and its question name.
 */
export async function getSessionCancelFacts(db: Db, actor: Actor, eventIds: string[]): Promise<Map<string, SessionCancelFacts>> {
  const allowed = await Promise.all(eventIds.map(async (id) => ((await canCancelSession(db, actor, id)) ? id : null)));
  const ids = allowed.filter((id): id is string => id !== null);
  const facts = new Map<string, SessionCancelFacts>();
  if (ids.length === 0) return facts;
  const found = await rows(
    db,
    FactsRow,
    sql`
    select ev.id,
      (select count(*) from enrollments en where en.event_id = ev.id and en.status = 'enrolled')::int as enrolled,
      to_json(sc.created_at) #>> '{}' as cancelled_at, sc.reason, sc.reason_es
    from events ev left join session_cancellations sc on sc.event_id = ev.id
    where ev.id = any(${`{${ids.join(",")}}`}::uuid[])`,
  );
  for (const r of found) facts.set(r.id, { enrolled: r.enrolled, cancelledAt: r.cancelled_at, reason: r.reason, reasonEs: r.reason_es });
  return facts;
}
