// A session's places (issue 39, decision 0046). The count is the database's (session_places_taken / session_places_left,
// migration 0036): the capacity trigger, these functions and every page that says "3 places left" ask the same SQL, so
// a page never promises a place the trigger would refuse. Whether a bare request ("requested") holds a place is the
// organisation's setting, 'enrollment.requests_hold_place' (default: no; staff change it on /rosters).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { maybeRow, row, rows } from "../../db/rows";
import { isUuid } from "~/lib/uuid";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { tellFamilyOfEnrollment, type EnrollmentServices } from "./mails.server";
import { holdsPlace } from "./places";
import type { EnrollmentStatus } from "./status";

const HOLD_KEY = "enrollment.requests_hold_place";

/** Places a session's requests hold now, by the setting's statuses. */
export async function placesTaken(db: SqlExecutor, eventId: string): Promise<number> {
  // An integer function: null only for no such session, which takes no places.
  const { n } = await row(db, z.object({ n: z.number().nullable() }), sql`select session_places_taken(${eventId}::uuid) as n`);
  return n ?? 0;
}

/** Places left in each session (absent: no such session; null: no set number of places). */
export async function getPlacesLeft(db: SqlExecutor, eventIds: string[]): Promise<Map<string, number | null>> {
  const ids = [...new Set(eventIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const sessions = await rows(
    db,
    z.object({ id: z.string(), left: z.number().nullable() }),
    sql`select id, session_places_left(id) as left from events where id = any(${`{${ids.join(",")}}`}::uuid[])`,
  );
  return new Map(sessions.map((r) => [r.id, r.left]));
}

/** The organisation's setting: whether a bare request holds a place (false until staff say so). */
export async function getRequestsHoldPlace(db: SqlExecutor): Promise<boolean> {
  const setting = await maybeRow(db, z.object({ value: z.string() }), sql`select value from app_settings where key = ${HOLD_KEY}`);
  return setting?.value === "true";
}

/**
 * Staff change the setting. Every session with places is locked first (in one order), so no request is decided
 * halfway through; then each is settled by the new rule: requests that now hold a place beyond the session's places
 * go to the waitlist in the order they came, and places a change frees are offered to the waitlist.
 */
export async function setRequestsHoldPlace(services: EnrollmentServices, hold: boolean, offer: OfferFreePlaces) {
  await services.db.transaction(async (tx) => {
    const sessions = await rows(
      tx,
      z.object({ id: z.string(), capacity: z.number() }),
      sql`select id, capacity from events where program_slug is not null and capacity is not null order by id for update`,
    );
    if (hold) {
      // Before the setting holds them: requests past each session's free places wait, oldest first kept.
      const waiting = await rows(
        tx,
        z.object({ id: z.string() }),
        sql`
        with ranked as (
          select n.id, row_number() over (partition by n.event_id order by n.seq) as k, session_places_left(n.event_id) as free
          from enrollments n join events e on e.id = n.event_id and e.capacity is not null
          where n.status = 'requested')
        update enrollments set status = 'waitlisted', status_changed_at = now(), updated_at = now()
        where id in (select id from ranked where k > free) returning id`,
      );
      for (const r of waiting) await tellFamilyOfEnrollment(tx, services, r.id, "waitlisted");
    }
    await tx.execute(sql`insert into app_settings (key, value) values (${HOLD_KEY}, ${String(hold)})
      on conflict (key) do update set value = excluded.value`);
    for (const session of sessions) await offer(tx, services, session);
  });
}

type OfferFreePlaces = (tx: DbOrTx, services: EnrollmentServices, session: { id: string; capacity: number | null }) => Promise<void>;

/**
 * With bare requests not holding places (the default), a session whose last place was just taken sends the requests
 * still waiting for a coach to the waitlist, in the order they came, and tells each family: their request never held a
 * place, and now none is left. Called with the session locked, after every change that takes a place.
 */
export async function waitlistBareRequestsWhenFull(tx: DbOrTx, services: EnrollmentServices, session: { id: string; capacity: number | null }) {
  if (session.capacity === null || (await getRequestsHoldPlace(tx))) return;
  if ((await placesTaken(tx, session.id)) < session.capacity) return;
  const waitlisted = await rows(
    tx,
    z.object({ id: z.string() }),
    sql`
    update enrollments set status = 'waitlisted', status_changed_at = now(), updated_at = now()
    where event_id = ${session.id} and status = 'requested' returning id`,
  );
  for (const r of waitlisted) await tellFamilyOfEnrollment(tx, services, r.id, "waitlisted");
}

/**
 * Whether a change from `from` to `to` would take a place the (locked) session no longer has: the trigger would refuse
 * it, and the coach or family is told the session is full instead.
 */
export async function noPlaceFor(tx: DbOrTx, session: { id: string; capacity: number | null }, from: EnrollmentStatus, to: EnrollmentStatus) {
  if (session.capacity === null) return false;
  const hold = await getRequestsHoldPlace(tx);
  if (holdsPlace(from, hold) || !holdsPlace(to, hold)) return false;
  return (await placesTaken(tx, session.id)) >= session.capacity;
}
