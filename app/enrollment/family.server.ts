// What a family sees of its children's enrollments (issue 29): per child, each request's session, status (an offer
// with its deadline, a waitlist place), the level and its whole history (who placed them, when, and the coach's note),
// the days their sessions meet next, and their attendance. Only the household's own athletes (access.server.ts).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { rows } from "../../db/rows";
import type { Locale } from "~/i18n/language";
import { inReaderLanguage } from "~/lib/typed-content";
import type { SqlExecutor } from "~/mail/index.server";
import { mayBookEvaluation } from "./evaluations.server";
import { holdWords } from "./places";
import { getRequestsHoldPlace } from "./places.server";
import { getUpcomingDays } from "./sessions.server";
import { STATUSES } from "./status";

const EnrollmentRow = z.object({
  id: z.string(),
  athlete_id: z.string(),
  event_id: z.string(),
  title: z.string(),
  title_es: z.string().nullable(),
  status: z.enum(STATUSES),
  offered_until: z.coerce.date().nullable(),
  position: z.coerce.number().nullable(),
  present: z.coerce.number(),
  marked: z.coerce.number(),
  booked: z.boolean(),
});
const LevelRow = z.object({
  athlete_id: z.string(),
  level: z.coerce.number(),
  placed_on: z.string(),
  note: z.string(),
  coach_name: z.string().nullable(),
});
const MarkRow = z.object({ athlete_id: z.string(), event_id: z.string(), day: z.string(), present: z.boolean() });

export async function getFamilyEnrollments(db: SqlExecutor, athleteIds: string[], options: { today: string; locale: Locale }) {
  if (athleteIds.length === 0) return [];
  const ids = JSON.stringify(athleteIds);
  const inIds = sql`(select jsonb_array_elements_text(${ids}::jsonb))`;
  const [people, reqs, lvls, mks, requestsHold] = await Promise.all([
    rows(
      db,
      z.object({ id: z.string(), full_name: z.string().nullable() }),
      sql`select id, full_name from users where id in ${inIds} order by full_name, id`,
    ),
    rows(
      db,
      EnrollmentRow,
      sql`
      select e.id, e.athlete_id, e.event_id, ev.title, ev.title_es, e.status, e.offered_until,
        case when e.status = 'waitlisted' then (select count(*) from enrollments w where w.event_id = e.event_id and w.status = 'waitlisted' and w.seq <= e.seq) end as position,
        (select count(*) from attendance_marks am where am.event_id = e.event_id and am.athlete_id = e.athlete_id and am.present) as present,
        (select count(*) from attendance_marks am where am.event_id = e.event_id and am.athlete_id = e.athlete_id) as marked,
        exists (select 1 from bookings b where b.enrollment_id = e.id and b.kind = 'evaluation' and b.cancelled_at is null) as booked
      from enrollments e join events ev on ev.id = e.event_id
      where e.athlete_id in ${inIds}
      order by (e.status in ('withdrawn', 'declined')), e.created_at desc`,
    ),
    rows(
      db,
      LevelRow,
      sql`
      select l.athlete_id, l.level, l.placed_on::text, l.note, c.full_name as coach_name
      from athlete_levels l left join users c on c.id = l.coach_id
      where l.athlete_id in ${inIds} order by l.placed_on desc, l.created_at desc`,
    ),
    rows(
      db,
      MarkRow,
      sql`
      select athlete_id, event_id, day::text, present from attendance_marks
      where athlete_id in ${inIds} order by day desc limit 200`,
    ),
    getRequestsHoldPlace(db),
  ]);
  const enrolledEvents = [...new Set(reqs.filter((r) => r.status === "enrolled").map((r) => r.event_id))];
  const cancelled = await rows(db, z.object({ day: z.string() }), sql`select day::text from cancelled_dates where day >= ${options.today}::date`);
  const upcoming = await getUpcomingDays(
    db,
    enrolledEvents,
    cancelled.map((c) => c.day),
    options.today,
    28,
    options.locale,
  );
  const titles = new Map(reqs.map((r) => [r.event_id, inReaderLanguage({ en: r.title, es: r.title_es }, options.locale).text]));
  return people.map((p) => {
    const mine = reqs.filter((r) => r.athlete_id === p.id);
    const myEvents = new Set(mine.filter((r) => r.status === "enrolled").map((r) => r.event_id));
    const history = lvls.filter((l) => l.athlete_id === p.id);
    return {
      athleteId: p.id,
      name: p.full_name ?? "",
      level: history[0]?.level ?? null,
      levelHistory: history.map((l) => ({ level: l.level, placedOn: l.placed_on, note: l.note, coach: l.coach_name ?? "" })),
      requests: mine.map((r) => ({
        id: r.id,
        session: titles.get(r.event_id) ?? "",
        status: r.status,
        offeredUntil: r.offered_until?.toISOString() ?? null,
        position: r.position,
        /** What the request holds and until when (issue 39); an offer's deadline is offeredUntil. */
        holds: holdWords(r.status, requestsHold, options.locale),
        bookEvaluation: mayBookEvaluation(r.status, r.booked),
        attendance: { present: r.present, marked: r.marked },
      })),
      upcoming: upcoming.filter((o) => myEvents.has(o.eventId)).slice(0, 6),
      marks: mks
        .filter((mk) => mk.athlete_id === p.id)
        .slice(0, 20)
        .map((mk) => ({ day: mk.day, session: titles.get(mk.event_id) ?? "", present: mk.present })),
    };
  });
}
export type FamilyChild = Awaited<ReturnType<typeof getFamilyEnrollments>>[number];
