// A session's roster as a coach reads it courtside (issue 29): every open request with the athlete's level, the
// on-court notes (medical, pick-up, photo consent, emergency contact) and the guardians' phones. Only for coaches of
// the session, the lead and administrators (access.server.ts); the loader asks before calling. The personal data in it
// (ages, medical notes, pick-up persons, emergency contacts, phones) follows the least-privilege rule
// (app/staff/personal-data.server.ts, issue 37): an uncleared coach reads none of it, and the lead's or an
// administrator's read of medical notes outside the athletes' sessions is logged.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { namedRows, rows } from "../../db/rows";
import { ADULT_AGE, ageOn } from "~/safe-play/safe-play";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { SqlExecutor } from "~/mail/index.server";
import { getPersonalDataAccess, logMedicalNotesRead, type PersonalDataReader } from "~/staff/index.server";
import type { RosterFamilyMember } from "./roster-family";
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
  family: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      role: z.enum(["guardian", "athlete"]),
      confirmed: z.boolean(),
      phone: z.string().nullable(),
    }),
  ),
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
  /** Under 18 (or no date of birth): Safe Play asks for the athlete's and a guardian's confirmation. */
  minor: boolean;
  /** The athlete's household, guardians first: who staff confirmed and who waits (phones only with `personal`). */
  family: RosterFamilyMember[];
  /** False when the reader may not read this family's personal data: age, notes and phones are left out. */
  personal: boolean;
};

/**
 * The open requests of a session: enrolled first, then in the order decisions are needed, the waitlist in its order.
 * Everything in it, whoever reads: for the roster pages use getRosterForReader, which applies the least-privilege rule.
 */
export async function getRoster(db: SqlExecutor, eventId: string, settings: SafePlaySettings): Promise<RosterEntry[]> {
  const roster = await namedRows(db, "nlte_roster", RosterRow, ROSTER, [eventId]);
  let waiting = 0;
  const now = settings.clock();
  return roster.map((row) => {
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
      minor: row.dob ? ageOn(row.dob, now, settings.timeZone) < ADULT_AGE : true,
      family: row.family.map((p) => ({ ...p, name: p.name ?? "" })),
      personal: true,
    };
  });
}

// A named statement (db/rows.ts namedRows): a roster is read on every roster view and every attendance mark, and
// planning its subqueries cost more than running them. The athlete's row is read by key (a lateral lookup kept per
// enrollment, "offset 0"), so a plan made before the tables had statistics stays an index lookup.
const ROSTER = `
    select e.id, e.athlete_id, a.full_name as athlete_name, a.date_of_birth::text as dob, e.status, e.seq, e.offered_until,
      e.medical_notes, e.pickup_people, e.photo_consent, e.emergency_name, e.emergency_phone,
      (select l.level from athlete_levels l where l.athlete_id = e.athlete_id order by l.placed_on desc, l.created_at desc limit 1) as level,
      (select coalesce(json_agg(json_build_object('name', g.full_name, 'phone', g.phone) order by g.full_name), '[]')
         from guardian_links gl join users g on g.id = gl.guardian_id and g.deleted_at is null where gl.athlete_id = e.athlete_id) as guardians,
      (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.full_name, 'role', fm.role, 'confirmed', fm.confirmed_at is not null,
                                                  'phone', u.phone) order by fm.role desc, u.full_name), '[]')
         from household_members am join household_members fm on fm.household_id = am.household_id
           join users u on u.id = fm.user_id and u.deleted_at is null
         where am.user_id = e.athlete_id) as family
    from enrollments e cross join lateral (select * from users a where a.id = e.athlete_id offset 0) a
    where e.event_id = $1::uuid and e.status not in ('withdrawn', 'declined')
    order by array_position(array['enrolled', 'placed', 'evaluation', 'requested', 'offered', 'waitlisted'], e.status), e.seq`;

/**
 * The roster as `reader` may read it: each athlete's age, medical notes, pick-up persons, emergency contact and the
 * guardians' phones only where the least-privilege rule allows (else left out, `personal: false`); a read of medical
 * notes by the lead or an administrator outside the athlete's sessions is written to the safeguarding log.
 */
export async function getRosterForReader(
  db: Db,
  eventId: string,
  settings: SafePlaySettings,
  reader: PersonalDataReader,
  where: string,
): Promise<RosterEntry[]> {
  const roster = await getRoster(db, eventId, settings);
  const access = await getPersonalDataAccess(
    db,
    reader,
    roster.map((e) => e.athleteId),
  );
  await logMedicalNotesRead(
    db,
    reader,
    roster.filter((e) => e.notes.medical && access.allowed.has(e.athleteId) && !access.viaSessions.has(e.athleteId)).map((e) => e.athleteId),
    where,
  );
  return roster.map((e) =>
    access.allowed.has(e.athleteId)
      ? e
      : {
          ...e,
          age: null,
          notes: { medical: "", pickup: "", photoConsent: e.notes.photoConsent, emergencyName: "", emergencyPhone: "" },
          guardians: e.guardians.map((g) => ({ name: g.name, phone: null })),
          family: e.family.map((p) => ({ ...p, phone: null })),
          personal: false,
        },
  );
}

/** The athletes attendance is taken for, by name and level only (the sheet needs nothing personal). */
export async function getAttendanceAthletes(db: SqlExecutor, eventId: string): Promise<Array<{ id: string; name: string; level: number | null }>> {
  const athletes = await rows(
    db,
    z.object({ athlete_id: z.string(), full_name: z.string().nullable(), level: z.number().nullable() }),
    sql`
    select e.athlete_id, a.full_name,
      (select l.level from athlete_levels l where l.athlete_id = e.athlete_id order by l.placed_on desc, l.created_at desc limit 1) as level
    from enrollments e join users a on a.id = e.athlete_id
    where e.event_id = ${eventId} and e.status = 'enrolled' order by e.seq`,
  );
  return athletes.map((r) => ({ id: r.athlete_id, name: r.full_name ?? "", level: r.level }));
}

/** The athletes attendance is taken for: those enrolled in the session. */
export async function getEnrolledAthleteIds(db: SqlExecutor, eventId: string): Promise<Set<string>> {
  const enrolled = await rows(
    db,
    z.object({ athlete_id: z.string() }),
    sql`select athlete_id from enrollments where event_id = ${eventId} and status = 'enrolled'`,
  );
  return new Set(enrolled.map((r) => r.athlete_id));
}
