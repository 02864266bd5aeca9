// The facts the eligibility rule (eligibility.ts, pure) reads from the database: a session's ages, levels and first
// day, and an athlete's date of birth and latest level. The enroll form's loader, createEnrollmentRequest and the
// coach's placement all ask through here, so each says the same words (issue 39, decision 0046).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { isUuid } from "~/lib/uuid";
import type { SqlExecutor } from "~/mail/index.server";
import { misfit, misfitWords, type AthleteFacts, type Misfit, type SessionRule } from "./eligibility";

const RuleRow = z.object({
  kind: z.enum(["weekly", "date"]),
  weekdays: z.array(z.number()),
  on_date: z.string().nullable(),
  starts_on: z.string().nullable(),
  ages_from: z.number().nullable(),
  ages_to: z.number().nullable(),
  levels: z.array(z.number()),
});

/** A session's eligibility rule, or null for anything that is not a program's session. */
export async function getSessionRule(db: SqlExecutor, eventId: string): Promise<SessionRule | null> {
  if (!isUuid(eventId)) return null;
  const { rows } = await db.execute(sql`
    select kind, weekdays, on_date::text, starts_on::text, ages_from, ages_to, levels from events where id = ${eventId} and program_slug is not null`);
  if (!rows[0]) return null;
  const r = RuleRow.parse(rows[0]);
  return { kind: r.kind, weekdays: r.weekdays, onDate: r.on_date, startsOn: r.starts_on, agesFrom: r.ages_from, agesTo: r.ages_to, levels: r.levels };
}

const FactsRow = z.object({ id: z.string(), name: z.string().nullable(), dob: z.string().nullable(), level: z.coerce.number().nullable() });

/** Each athlete's name, date of birth and latest level (their latest placement). */
export async function getAthleteFacts(db: SqlExecutor, athleteIds: string[]): Promise<Map<string, AthleteFacts>> {
  if (athleteIds.length === 0) return new Map();
  const { rows } = await db.execute(sql`
    select u.id, u.full_name as name, u.date_of_birth::text as dob,
      (select l.level from athlete_levels l where l.athlete_id = u.id order by l.placed_on desc, l.created_at desc limit 1) as level
    from users u where u.id in (select jsonb_array_elements_text(${JSON.stringify(athleteIds)}::jsonb))`);
  return new Map(
    rows.map((r) => {
      const f = FactsRow.parse(r);
      return [f.id, { name: f.name ?? "", dateOfBirth: f.dob, level: f.level }];
    }),
  );
}

export type Fit = { problem: Misfit; words: string; athlete: AthleteFacts; rule: SessionRule };

/** Why the athlete does not fit the session (with the words), or null when they do or nothing is known of either. */
export async function getMisfit(db: SqlExecutor, eventId: string, athleteId: string, today: string, level?: number): Promise<Fit | null> {
  const [rule, facts] = await Promise.all([getSessionRule(db, eventId), getAthleteFacts(db, [athleteId])]);
  const athlete = facts.get(athleteId);
  if (!rule || !athlete) return null;
  const judged = level === undefined ? athlete : { ...athlete, level };
  const problem = misfit(judged, rule, today);
  return problem ? { problem, words: misfitWords(problem, judged, rule), athlete: judged, rule } : null;
}

/** For the enroll form: each athlete with why they do not fit the session (null: they fit). */
export async function getAthleteFits(db: SqlExecutor, eventId: string, athletes: Array<{ id: string; name: string }>, today: string) {
  const [rule, facts] = await Promise.all([
    getSessionRule(db, eventId),
    getAthleteFacts(
      db,
      athletes.map((a) => a.id),
    ),
  ]);
  return athletes.map((a) => {
    const f = facts.get(a.id);
    const problem = rule && f ? misfit({ ...f, name: a.name }, rule, today) : null;
    return { id: a.id, name: a.name, misfit: problem && rule ? misfitWords(problem, { name: a.name }, rule) : null };
  });
}
