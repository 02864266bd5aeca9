// What an administrator sets for athletes' paths on /athletes/settings (issue 42): the skills evaluations score, in
// English and Spanish (added, renamed, retired and brought back; never deleted, so old scores keep their skill), and
// each program session's kind (tennis, education or both), which says what its attendance counts as.
import { asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { events } from "../../db/schema";
import { athleteSkills } from "../../db/schema-athletes";
import type { SessionKind } from "./choices";

export type EditableSkill = { id: string; name: string; nameEs: string; retired: boolean };

/** Whether `err` (wrapped by the driver or not) is a unique index's refusal. */
function isDuplicate(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23505") return true;
  return false;
}

export async function getSkillsForEditing(db: Db): Promise<EditableSkill[]> {
  const rows = await db
    .select({ id: athleteSkills.id, name: athleteSkills.name, nameEs: athleteSkills.nameEs, retiredAt: athleteSkills.retiredAt })
    .from(athleteSkills)
    .orderBy(asc(athleteSkills.position), asc(athleteSkills.name));
  return rows.map((r) => ({ id: r.id, name: r.name, nameEs: r.nameEs, retired: r.retiredAt !== null }));
}

/** A new skill, last in the list; "duplicate" when its English name is taken (any case). */
export async function addSkill(db: Db, input: { name: string; nameEs: string }): Promise<"duplicate" | null> {
  try {
    await db.insert(athleteSkills).values({ ...input, position: sql`(select coalesce(max(position), 0) + 1 from athlete_skills)` });
    return null;
  } catch (err) {
    if (isDuplicate(err)) return "duplicate";
    throw err;
  }
}

/** Renames a skill in both languages; "duplicate" as above, "not-found" when no such skill. */
export async function renameSkill(db: Db, id: string, input: { name: string; nameEs: string }): Promise<"duplicate" | "not-found" | null> {
  try {
    const rows = await db.update(athleteSkills).set(input).where(eq(athleteSkills.id, id)).returning({ id: athleteSkills.id });
    return rows.length ? null : "not-found";
  } catch (err) {
    if (isDuplicate(err)) return "duplicate";
    throw err;
  }
}

/** Retires a skill (new evaluations no longer score it) or brings it back; false when no such skill. */
export async function setSkillRetired(db: Db, id: string, retired: boolean): Promise<boolean> {
  const rows = await db
    .update(athleteSkills)
    .set({ retiredAt: retired ? new Date() : null })
    .where(eq(athleteSkills.id, id))
    .returning({ id: athleteSkills.id });
  return rows.length > 0;
}

export type SessionKindRow = { id: string; title: string; program: string; kind: SessionKind };

/** Every program session with its kind, by program and title. */
export async function getSessionKinds(db: Db): Promise<SessionKindRow[]> {
  const rows = await db
    .select({ id: events.id, title: events.title, program: events.programSlug, kind: sql<SessionKind>`${events}.session_kind` })
    .from(events)
    .where(isNotNull(events.programSlug))
    .orderBy(asc(events.programSlug), asc(events.title));
  return rows.map((r) => ({ id: r.id, title: r.title, program: r.program ?? "", kind: r.kind }));
}

/** Sets a program session's kind; false when there is no such program session. */
export async function setSessionKind(db: Db, eventId: string, kind: SessionKind): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update events set session_kind = ${kind}, updated_at = now() where id = ${eventId} and program_slug is not null returning id`);
  return rows.length > 0;
}
