// The administrator's role buttons on /staff (decision 0030): make someone a coach or not, the safeguarding lead or
// not, an administrator or not. Each goes through the same model function the command line uses (setUserRole,
// setSafeguardingLead, setAdmin in app/models/users.server.ts), so the rules hold whichever way a change is made:
// the coach-name rule, no minor is a coach, the lead is a coach, removing the coach role ends the lead (logged), the last administrator stays.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { Profile } from "~/lib/profile";
import { lockStaffRoles, setAdmin, setSafeguardingLead, setUserRole } from "~/models/users.server";
import { m } from "~/paraglide/messages";
import type { SafePlaySettings } from "~/safe-play/index.server";
import { setEducationStaff } from "~/athletes/index.server";
import { actorOf } from "./access.server";
import type { RoleChangeIntent } from "./schemas";

export type RoleChangeResult = { ok: true; done: string } | { ok: false; status: 404 | 409; error: string };

const gone = (): RoleChangeResult => ({ ok: false, status: 404, error: m.staff_person_gone() });

/** Applies one role button for `userId`, done by `admin` (already checked by requireAdmin). */
export async function changeStaffRole(
  db: Db,
  admin: Profile,
  userId: string,
  intent: RoleChangeIntent,
  safePlay: Pick<SafePlaySettings, "clock" | "timeZone">,
): Promise<RoleChangeResult> {
  const actor = actorOf(admin);
  const target = { id: userId };
  return db.transaction(async (tx) => {
    await lockStaffRoles(tx);
    const [person] = await tx.select({ role: users.role, name: users.fullName }).from(users).where(eq(users.id, userId)).for("update");
    if (!person) return gone();
    const name = person.name || m.staff_someone();
    switch (intent) {
      case "grant-coach":
      case "remove-coach": {
        const role = intent === "grant-coach" ? "coach" : "client";
        // Setting the role a person already has would end their lead capability (the command line's meaning): not here.
        if (person.role === role)
          return { ok: true, done: intent === "grant-coach" ? m.staff_done_coach({ name }) : m.staff_done_not_coach({ name }) };
        const r = await setUserRole(tx, target, role, actor, safePlay);
        if (!r) return gone();
        if ("refused" in r)
          return { ok: false, status: 409, error: r.refused === "minor" ? m.staff_refused_minor({ name }) : m.staff_refused_coach_name({ name }) };
        return { ok: true, done: role === "coach" ? m.staff_done_coach({ name }) : m.staff_done_not_coach({ name }) };
      }
      case "grant-lead":
      case "remove-lead": {
        const r = await setSafeguardingLead(tx, target, intent === "grant-lead", actor);
        if (!r) return gone();
        if (r === "not-coach") return { ok: false, status: 409, error: m.staff_refused_lead_not_coach({ name }) };
        return { ok: true, done: intent === "grant-lead" ? m.staff_done_lead({ name }) : m.staff_done_not_lead({ name }) };
      }
      case "grant-admin":
      case "remove-admin": {
        const r = await setAdmin(tx, target, intent === "grant-admin", actor);
        if (!r) return gone();
        if (r === "last-admin") return { ok: false, status: 409, error: m.staff_refused_last_admin() };
        return { ok: true, done: intent === "grant-admin" ? m.staff_done_admin({ name }) : m.staff_done_not_admin({ name }) };
      }
      case "grant-education":
      case "remove-education": {
        // The education staff permission (issue 42): anyone /staff lists may hold it.
        const r = await setEducationStaff(tx, { id: userId, name: person.name }, intent === "grant-education", actor);
        if (r === "athlete") return { ok: false, status: 409, error: m.athletes_staff_refused_athlete({ name }) };
        return { ok: true, done: intent === "grant-education" ? m.athletes_staff_done_grant({ name }) : m.athletes_staff_done_remove({ name }) };
      }
    }
  });
}
