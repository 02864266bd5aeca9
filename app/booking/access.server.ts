// Who may do what with a booking: one function a rule, called by the loaders, the actions and the booking functions
// alike (the server decides; a hidden button is a courtesy).
import type { AppLoadContext } from "react-router";
import { actingForProblem, getAthletesActedFor, requireFamilyPerson } from "~/family/index.server";
import { getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/safe-play/index.server";
import type { Profile } from "~/lib/profile";
import type { SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { NOTICE_MS } from "./slots";

type Actor = Pick<Profile, "id" | "role">;

/** The families' booking page is for clients: coaches manage bookings from /appointments. */
export async function requireFamilyMember(request: Request, context: AppLoadContext): Promise<Profile> {
  return requireFamilyPerson(request, context, m.booking_refused_not_family);
}

/**
 * Null when `actor` may book for `athleteId`, else why not: a guardian books for an athlete of their household; an
 * adult athlete for themselves; a minor athlete's booking needs a guardian. Another family's athlete is refused with
 * the same words as an id that does not exist (nothing revealed).
 */
export async function bookForRefusal(db: SqlExecutor, actor: Actor, athleteId: string, settings: SafePlaySettings): Promise<string | null> {
  const problem = await actingForProblem(db, actor, athleteId, settings);
  if (problem === null) return null;
  return problem === "not-family" ? m.booking_refused_not_family() : problem === "minor" ? m.booking_refused_minor() : m.booking_refused_not_yours();
}

/**
 * Whether `actor` is the family of a booking's athlete, as far as managing it goes: one of its guardians, or the
 * athlete themselves once an adult (a minor's bookings are their guardians' to change).
 */
export async function isFamilyOfAthlete(db: SqlExecutor, actor: Actor, athleteId: string, settings: SafePlaySettings): Promise<boolean> {
  return (await bookForRefusal(db, actor, athleteId, settings)) === null;
}

/**
 * The athletes a client may book for (the one rule: app/family/acting-for.server.ts). A function, not an alias: an
 * alias reads family's export while this module loads, which a cycle through the front doors can reach too early.
 */
export function getBookableAthletes(...args: Parameters<typeof getAthletesActedFor>) {
  return getAthletesActedFor(...args);
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
