// Who may do what with a booking: one function a rule, called by the loaders, the actions and the booking functions
// alike (the server decides; a hidden button is a courtesy).
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { requireUser } from "~/auth/session.server";
import { getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/family/safe-play.server";
import type { Profile } from "~/lib/profile";
import { invariantResponse } from "~/lib/responses.server";
import type { SqlExecutor } from "~/mail/outbox.server";
import { m } from "~/paraglide/messages";
import { NOTICE_MS } from "./slots";

type Actor = Pick<Profile, "id" | "role">;

/** The families' booking page is for clients: coaches manage bookings from /appointments. */
export async function requireFamilyMember(request: Request, context: AppLoadContext): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(user.role === "client", m.booking_refused_not_family(), 403);
  return user;
}

/**
 * Null when `actor` may book for `athleteId`, else why not: a guardian books for an athlete of their household; an
 * adult athlete for themselves; a minor athlete's booking needs a guardian. Another family's athlete is refused with
 * the same words as an id that does not exist (nothing revealed).
 */
export async function bookForRefusal(db: SqlExecutor, actor: Actor, athleteId: string, settings: SafePlaySettings): Promise<string | null> {
  if (actor.role !== "client") return m.booking_refused_not_family();
  if (athleteId === actor.id) {
    const [me] = await getSafetyPeople(db, [actor.id]);
    if (!me || me.kind !== "athlete") return m.booking_refused_not_yours();
    return isMinorPerson(me, settings) ? m.booking_refused_minor() : null;
  }
  const { rows } = await db.execute(sql`
    select 1 from guardian_links g join users u on u.id = g.athlete_id and u.deleted_at is null
    where g.guardian_id = ${actor.id} and g.athlete_id = ${athleteId}`);
  return rows.length > 0 ? null : m.booking_refused_not_yours();
}

/**
 * Whether `actor` is the family of a booking's athlete, as far as managing it goes: one of its guardians, or the
 * athlete themselves once an adult (a minor's bookings are their guardians' to change).
 */
export async function isFamilyOfAthlete(db: SqlExecutor, actor: Actor, athleteId: string, settings: SafePlaySettings): Promise<boolean> {
  return (await bookForRefusal(db, actor, athleteId, settings)) === null;
}

/** The athletes a client may book for: their household's athletes (a guardian), themselves (an adult athlete). */
export async function getBookableAthletes(db: SqlExecutor, actor: Actor, settings: SafePlaySettings) {
  if (actor.role !== "client") return [];
  const [me] = await getSafetyPeople(db, [actor.id]);
  if (!me) return [];
  if (me.kind === "athlete") {
    if (isMinorPerson(me, settings)) return [];
    const { rows } = await db.execute<{ full_name: string | null }>(sql`select full_name from users where id = ${actor.id}`);
    return [{ id: actor.id, name: rows[0]?.full_name ?? "", self: true }];
  }
  const { rows } = await db.execute<{ id: string; full_name: string | null }>(sql`
    select u.id, u.full_name from guardian_links g join users u on u.id = g.athlete_id and u.deleted_at is null
    where g.guardian_id = ${actor.id} order by u.full_name, u.id`);
  return rows.map((r) => ({ id: r.id, name: r.full_name ?? "", self: false }));
}

/** A student-athlete under 18: sees their bookings, and is told a guardian books and changes them. */
export async function isMinorAthlete(db: SqlExecutor, actor: Actor, settings: SafePlaySettings): Promise<boolean> {
  const [me] = await getSafetyPeople(db, [actor.id]);
  return Boolean(me && me.kind === "athlete" && isMinorPerson(me, settings));
}

/** The 24-hour rule: a booking starting in less than this cannot be booked or cancelled by the family. */
export function insideNotice(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() < NOTICE_MS;
}

/** A coach manages only their own bookings; another coach's is "not found" (nothing revealed). */
export function isCoachOfBooking(actor: Actor, booking: { coachId: string }): boolean {
  return actor.role === "coach" && booking.coachId === actor.id;
}
