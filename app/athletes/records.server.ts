// What the athlete page's forms write (issue 42). Each takes the rights getAthleteRights gave the person for this
// athlete and asks the one right it needs again, so no caller can write without the rule; the database's constraints
// hold the shapes. A refusal changes nothing.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  athleteCheckIns,
  athleteEvaluations,
  athleteEvaluationScores,
  athleteMilestones,
  athleteSchools,
  athleteTerms,
} from "../../db/schema-athletes";
import { athleteLevels } from "../../db/schema";
import { disclosureAnswerRefusal, setDisclosure } from "~/consent/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { Profile } from "~/lib/profile";
import type { AthleteRights } from "./access.server";
import { collegePathOpen } from "./college-path";
import type { MilestoneInput } from "./schemas";

export type Refused = { refused: "not-allowed" | "not-found" | "not-listable" | "before-grade-9" };
/** The disclosure rule refused the person a listing: its words, shown beside the form. */
export type ListingRefused = { refused: "consent"; error: string };

export type EvaluationInput = {
  level: number;
  evaluatedOn: string;
  note: string;
  goalOne: string;
  goalTwo: string;
  scores: Array<{ skillId: string; score: number }>;
};

/**
 * A coach's evaluation with its scores, in one transaction. When its level is not the athlete's latest placement, it
 * places them there too (athlete_levels), with the evaluation's note: the level change says what earned it.
 */
export async function createEvaluation(db: Db, rights: AthleteRights, coachId: string, input: EvaluationInput): Promise<Refused | { id: string }> {
  if (!rights.evaluate) return { refused: "not-allowed" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(athleteEvaluations)
      .values({
        athleteId: rights.athleteId,
        coachId,
        evaluatedOn: input.evaluatedOn,
        level: input.level,
        note: input.note,
        goalOne: input.goalOne,
        goalTwo: input.goalTwo || null,
      })
      .returning({ id: athleteEvaluations.id });
    if (input.scores.length)
      await tx.insert(athleteEvaluationScores).values(input.scores.map((s) => ({ evaluationId: row!.id, skillId: s.skillId, score: s.score })));
    const { rows } = await tx.execute(sql`
      select level from athlete_levels where athlete_id = ${rights.athleteId} and placed_on <= ${input.evaluatedOn}::date
      order by placed_on desc, created_at desc limit 1`);
    if (rows[0]?.level === undefined || Number(rows[0].level) !== input.level)
      await tx.insert(athleteLevels).values({
        athleteId: rights.athleteId,
        level: input.level,
        placedOn: input.evaluatedOn,
        coachId,
        note: input.note.slice(0, 500),
      });
    return { id: row!.id };
  });
}

export async function saveSchool(db: Db, rights: AthleteRights, byId: string, input: { school: string; grade: number }): Promise<Refused | null> {
  if (!rights.recordSchool) return { refused: "not-allowed" };
  await db
    .insert(athleteSchools)
    .values({ athleteId: rights.athleteId, school: input.school, grade: input.grade, updatedBy: byId })
    .onConflictDoUpdate({
      target: athleteSchools.athleteId,
      set: { school: input.school, grade: input.grade, updatedBy: byId, updatedAt: new Date() },
    });
  return null;
}

/** A term's band or summary; the same term recorded again replaces it. */
export async function saveTerm(
  db: Db,
  rights: AthleteRights,
  byId: string,
  input: { year: number; term: "fall" | "spring" | "summer"; band?: (typeof athleteTerms.$inferInsert)["band"] | undefined; summary: string },
): Promise<Refused | null> {
  if (!rights.recordSchool) return { refused: "not-allowed" };
  const values = { band: input.band ?? null, summary: input.summary, recordedBy: byId };
  await db
    .insert(athleteTerms)
    .values({ athleteId: rights.athleteId, year: input.year, term: input.term, ...values })
    .onConflictDoUpdate({ target: [athleteTerms.athleteId, athleteTerms.year, athleteTerms.term], set: { ...values, createdAt: new Date() } });
  return null;
}

/** The athlete's school grade on record, or null. */
export async function getGrade(db: Pick<Db, "execute">, athleteId: string): Promise<number | null> {
  const { rows } = await db.execute(sql`select grade from athlete_schools where athlete_id = ${athleteId}`);
  return rows[0] ? Number(rows[0].grade) : null;
}

/** A milestone; refused before the college path opens (grade 9: collegePathOpen, the rule the page asks too). */
export async function addMilestone(db: Db, rights: AthleteRights, byId: string, input: MilestoneInput): Promise<Refused | { id: string }> {
  if (!rights.recordMilestone) return { refused: "not-allowed" };
  if (!collegePathOpen({ grade: await getGrade(db, rights.athleteId), age: rights.age })) return { refused: "before-grade-9" };
  const scholarship = input.kind === "scholarship";
  const [row] = await db
    .insert(athleteMilestones)
    .values({
      athleteId: rights.athleteId,
      kind: input.kind,
      happenedOn: input.happenedOn,
      college: input.college || null,
      detail: input.detail,
      tennis: input.kind === "committed" && input.tennis,
      scholarshipKind: scholarship ? (input.scholarshipKind ?? null) : null,
      amountBand: scholarship ? (input.amountBand ?? null) : null,
      classYear: input.classYear ?? null,
      recordedBy: byId,
    })
    .returning({ id: athleteMilestones.id });
  return { id: row!.id };
}

export async function addCheckIn(db: Db, rights: AthleteRights, staffId: string, note: string): Promise<Refused | null> {
  if (!rights.checkIn) return { refused: "not-allowed" };
  await db.insert(athleteCheckIns).values({ athleteId: rights.athleteId, staffId, note });
  return null;
}

/**
 * A guardian (or the adult athlete) says yes or no to listing a scholarship on /scholarships. Who may is the disclosure
 * rule's alone (consent's disclosureAnswerRefusal, issue 40, decision 0061): a yes is also the athlete's
 * "scholarships" consent, recorded in the same transaction by setDisclosure, so a listing is never kept that the rule
 * refused; a refusal comes back with its words for the page. Only a scholarship with a college and a class year can be
 * listed ("not-listable"); another athlete's milestone is "not-found".
 */
export async function setListing(
  db: Db,
  actor: Pick<Profile, "id" | "role">,
  settings: SafePlaySettings,
  athleteId: string,
  milestoneId: string,
  list: boolean,
): Promise<Refused | ListingRefused | null> {
  return db.transaction(async (tx) => {
    const refused = await disclosureAnswerRefusal(tx, actor, athleteId, settings);
    if (refused) return { refused: "consent", error: refused } as const;
    const [row] = await tx
      .select({ kind: athleteMilestones.kind, college: athleteMilestones.college, classYear: athleteMilestones.classYear })
      .from(athleteMilestones)
      .where(and(eq(athleteMilestones.id, milestoneId), eq(athleteMilestones.athleteId, athleteId)));
    if (!row) return { refused: "not-found" } as const;
    if (list && (row.kind !== "scholarship" || !row.college || row.classYear === null)) return { refused: "not-listable" } as const;
    if (list) {
      const consent = await setDisclosure(tx, actor, settings, { athleteId, kind: "scholarships", given: true });
      if (!consent.ok) return { refused: "consent", error: consent.error } as const;
    }
    await tx
      .update(athleteMilestones)
      .set(list ? { listingAgreedBy: actor.id, listingAgreedAt: new Date() } : { listingAgreedBy: null, listingAgreedAt: null })
      .where(eq(athleteMilestones.id, milestoneId));
    return null;
  });
}
