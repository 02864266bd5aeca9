// Staff's screen for medical information (issue 39, decisions 0063 and 0069): the safeguarding lead and administrators
// (readsAllMedical: whatever an administrator's role; a coach among them only while cleared) see which
// athletes have medical information (a flag and when it last changed, never what it says) and read one athlete's on
// demand, through the one read rule and its log (readMedicalDetails: canReadMedical, then the safeguarding log), as
// coaches do from the attendance sheet. The list itself is no read of anyone's details and is not logged.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { requireUser } from "~/auth/index.server";
import type { Profile } from "~/lib/profile";
import { invariantResponse } from "~/lib/responses.server";
import type { SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { readsAllMedical } from "./medical.server";
import type { MedicalFlag } from "./types";

/** The staff page's guard: signed in (else sign in), and staff who read every athlete's details (else 403). */
export async function requireMedicalStaff(request: Request, context: AppLoadContext): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(await readsAllMedical(context.db, user, context.config.safePlay), m.season_medical_refused(), 403);
  return user;
}

export type MedicalListEntry = { id: string; name: string; flag: MedicalFlag; updatedAt: string };

const Row = z.object({ id: z.string(), name: z.string(), courtside_alert: z.boolean(), updated_at: z.coerce.date() });

/** Every athlete with medical information written: courtside alerts first, then by name. Nothing of what it says. */
export async function getMedicalList(db: SqlExecutor): Promise<MedicalListEntry[]> {
  const { rows } = await db.execute(sql`
    select u.id, coalesce(nullif(u.full_name, ''), '?') as name, a.courtside_alert, a.updated_at
    from athlete_medical a join users u on u.id = a.athlete_id and u.deleted_at is null
    order by a.courtside_alert desc, u.full_name, u.id`);
  return rows.map((raw) => {
    const r = Row.parse(raw);
    return { id: r.id, name: r.name, flag: r.courtside_alert ? "alert" : "notes", updatedAt: r.updated_at.toISOString() };
  });
}

/** What the safeguarding log says of where a read from this page came from. */
export const STAFF_MEDICAL_PAGE = "staff medical information page";
