// /rosters/:sessionId/attendance: courtside attendance for one day (issue 29, decision 0033). Present or absent, one
// tap an athlete; with the page's script each tap is kept on the phone and sent at once, or when the signal is back
// (attendance-queue.ts, through /rosters/:sessionId/marks). Without the script the radio buttons and "Save" post the
// same marks here. requireSessionCoach first; recordMarks refuses an athlete not on the roster.
import { data, useActionData } from "react-router";
import type { Route } from "./+types/rosters.$sessionId.attendance";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { getAttendanceAthletes, getMarksOn, getSession, recordMarks, requireSessionCoach } from "~/enrollment/index.server";
import { AttendanceSheet } from "~/enrollment/attendance-page";
import { getLocale } from "~/i18n/language";
import { dayInZone, isIsoDay } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta({ title: `${m.enroll_attendance_heading({ session: data?.session.title ?? "" })} | NLTE`, description: m.enroll_rosters_intro() }),
  { name: "robots", content: "noindex" },
];

function dayOf(request: Request, today: string) {
  const day = new URL(request.url).searchParams.get("day") ?? "";
  return isIsoDay(day) ? day : today;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireSessionCoach(request, context, params.sessionId);
  const { db, config } = context;
  const session = await getSession(db, params.sessionId, getLocale());
  invariantResponse(session, m.enroll_error_no_session(), 404);
  const today = dayInZone(config.safePlay.clock(), config.site.timeZone);
  const day = dayOf(request, today);
  // Names and levels only: the sheet carries nothing of a family's personal data (issue 37).
  const [athletes, marks] = await Promise.all([getAttendanceAthletes(db, session.id), getMarksOn(db, session.id, day)]);
  return { session: { id: session.id, title: session.title, when: session.when }, day, today, athletes, marks };
}

export type AttendanceActionData = { error: string; refused: Array<{ athleteId: string; error: string }> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireSessionCoach(request, context, params.sessionId);
  const form = await request.formData();
  const { config } = context;
  const day = String(form.get("day") ?? "");
  if (!isIsoDay(day)) return data<AttendanceActionData>({ error: m.enroll_error_day(), refused: [] }, { status: 400 });
  const markedAt = config.safePlay.clock().toISOString();
  const marks = [...form.entries()]
    .filter(([k, v]) => k.startsWith("mark:") && (v === "present" || v === "absent"))
    .map(([k, v]) => ({ athleteId: k.slice(5), day, present: v === "present", clientId: crypto.randomUUID(), markedAt }));
  const result = await recordMarks(context.db, user, params.sessionId, marks, { timeZone: config.site.timeZone, clock: config.safePlay.clock });
  if (!result.ok) return data<AttendanceActionData>({ error: result.error, refused: [] }, { status: result.status });
  if (result.refused.length > 0) return data<AttendanceActionData>({ error: m.enroll_error_correct(), refused: result.refused }, { status: 400 });
  throw await redirectWithToast(context, `/rosters/${params.sessionId}/attendance?day=${day}`, {
    type: "success",
    title: m.enroll_attendance_saved(),
  });
}

export default function Attendance({ loaderData }: Route.ComponentProps) {
  const result = useActionData<AttendanceActionData>();
  return (
    <>
      <PageHeader heading={m.enroll_attendance_heading({ session: loaderData.session.title })} intro={loaderData.session.when} />
      <AttendanceSheet {...loaderData} result={result} />
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.enroll_rosters_heading()} documentTitle={`${m.enroll_rosters_heading()} | NLTE`} />;
}
