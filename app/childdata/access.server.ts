// Who may download a child's data or ask to delete it (issue 40, decision 0056): ONE rule, childDataRole, asked by the
// family page, the download's page and file, and the request's action. It is the site's rule of who acts for an
// athlete (app/family/acting-for.server.ts: a guardian of the household, an adult athlete for themselves, never a minor
// alone), narrowed where a child's whole record is at stake:
//   - a guardian only once staff confirmed them (household_members.confirmed_at): COPPA asks the operator to make sure
//     the person is the child's parent before handing over or deleting a child's data, and a teenager's own second
//     address, joined as "guardian", is exactly the person it must not be;
//   - a guardian only while the athlete is a minor: an adult athlete's data is theirs (they download it themselves);
//   - staff (administrators, and the safeguarding lead: the medical read rule's staff) for any athlete.
// Anyone else gets null, which the routes answer with 404, as for an athlete that does not exist.
import { sql } from "drizzle-orm";
import { readsEveryRoster } from "~/enrollment/index.server";
import { actingForProblem } from "~/family/index.server";
import { getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/safe-play/index.server";
import type { Profile } from "~/lib/profile";
import type { DbOrTx } from "~/mail/index.server";
import { isAdmin } from "~/models/users.server";

type Actor = Pick<Profile, "id" | "role">;
type Settings = Pick<SafePlaySettings, "clock" | "timeZone">;

export type ChildDataRole = "guardian" | "self" | "staff";

/** Why a guardian of the household may not (yet): the family page says so instead of showing the buttons. */
export type ChildDataWait = "unconfirmed" | "adult";

async function isLiveAthlete(db: DbOrTx, athleteId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from users where id = ${athleteId} and client_kind = 'athlete' and deleted_at is null`);
  return rows.length > 0;
}

/** The one rule: what `actor` is to `athleteId` for the child's data, or why a guardian waits, or nothing. */
async function childDataStanding(db: DbOrTx, actor: Actor, athleteId: string, settings: Settings): Promise<ChildDataRole | ChildDataWait | null> {
  if (!athleteId || !(await isLiveAthlete(db, athleteId))) return null;
  if ((await isAdmin(db, actor.id)) || (await readsEveryRoster(db, actor))) return "staff";
  if (actor.role === "coach") return null;
  if ((await actingForProblem(db, actor, athleteId, settings)) !== null) return null;
  if (athleteId === actor.id) return "self";
  const [athlete] = await getSafetyPeople(db, [athleteId]);
  if (!athlete) return null;
  if (!isMinorPerson(athlete, settings)) return "adult";
  return athlete.confirmedGuardianIds.includes(actor.id) ? "guardian" : "unconfirmed";
}

/** Null unless `actor` may download or ask to delete `athleteId`'s data; else as whom. */
export async function childDataRole(db: DbOrTx, actor: Actor | null, athleteId: string, settings: Settings): Promise<ChildDataRole | null> {
  if (!actor) return null;
  const standing = await childDataStanding(db, actor, athleteId, settings);
  return standing === "guardian" || standing === "self" || standing === "staff" ? standing : null;
}

export type ChildDataAthlete = { id: string; name: string; role: ChildDataRole | null; wait: ChildDataWait | null };

/** The athletes the family page offers this for (those `actor` acts for), each with the rule's answer. */
export async function getChildDataAthletes(
  db: DbOrTx,
  actor: Actor,
  athletes: Array<{ id: string; name: string }>,
  settings: Settings,
): Promise<ChildDataAthlete[]> {
  const out: ChildDataAthlete[] = [];
  for (const a of athletes) {
    const standing = await childDataStanding(db, actor, a.id, settings);
    if (standing === null) continue;
    const waits = standing === "unconfirmed" || standing === "adult";
    out.push({ id: a.id, name: a.name, role: waits ? null : standing, wait: waits ? standing : null });
  }
  return out;
}
