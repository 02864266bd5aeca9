// Who may act for a student-athlete (book them a lesson, ask for a place for them, answer an offer): one rule for
// every capability that acts for a child (booking, enrollment). A guardian for an athlete of their household; an adult
// athlete for themselves; a minor athlete never alone (a guardian does); anyone else hears "not yours", the same as
// an id that does not exist, so nothing about another family is revealed. Each capability says it in its own words.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { maybeRow, rows } from "../../db/rows";
import type { AppLoadContext } from "react-router";
import { requireUser } from "~/auth/index.server";
import type { Profile } from "~/lib/profile";
import { invariantResponse } from "~/lib/responses.server";
import type { SqlExecutor } from "~/mail/index.server";
import { getSafetyPeople, isMinorPerson, type SafePlaySettings } from "../safe-play/index.server";

export type ActingForProblem = "not-family" | "not-yours" | "minor";

/** Null when `actor` may act for `athleteId`, else why not. */
export async function actingForProblem(
  db: SqlExecutor,
  actor: Pick<Profile, "id" | "role">,
  athleteId: string,
  settings: Pick<SafePlaySettings, "clock" | "timeZone">,
): Promise<ActingForProblem | null> {
  if (actor.role !== "client") return "not-family";
  if (athleteId === actor.id) {
    const [me] = await getSafetyPeople(db, [actor.id]);
    if (!me || me.kind !== "athlete") return "not-yours";
    return isMinorPerson(me, settings) ? "minor" : null;
  }
  const { rows } = await db.execute(sql`
    select 1 from guardian_links g join users u on u.id = g.athlete_id and u.deleted_at is null
    where g.guardian_id = ${actor.id} and g.athlete_id = ${athleteId}`);
  return rows.length > 0 ? null : "not-yours";
}

/** The athletes `actor` may act for, as the rule above says: their household's athletes (a guardian), themselves (an adult athlete). */
export async function getAthletesActedFor(
  db: SqlExecutor,
  actor: Pick<Profile, "id" | "role">,
  settings: Pick<SafePlaySettings, "clock" | "timeZone">,
) {
  if (actor.role !== "client") return [];
  const [me] = await getSafetyPeople(db, [actor.id]);
  if (!me) return [];
  if (me.kind === "athlete") {
    if (isMinorPerson(me, settings)) return [];
    const self = await maybeRow(db, z.object({ full_name: z.string().nullable() }), sql`select full_name from users where id = ${actor.id}`);
    return [{ id: actor.id, name: self?.full_name ?? "", self: true }];
  }
  const athletes = await rows(
    db,
    z.object({ id: z.string(), full_name: z.string().nullable() }),
    sql`
    select u.id, u.full_name from guardian_links g join users u on u.id = g.athlete_id and u.deleted_at is null
    where g.guardian_id = ${actor.id} order by u.full_name, u.id`,
  );
  return athletes.map((r) => ({ id: r.id, name: r.full_name ?? "", self: false }));
}

/** The first line of a families' page: a visitor is sent to sign in; a coach gets 403 with `refusal`. */
export async function requireFamilyPerson(request: Request, context: AppLoadContext, refusal: () => string): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(user.role === "client", refusal(), 403);
  return user;
}
