// Least privilege for families' personal data (issue 37, decision 0022): phones, birth dates (and ages), medical
// notes, pickup persons and emergency contacts. The one rule, asked by the roster and attendance pages, /families/:id
// and /messages:
//   - nobody who is not a cleared coach reads them (clearance.server.ts: training and background check current), the
//     safeguarding lead included;
//   - a cleared coach reads them for a family only when one of its members is an athlete in a session the coach
//     coaches (an open request: not withdrawn or declined), or shares a conversation with the coach;
//   - the safeguarding lead and administrators (cleared) read every family's; each time one of them reads an athlete's
//     medical notes outside that athlete's sessions, the safeguarding log says who, whose, where and when.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import type { Profile } from "~/lib/profile";
import type { SqlExecutor } from "~/mail/index.server";
import { getStaffClearance, type ClearanceSettings } from "./clearance.server";

/** Who reads, as the rule sees them. */
export type PersonalDataReader = {
  id: string;
  /** A coach whose training and background check are current. */
  cleared: boolean;
  /** The lead or an administrator, cleared: every family's. */
  everyone: boolean;
};

/** The reader for `user` now (a client, a visitor's null or an uncleared coach reads nobody's). */
export async function getPersonalDataReader(
  db: Pick<Db, "select">,
  user: Pick<Profile, "id"> | null,
  settings: ClearanceSettings,
): Promise<PersonalDataReader> {
  if (!user) return { id: "", cleared: false, everyone: false };
  const person = await getStaffClearance(db, user.id, settings);
  const cleared = Boolean(person?.coach && person.clearance.cleared);
  return { id: user.id, cleared, everyone: cleared && Boolean(person?.lead || person?.admin) };
}

/** For each person asked about: is their family in the reader's sessions, or in a conversation with the reader? */
export type PersonalDataAccess = { allowed: Set<string>; viaSessions: Set<string> };

/**
 * The rule, for many people at once: whose personal data `reader` may read (`allowed`), and of those whose family is
 * in one of the reader's sessions (`viaSessions`: a read of anyone else's medical notes is logged).
 */
export async function getPersonalDataAccess(db: SqlExecutor, reader: PersonalDataReader, personIds: string[]): Promise<PersonalDataAccess> {
  const access: PersonalDataAccess = { allowed: new Set(), viaSessions: new Set() };
  const ids = [...new Set(personIds)].filter(Boolean);
  if (!reader.cleared || ids.length === 0) return access;
  const people = await rows(
    db,
    z.object({ id: z.string(), via_session: z.boolean(), via_conversation: z.boolean() }),
    sql`
    with people as (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as id),
    family as (
      select p.id as person, p.id as member from people p
      union select p.id, m2.user_id from people p
        join household_members m1 on m1.user_id = p.id join household_members m2 on m2.household_id = m1.household_id
      union select p.id, g.athlete_id from people p join guardian_links g on g.guardian_id = p.id
      union select p.id, g.guardian_id from people p join guardian_links g on g.athlete_id = p.id
    )
    select p.id,
      exists (select 1 from family f join enrollments e on e.athlete_id = f.member and e.status not in ('withdrawn', 'declined')
                join session_coaches sc on sc.event_id = e.event_id and sc.coach_id = ${reader.id}
              where f.person = p.id) as via_session,
      exists (select 1 from family f join conversation_participants b on b.user_id = f.member
                join conversation_participants a on a.conversation_id = b.conversation_id and a.user_id = ${reader.id}
              where f.person = p.id) as via_conversation
    from people p`,
  );
  for (const r of people) {
    if (r.via_session) access.viaSessions.add(r.id);
    if (reader.everyone || r.via_session || r.via_conversation) access.allowed.add(r.id);
  }
  return access;
}

/** Whether the reader may read one person's personal data (a single family's page). */
export async function canReadPersonalData(db: SqlExecutor, reader: PersonalDataReader, personId: string): Promise<boolean> {
  return (await getPersonalDataAccess(db, reader, [personId])).allowed.has(personId);
}

/**
 * The lead or an administrator read these athletes' medical notes outside the athletes' sessions (a roster they do
 * not coach): one line each in the safeguarding log, which the lead reads on /safeguarding. The notes stay out of it.
 */
export async function logMedicalNotesRead(db: SqlExecutor, reader: PersonalDataReader, athleteIds: string[], where: string): Promise<void> {
  if (athleteIds.length === 0) return;
  // The safeguarding log's own shape (app/family: append-only, the names as they are now, the athlete's household).
  await db.execute(sql`
    insert into safeguarding_log (actor_id, athlete_id, actor_name, athlete_name, household_id, action, detail)
    select ${reader.id}, a.id, coalesce(nullif(r.full_name, ''), r.email), coalesce(a.full_name, ''),
      (select m.household_id from household_members m where m.user_id = a.id), ${MEDICAL_NOTES_READ}, ${where}
    from users a join users r on r.id = ${reader.id}
    where a.id in (select jsonb_array_elements_text(${JSON.stringify(athleteIds)}::jsonb))`);
}

/** The safeguarding log's action for such a read. */
export const MEDICAL_NOTES_READ = "medical notes read outside their sessions";
