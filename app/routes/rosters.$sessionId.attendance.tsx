// /rosters/:sessionId/attendance: courtside attendance for one meeting day (issue 29, decision 0033; issue 39, decision
// 0048). It opens on the session's nearest meeting day and offers only its meeting days; a day it does not meet is
// refused beside the picker. Present or absent, one tap an athlete; with the page's script each tap is kept on the
// phone and sent at once, or when the signal is back (attendance-queue.ts, through /rosters/:sessionId/marks). Without
// the script "Save" posts the marks that changed here. A medical flag's details are asked here too (intent=medical),
// never part of the page's data. requireSessionCoach first; recordMarks and readMedicalDetails hold the rules.
import { useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import { refused, type FormValues } from "~/lib/forms";
import type { Route } from "./+types/rosters.$sessionId.attendance";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import {
  attendanceDay,
  dayRefusal,
  getAttendanceAthletes,
  getMarksOn,
  getMeetingRule,
  getSession,
  recordMarks,
  requireSessionCoach,
} from "~/enrollment/index.server";
import { AttendanceSheet, type AttendanceAnswer, type MarksSent } from "~/enrollment/attendance-page";
import { getLocale } from "~/i18n/language";
import { dayInZone, isIsoDay } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { answerMedicalRead, getMedicalFlags, readMedicalDetails } from "~/medical/index.server";
import { MEDICAL_INTENT } from "~/medical/types";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta({ title: `${m.enroll_attendance_heading({ session: data?.session.title ?? "" })} | NLTE`, description: m.enroll_rosters_intro() }),
  { name: "robots", content: "noindex" },
];

// Names, marks and (after a tap) medical details: nothing of it is kept by a cache on the way or on the phone.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// Opening a medical flag changes nothing the page shows: the sheet is not read again for it.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === MEDICAL_INTENT ? false : defaultShouldRevalidate;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireSessionCoach(request, context, params.sessionId);
  const { db, config } = context;
  const [session, rule] = await Promise.all([getSession(db, params.sessionId, getLocale()), getMeetingRule(db, params.sessionId)]);
  invariantResponse(session && rule, m.enroll_error_no_session(), 404);
  const settings = { timeZone: config.site.timeZone, clock: config.safePlay.clock };
  const asked = new URL(request.url).searchParams.get("day");
  const picked = attendanceDay(rule, asked && isIsoDay(asked) ? asked : null, settings);
  const dayError = asked && !isIsoDay(asked) ? m.enroll_error_day() : picked.error;
  // Names and levels only, and a flag where a family wrote medical information (issue 37, decision 0048).
  const athletes = await getAttendanceAthletes(db, session.id);
  const [marks, flags] = await Promise.all([
    getMarksOn(db, session.id, picked.day),
    getMedicalFlags(
      db,
      athletes.map((a) => a.id),
    ),
  ]);
  return {
    session: { id: session.id, title: session.title, when: session.when },
    day: picked.day,
    days: picked.days,
    today: dayInZone(settings.clock(), settings.timeZone),
    dayError,
    markable: picked.markable,
    athletes,
    marks,
    flags,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireSessionCoach(request, context, params.sessionId);
  const form = await request.formData();
  const { config, db } = context;
  if (form.get("intent") === MEDICAL_INTENT) {
    const athleteId = String(form.get("athleteId") ?? "");
    const session = await getSession(db, params.sessionId, "en");
    const where = `attendance sheet: ${session?.title ?? params.sessionId}`;
    const read = await readMedicalDetails(db, user, athleteId, params.sessionId, where, config.safePlay);
    return answerMedicalRead(athleteId, read);
  }
  const settings = { timeZone: config.site.timeZone, clock: config.safePlay.clock };
  const day = String(form.get("day") ?? "");
  if (!isIsoDay(day)) return refused({ fieldErrors: { day: m.enroll_error_day() } });
  const dayError = dayRefusal(await getMeetingRule(db, params.sessionId), day, dayInZone(settings.clock(), settings.timeZone));
  if (dayError) return refused({ fieldErrors: { day: dayError } });
  // Only what changed from the sheet as it was shown is sent, stamped with the server's clock: an unchanged row keeps
  // its coach and time.
  const markedAt = settings.clock().toISOString();
  const marks = [...form.entries()]
    .filter(([k, v]) => k.startsWith("mark:") && (v === "present" || v === "absent") && form.get(`was:${k.slice(5)}`) !== v)
    .map(([k, v]) => ({ athleteId: k.slice(5), day, present: v === "present", clientId: crypto.randomUUID(), markedAt }));
  if (marks.length === 0) {
    throw await redirectWithToast(context, `/rosters/${params.sessionId}/attendance?day=${day}`, {
      type: "success",
      title: m.attendance_no_changes(),
    });
  }
  const result = await recordMarks(db, user, params.sessionId, marks, settings);
  if (!result.ok) return refused({ formError: result.error }, result.status);
  if (result.refused.length > 0) {
    const notSaved = result.refused.map((r) => ({ athleteId: r.athleteId, error: r.error, ...(r.kept === undefined ? {} : { kept: r.kept }) }));
    return refused<FormValues, { sent: MarksSent }>({ sent: { saved: result.saved.length, refused: notSaved } });
  }
  throw await redirectWithToast(context, `/rosters/${params.sessionId}/attendance?day=${day}`, {
    type: "success",
    title: m.attendance_sync_saved({ count: result.saved.length }),
  });
}

export default function Attendance({ loaderData }: Route.ComponentProps) {
  const result = useActionData<AttendanceAnswer>();
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
