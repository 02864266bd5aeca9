// The education staff permission (issue 42): granted and removed by an administrator with /staff's buttons, through
// changeStaffRole (app/staff/roles.server.ts), in its transaction. Who holds it, and who granted it, is this table;
// each grant and removal is a line of the staff log, written in the same transaction as the other roles' lines are.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { writeStaffLog, type StaffActor } from "~/models/users.server";
import { rows } from "../../db/rows";
import { educationStaff } from "../../db/schema-athletes";

/**
 * Grants or removes the permission; false when nothing changed (already so, and nothing is logged). A student-athlete
 * is never granted it ("athlete"): it reads other children's school information.
 */
export async function setEducationStaff(
  tx: DbOrTx,
  subject: { id: string; name: string | null },
  grant: boolean,
  actor: StaffActor,
): Promise<boolean | "athlete"> {
  const userId = subject.id;
  let changed: boolean;
  if (grant) {
    const athlete = await tx.execute(sql`select 1 from users where id = ${userId} and role = 'client' and client_kind = 'athlete'`);
    if (athlete.rows.length > 0) return "athlete";
    const rows = await tx
      .insert(educationStaff)
      .values({ userId, grantedBy: actor.id })
      .onConflictDoNothing()
      .returning({ id: educationStaff.userId });
    changed = rows.length > 0;
  } else {
    const rows = await tx.delete(educationStaff).where(eq(educationStaff.userId, userId)).returning({ id: educationStaff.userId });
    changed = rows.length > 0;
  }
  if (changed) await writeStaffLog(tx, { actor, subject, action: grant ? "education granted" : "education removed" });
  return changed;
}

/** Everyone holding the permission (for /staff's cards). */
export async function getEducationStaffIds(db: SqlExecutor): Promise<string[]> {
  const staff = await rows(db, z.object({ user_id: z.string() }), sql`select user_id from education_staff`);
  return staff.map((r) => r.user_id);
}
