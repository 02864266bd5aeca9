// A session's roster as a coach reads it courtside (issue 29): every open request with the athlete's level, the
// on-court notes (medical, pick-up, photo consent, emergency contact) and the guardians' phones. Only for coaches of
// the session (access.server.ts); the loader asks before calling.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ageOn } from "~/family/safe-play";
import type { SafePlaySettings } from "~/family/safe-play.server";
import type { SqlExecutor } from "~/mail/outbox.server";
import { STATUSES } from "./status";

const RosterRow = z.object({
  id: z.string(),
  athlete_id: z.string(),
  athlete_name: z.string().nullable(),
  dob: z.string().nullable(),
  status: z.enum(STATUSES),
  seq: z.coerce.number(),
  offered_until: z.coerce.date().nullable(),
  medical_notes: z.string(),
  pickup_people: z.string(),
  photo_consent: z.boolean(),
  emergency_name: z.string(),
  emergency_phone: z.string(),
  level: z.coerce.number().nullable(),
  guardians: z.array(z.object({ name: z.string().nullable(), phone: z.string().nullable() })),
});

export type RosterEntry = {
  id: string;
  athleteId: string;
  athleteName: string;
  age: number | null;
  status: z.infer<typeof RosterRow>["status"];
  position: number | null;
  offeredUntil: string | null;
  level: number | null;
  notes: { medical: string; pickup: string; photoConsent: boolean; emergencyName: string; emergencyPhone: string };
  guardians: Array<{ name: string; phone: string | null }>;
};

/** The open requests of a session: enrolled first, then in the order decisions are needed, the waitlist in its order. */
export async function getRoster(db: SqlExecutor, eventId: string, settings: SafePlaySettings): Promise<RosterEntry[]> {
  const { rows } = await db.execute(sql`
    select e.id, e.athlete_id, a.full_name as athlete_name, a.date_of_birth::text as dob, e.status, e.seq, e.offered_until,
      e.medical_notes, e.pickup_people, e.photo_consent, e.emergency_name, e.emergency_phone,
      (select l.level from athlete_levels l where l.athlete_id = e.athlete_id order by l.placed_on desc, l.created_at desc limit 1) as level,
      (select coalesce(json_agg(json_build_object('name', g.full_name, 'phone', g.phone) order by g.full_name), '[]')
         from guardian_links gl join users g on g.id = gl.guardian_id and g.deleted_at is null where gl.athlete_id = e.athlete_id) as guardians
    from enrollments e join users a on a.id = e.athlete_id
    where e.event_id = ${eventId} and e.status not in ('withdrawn', 'declined')
    order by array_position(array['enrolled', 'placed', 'evaluation', 'requested', 'offered', 'waitlisted'], e.status), e.seq`);
  let waiting = 0;
  const now = settings.clock();
  return rows.map((r) => {
    const row = RosterRow.parse(r);
    return {
      id: row.id,
      athleteId: row.athlete_id,
      athleteName: row.athlete_name ?? "",
      age: row.dob ? ageOn(row.dob, now, settings.timeZone) : null,
      status: row.status,
      position: row.status === "waitlisted" ? ++waiting : null,
      offeredUntil: row.offered_until?.toISOString() ?? null,
      level: row.level,
      notes: {
        medical: row.medical_notes,
        pickup: row.pickup_people,
        photoConsent: row.photo_consent,
        emergencyName: row.emergency_name,
        emergencyPhone: row.emergency_phone,
      },
      guardians: row.guardians.map((g) => ({ name: g.name ?? "", phone: g.phone })),
    };
  });
}

/** The athletes attendance is taken for: those enrolled in the session. */
export async function getEnrolledAthleteIds(db: SqlExecutor, eventId: string): Promise<Set<string>> {
  const { rows } = await db.execute<{ athlete_id: string }>(sql`
    select athlete_id from enrollments where event_id = ${eventId} and status = 'enrolled'`);
  return new Set(rows.map((r) => r.athlete_id));
}
