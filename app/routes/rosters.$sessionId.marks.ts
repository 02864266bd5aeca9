// POST /rosters/:sessionId/marks: the attendance page's script sends the taps a phone kept (JSON), and is told which
// were saved and which refused (an athlete not on the roster, a day the session does not meet or that has not come, a
// newer mark kept: whose, when and what, decision 0048), one by one, so the phone forgets exactly those and shows the
// value kept. The same rule and the same upsert as the page's form (recordMarks).
import { data } from "react-router";
import type { Route } from "./+types/rosters.$sessionId.marks";
import { recordMarks, requireSessionCoach } from "~/enrollment/index.server";
import { MarksSchema } from "~/enrollment/schemas";
import { m } from "~/paraglide/messages";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireSessionCoach(request, context, params.sessionId);
  const body: unknown = await request.json().catch(() => null);
  const parsed = MarksSchema.safeParse(body);
  if (!parsed.success) return data({ error: m.enroll_error_mark(), saved: [], refused: [] }, { status: 400 });
  const result = await recordMarks(context.db, user, params.sessionId, parsed.data.marks, {
    timeZone: context.config.site.timeZone,
    clock: context.config.safePlay.clock,
  });
  if (!result.ok) return data({ error: result.error, saved: [], refused: [] }, { status: result.status });
  return { saved: result.saved, refused: result.refused };
}
