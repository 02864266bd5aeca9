// What the pages list: a family's upcoming bookings, a coach's days, and the rows of a person's private feed.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { SqlExecutor } from "~/mail/outbox.server";
import { BookingRow } from "./mails.server";

const ListRow = BookingRow.omit({ coach_id: true });

const listColumns = sql`b.id, b.kind, b.starts_at, b.ends_at, b.place, b.note, b.sequence, b.cancelled_at, b.reason, b.updated_at,
  c.full_name as coach_name, b.athlete_id, a.full_name as athlete_name`;

/** Bookings of the person's family: their own as an athlete and their household's athletes' as a guardian. */
const familyOf = (userId: string) => sql`(b.athlete_id = ${userId}
  or b.athlete_id in (select athlete_id from guardian_links where guardian_id = ${userId}))`;

/** The family's bookings from `since` on (cancelled ones of the last days too, so a family sees what the coach did). */
export async function getFamilyBookings(db: SqlExecutor, userId: string, since: Date) {
  const { rows } = await db.execute(sql`
    select ${listColumns} from bookings b join users c on c.id = b.coach_id join users a on a.id = b.athlete_id
    where ${familyOf(userId)} and b.ends_at > ${since.toISOString()}::timestamptz
    order by b.starts_at limit 100`);
  return rows.map((r) => ListRow.parse(r));
}

const GuardianSchema = z.array(z.object({ name: z.string().nullable(), phone: z.string().nullable() }));

/** A coach's active bookings between two instants, with each athlete's guardians and their phones (tap to call). */
export async function getCoachBookings(db: SqlExecutor, coachId: string, from: Date, to: Date) {
  const { rows } = await db.execute(sql`
    select ${listColumns}, a.phone as athlete_phone,
      coalesce((select json_agg(json_build_object('name', g.full_name, 'phone', g.phone) order by g.full_name)
        from guardian_links l join users g on g.id = l.guardian_id and g.deleted_at is null where l.athlete_id = b.athlete_id), '[]') as guardians
    from bookings b join users c on c.id = b.coach_id join users a on a.id = b.athlete_id
    where b.coach_id = ${coachId} and b.cancelled_at is null
      and b.starts_at >= ${from.toISOString()}::timestamptz and b.starts_at < ${to.toISOString()}::timestamptz
    order by b.starts_at`);
  return rows.map((r) => ({
    ...ListRow.parse(r),
    athletePhone: z.string().nullable().parse(r.athlete_phone),
    guardians: GuardianSchema.parse(r.guardians),
    /** Placement level: recorded by the enrollment issue (29); empty until then. */
    level: null as string | null,
  }));
}

/** The rows of a person's feed: their family's bookings and, for a coach, the lessons they give; the last 60 days on. */
export async function getFeedBookings(db: SqlExecutor, userId: string, since: Date) {
  const { rows } = await db.execute(sql`
    select ${listColumns} from bookings b join users c on c.id = b.coach_id join users a on a.id = b.athlete_id
    where (${familyOf(userId)} or b.coach_id = ${userId}) and b.ends_at > ${since.toISOString()}::timestamptz
    order by b.starts_at limit 500`);
  return rows.map((r) => ListRow.parse(r));
}
