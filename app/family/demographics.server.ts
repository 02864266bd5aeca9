// A family's answers to what grant forms ask (issue 39, decision 0051), per athlete: kept in athlete_demographics,
// written only by who may act for the athlete (acting-for.server.ts: a guardian of the household, an adult athlete
// for themself), every answer optional. Skipping everything keeps nothing (the row goes). Read back to the family on
// /account/family; anyone else reads them only as counts: the funder report's and the outcomes report's (decision 0070).
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { athleteDemographics } from "../../db/schema";
import type { Profile } from "~/lib/profile";
import { m } from "~/paraglide/messages";
import { actingForProblem } from "./acting-for.server";
import { GENDERS, NO_ANSWERS, SCHOOL_LUNCH_ANSWERS, type Demographics } from "./demographics";
import type { FamilyResult } from "./family-log.server";
import type { SafePlaySettings } from "../safe-play/index.server";
import { says } from "~/lib/forms";

/** "" (the form's "not answered") is no answer. */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const DemographicsSchema = z.object({
  athleteId: z.string().trim().min(1).max(100),
  gender: z.preprocess(blank, z.enum(GENDERS, says(m.account_demographics_error_choice)).optional()),
  zip: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(/^[0-9]{5}(-?[0-9]{4})?$/, says(m.account_demographics_error_zip))
      .transform((v) => v.slice(0, 5))
      .optional(),
  ),
  school: z.preprocess(blank, z.string().trim().max(120, says(m.account_demographics_error_school)).optional()),
  grade: z.preprocess(
    blank,
    z.coerce.number(says(m.account_demographics_error_choice)).int(says(m.account_demographics_error_choice)).min(0).max(13).optional(),
  ),
  schoolLunch: z.preprocess(blank, z.enum(SCHOOL_LUNCH_ANSWERS, says(m.account_demographics_error_choice)).optional()),
});
export type DemographicsInput = z.output<typeof DemographicsSchema>;

/** The family's answers for each of `athleteIds` (none answered: NO_ANSWERS). */
export async function getDemographics(db: Pick<Db, "select">, athleteIds: string[]): Promise<Map<string, Demographics>> {
  const out = new Map<string, Demographics>(athleteIds.map((id) => [id, NO_ANSWERS]));
  if (athleteIds.length === 0) return out;
  const rows = await db.select().from(athleteDemographics).where(inArray(athleteDemographics.athleteId, athleteIds));
  for (const r of rows) out.set(r.athleteId, { gender: r.gender, zip: r.zip, school: r.school, grade: r.grade, schoolLunch: r.schoolLunch });
  return out;
}

/** Saves `actor`'s answers for one athlete, or refuses ("not yours", as for any athlete they may not act for). */
export async function saveDemographics(
  db: Db,
  actor: Pick<Profile, "id" | "role">,
  input: DemographicsInput,
  settings: Pick<SafePlaySettings, "clock" | "timeZone">,
): Promise<FamilyResult> {
  if ((await actingForProblem(db, actor, input.athleteId, settings)) !== null) {
    return { ok: false, error: m.account_demographics_not_yours(), status: 403 };
  }
  const answers = {
    gender: input.gender ?? null,
    zip: input.zip ?? null,
    school: input.school || null,
    grade: input.grade ?? null,
    schoolLunch: input.schoolLunch ?? null,
  };
  if (Object.values(answers).every((v) => v === null)) {
    await db.delete(athleteDemographics).where(sql`${athleteDemographics.athleteId} = ${input.athleteId}`);
    return { ok: true };
  }
  const row = { ...answers, updatedBy: actor.id, updatedAt: new Date() };
  await db
    .insert(athleteDemographics)
    .values({ athleteId: input.athleteId, ...row })
    .onConflictDoUpdate({ target: athleteDemographics.athleteId, set: row });
  return { ok: true };
}
