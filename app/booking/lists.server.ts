// What the pages list: a family's upcoming bookings, a coach's days (with each athlete's level, and for an evaluation
// booked from an enrollment request the session it is for: enrollment's answers), and the rows of a private feed.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { rows } from "../../db/rows";
import { currentLevel, getEvaluationRequests } from "~/enrollment/index.server";
import type { Locale } from "~/i18n/language";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { BookingRow } from "./booking-row";

const ListRow = BookingRow.omit({ coach_id: true });
/** One booking as the pages list it. */
export type ListedBookingRow = z.infer<typeof ListRow>;
/** One booking on a coach's day (app/booking/appointments-page.tsx). */
export type CoachBooking = Awaited<ReturnType<typeof getCoachBookings>>[number];

const listColumns = sql`b.id, b.kind, b.starts_at, b.ends_at, b.place, b.note, b.sequence, b.cancelled_at, b.reason, b.updated_at,
  c.full_name as coach_name, b.athlete_id, a.full_name as athlete_name, b.enrollment_id`;

/** Bookings of the person's family: their own as an athlete and their household's athletes' as a guardian. */
const familyOf = (userId: string) => sql`(b.athlete_id = ${userId}
  or b.athlete_id in (select athlete_id from guardian_links where guardian_id = ${userId}))`;

/** The family's bookings from `since` on (cancelled ones of the last days too, so a family sees what the coach did). */
export async function getFamilyBookings(db: SqlExecutor, userId: string, since: Date) {
  return rows(
    db,
    ListRow,
    sql`
    select ${listColumns} from bookings b join users c on c.id = b.coach_id join users a on a.id = b.athlete_id
    where ${familyOf(userId)} and b.ends_at > ${since.toISOString()}::timestamptz
    order by b.starts_at limit 100`,
  );
}

const CoachDayRow = ListRow.extend({
  athlete_phone: z.string().nullable(),
  guardians: z.array(z.object({ name: z.string().nullable(), phone: z.string().nullable() })),
  cancelled_by_someone: z.boolean(),
  cancelled_by_name: z.string().nullable(),
});

/**
 * A coach's bookings between two instants, with each athlete's guardians and their phones (tap to call), the
 * athlete's current level (their latest placement), and for an evaluation booked for a request, that request.
 * Cancelled ones stay (issue 39: a cancelled evaluation vanished), with who cancelled them: `cancelledBy` is null when
 * nobody did by hand (the request it was booked for ended).
 */
export async function getCoachBookings(db: DbOrTx, coachId: string, from: Date, to: Date, locale: Locale) {
  const coachDay = await rows(
    db,
    CoachDayRow,
    sql`
    select ${listColumns}, a.phone as athlete_phone, cb.full_name as cancelled_by_name, (b.cancelled_by is not null) as cancelled_by_someone,
      coalesce((select json_agg(json_build_object('name', g.full_name, 'phone', g.phone) order by g.full_name)
        from guardian_links l join users g on g.id = l.guardian_id and g.deleted_at is null where l.athlete_id = b.athlete_id), '[]') as guardians
    from bookings b join users c on c.id = b.coach_id join users a on a.id = b.athlete_id left join users cb on cb.id = b.cancelled_by
    where b.coach_id = ${coachId}
      and b.starts_at >= ${from.toISOString()}::timestamptz and b.starts_at < ${to.toISOString()}::timestamptz
    order by b.starts_at, b.cancelled_at nulls first`,
  );
  const list = coachDay.map(({ athlete_phone, guardians, cancelled_by_someone, cancelled_by_name, ...booking }) => ({
    ...booking,
    athletePhone: athlete_phone,
    guardians,
    cancelledBy: cancelled_by_someone ? { name: cancelled_by_name ?? "" } : null,
  }));
  const athletes = [...new Set(list.map((b) => b.athlete_id))];
  const [levels, requests] = await Promise.all([
    Promise.all(athletes.map(async (id) => [id, await currentLevel(db, id)] as const)).then((pairs) => new Map(pairs)),
    getEvaluationRequests(
      db,
      list.flatMap((b) => (b.enrollment_id ? [b.enrollment_id] : [])),
      locale,
      { id: coachId, role: "coach" },
    ),
  ]);
  return list.map((b) => {
    const request = b.enrollment_id ? requests.get(b.enrollment_id) : undefined;
    return {
      ...b,
      level: levels.get(b.athlete_id) ?? null,
      request: request ? { session: request.session, status: request.status, canPlace: request.canPlace } : null,
    };
  });
}

/** The rows of a person's feed: their family's bookings and, for a coach, the lessons they give; the last 60 days on. */
export async function getFeedBookings(db: SqlExecutor, userId: string, since: Date, asCoach: boolean) {
  const coaching = asCoach ? sql`b.coach_id = ${userId}` : sql`false`;
  return rows(
    db,
    ListRow,
    sql`
    select ${listColumns} from bookings b join users c on c.id = b.coach_id join users a on a.id = b.athlete_id
    where (${familyOf(userId)} or ${coaching}) and b.ends_at > ${since.toISOString()}::timestamptz
    order by b.starts_at limit 500`,
  );
}
