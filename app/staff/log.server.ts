// The staff log as administrators read it on /staff: every change of roles, invitations, checks and published
// profiles, newest first. Lines are written by app/models/users.server.ts (writeStaffLog) in the transaction of
// the change; they keep the names as they were and say what happened in the reader's language.
import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffLog } from "../../db/schema";
import type { StaffLogAction } from "~/models/users.server";
import { m } from "~/paraglide/messages";

const LABELS: Record<StaffLogAction, () => string> = {
  "coach granted": m.staff_log_coach_granted,
  "coach removed": m.staff_log_coach_removed,
  "lead granted": m.staff_log_lead_granted,
  "lead removed": m.staff_log_lead_removed,
  "lead ended with role": m.staff_log_lead_ended_with_role,
  "admin granted": m.staff_log_admin_granted,
  "admin removed": m.staff_log_admin_removed,
  "coach invited": m.staff_log_coach_invited,
  "invitation cancelled": m.staff_log_invitation_cancelled,
  "invitation accepted": m.staff_log_invitation_accepted,
  "safe play check recorded": m.staff_log_safe_play_recorded,
  "safe play check cleared": m.staff_log_safe_play_cleared,
  "background check recorded": m.staff_log_background_recorded,
  "background check cleared": m.staff_log_background_cleared,
  "profile shown": m.staff_log_profile_shown,
  "profile hidden": m.staff_log_profile_hidden,
  "education granted": m.athletes_staff_log_education_granted,
  "education removed": m.athletes_staff_log_education_removed,
};

/** What a log line's action says, in the page's language (an unknown one as it was written). */
export function staffLogLabel(action: string): string {
  return action in LABELS ? LABELS[action as StaffLogAction]() : action;
}

export type StaffLogLine = { id: string; at: string; actor: string; subject: string; action: string; detail: string };

/** The latest lines of the log, said in the page's language. */
export async function getStaffLog(db: Db, limit = 200): Promise<StaffLogLine[]> {
  const rows = await db
    .select({
      id: staffLog.id,
      actorId: staffLog.actorId,
      actorName: staffLog.actorName,
      subjectName: staffLog.subjectName,
      action: staffLog.action,
      detail: staffLog.detail,
      createdAt: staffLog.createdAt,
    })
    .from(staffLog)
    .orderBy(desc(staffLog.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actor: r.actorId === null ? m.staff_log_command_line() : r.actorName || m.staff_someone(),
    subject: r.subjectName,
    action: staffLogLabel(r.action),
    detail: r.detail,
  }));
}
