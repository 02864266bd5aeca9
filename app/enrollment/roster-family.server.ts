// A coach confirms a roster family where they stand (issue 39): the roster names who in the athlete's household staff
// confirmed and who waits, and the coach who met or phoned them confirms the people they name, saying how. It is the
// family page's one rule (confirmPeople, app/family/confirmation.server.ts: people are confirmed, not households,
// decision 0042; a cleared coach or the lead only; logged), reached from the roster: the household is the one of an
// athlete on this session's roster, found here, never taken from the form.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow } from "../../db/rows";
import { confirmPeople } from "~/family/index.server";
import type { FamilyResult } from "~/family/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import { m } from "~/paraglide/messages";
import { isCoachOfSession, type Actor } from "./access.server";
import { ConfirmPeopleSchema } from "~/family/schemas";

/** The roster's confirm form: family's (the people named and how staff know them) and the request it is about. */
export const RosterConfirmSchema = ConfirmPeopleSchema.extend({ enrollmentId: z.string().max(64) });

/**
 * Confirms the named people of the household of the athlete whose request `enrollmentId` is on the session's roster.
 * Only a coach of the session comes this way (and confirmPeople asks that they are cleared); any other request is
 * refused with nothing changed.
 */
export async function confirmRosterFamily(
  db: Db,
  actor: Actor,
  eventId: string,
  input: z.infer<typeof RosterConfirmSchema>,
  settings: SafePlaySettings,
): Promise<FamilyResult> {
  if (!(await isCoachOfSession(db, actor, eventId))) return { ok: false, error: m.enroll_refused_not_coach(), status: 403 };
  const found = await maybeRow(
    db,
    z.object({ household_id: z.string() }),
    sql`
    select hm.household_id from enrollments e join household_members hm on hm.user_id = e.athlete_id
    where e.id::text = ${input.enrollmentId} and e.event_id = ${eventId} and e.status not in ('withdrawn', 'declined')`,
  );
  const householdId = found?.household_id;

  if (!householdId) return { ok: false, error: m.messaging_household_not_found(), status: 404 };
  return confirmPeople(db, { householdId, staffId: actor.id, how: input.how, userIds: input.people }, settings);
}
