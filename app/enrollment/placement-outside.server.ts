// A coach places a student-athlete outside the session's ages or levels (issue 39, decision 0046): allowed only with a
// reason, and that reason is written in the safeguarding log (the family log the lead reads), with what did not fit.
// The placement's level is judged, not the athlete's old one: a player placed at Level 2 in a Levels 3-4 session needs
// the reason even when the request itself fitted.
import type { DbOrTx } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { misfitForLog } from "./eligibility";
import { getMisfit } from "./eligibility.server";

/** The log's action for such a placement (named in the reader's language on /safeguarding). */
export const PLACED_OUTSIDE = "placed outside the session's ages or levels";

export type OutsideCheck = { ok: true; detail: string } | { ok: false; status: 400; error: string; field: "overrideReason" };

/** Null when the placement fits; else the log's line (a reason given) or the refusal beside the reason's field. */
export async function placementOutside(
  tx: DbOrTx,
  today: string,
  request: { event_id: string; athlete_id: string },
  placement: { level: number; overrideReason?: string },
): Promise<OutsideCheck | null> {
  const unfit = await getMisfit(tx, request.event_id, request.athlete_id, today, placement.level);
  if (!unfit) return null;
  const reason = placement.overrideReason?.trim() ?? "";
  if (!reason) return { ok: false, status: 400, error: m.enroll_override_needed({ why: unfit.words }), field: "overrideReason" };
  return { ok: true, detail: `${misfitForLog(unfit.problem, unfit.athlete, unfit.rule)} Placed at Level ${placement.level}. Reason: ${reason}` };
}
