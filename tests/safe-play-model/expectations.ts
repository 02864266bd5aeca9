// What the Safe Play model expects of a confirmation and of an accepted invitation, read from the database before and
// after the step and judged by the model's own account (model.ts's World): who staff may be, whom they named, which
// addresses a link proved. A step that breaks an expectation is a break (World.expect), reported after the step.
import { sql } from "drizzle-orm";
import { SESSION_COACHES } from "./cast";
import type { World } from "./model";

/** The cast's household memberships that carry staff's confirmation now: "person household" pairs. */
export async function confirmedNow(w: World): Promise<Set<string>> {
  const ids = castIds(w);
  if (ids.length === 0) return new Set();
  const { rows } = await w.db.execute<{ user_id: string; household_id: string }>(sql`
    select user_id, household_id from household_members
    where confirmed_at is not null and user_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Set(rows.map((r) => `${r.user_id} ${r.household_id}`));
}

/** The cast's accounts whose address the site holds proven now. */
export async function verifiedNow(w: World): Promise<Set<string>> {
  const ids = castIds(w);
  if (ids.length === 0) return new Set();
  const { rows } = await w.db.execute<{ id: string }>(sql`
    select id from users where email_verified and deleted_at is null and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Set(rows.map((r) => r.id));
}

const castIds = (w: World) => [...w.byId.values()].filter((p) => !p.staff).map((p) => p.id);
const added = (before: Set<string>, after: Set<string>) => [...after].filter((k) => !before.has(k));

/**
 * A confirmation staff gave (the family's page) or a coach gave from the session's roster: whatever the site answered,
 * the memberships it newly confirmed must be people `named` of `householdId` only, by a cleared staff member (from the
 * roster: a cleared coach of that session, of an athlete the oracle saw enrolled in it). Breaks go to World.expect.
 */
export function expectConfirmation(
  w: World,
  before: Set<string>,
  after: Set<string>,
  by: { label: string; via: "family page" | "roster"; athleteOnRoster?: string },
  householdId: string,
  named: ReadonlySet<string>,
) {
  const newly = added(before, after);
  if (newly.length === 0) return;
  const who = `${by.label} confirmed ${newly.map((k) => w.names([k.split(" ")[0]!])).join(", ")} from the ${by.via}`;
  if (!w.cleared.has(by.label)) w.expect("confirm", "confirmation", `${who}, though ${by.label} is not cleared`);
  if (by.via === "roster" && !SESSION_COACHES.has(by.label))
    w.expect("confirm", "confirmation", `${who}, though ${by.label} coaches no session of it`);
  if (by.via === "roster" && !(by.athleteOnRoster && w.enrolled.has(by.athleteOnRoster)))
    w.expect("confirm", "confirmation", `${who}, for an athlete the session's roster does not have`);
  for (const k of newly) {
    const [userId, household] = k.split(" ") as [string, string];
    if (household !== householdId || !named.has(userId))
      w.expect("confirm", "confirmation", `${who}: ${w.names([userId])} was not among the people of that family staff named`);
  }
}

/**
 * An invitation accepted (and its address confirmed by the acceptance, as /invitation does): nobody becomes confirmed
 * by it (staff confirm people; a confirmation never passes to whoever joins), and the only address it proves is the
 * accepting account's, which is the one the invitation was mailed to.
 */
export function expectAcceptance(
  w: World,
  confirmed: { before: Set<string>; after: Set<string> },
  verified: { before: Set<string>; after: Set<string> },
  holder: { id: string; email: string },
  invited: string,
) {
  for (const k of added(confirmed.before, confirmed.after))
    w.expect("accept", "confirmation-passed-on", `accepting an invitation confirmed ${w.names([k.split(" ")[0]!])}, whom staff never confirmed`);
  for (const id of added(verified.before, verified.after))
    if (id !== holder.id || holder.email.toLowerCase() !== invited.toLowerCase())
      w.expect("accept", "address", `accepting the invitation to ${invited} made ${w.names([id])}'s address count as proven`);
}
