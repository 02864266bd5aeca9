// What the athlete page's forms may send, checked at the boundary (migration 0035's CHECK constraints say the same
// again). Each message is the one shown beside its field, in the page's language.
import { z } from "zod";
import { AMOUNT_BANDS, GPA_BANDS, MILESTONE_KINDS, SCHOLARSHIP_KINDS, SCHOOL_TERMS, SESSION_KINDS } from "./choices";
import { isoDay, says, wholeNumber } from "~/lib/forms";
import { m } from "~/paraglide/messages";

const optionalText = (max: number, message: () => string) => z.string().trim().max(max, says(message)).default("");
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
/** An empty select reads as "not given". */
const emptyAsUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A day no later than `today`: what happened cannot be in the future. */
const pastDay = (today: string) => isoDay(m.athletes_error_day).refine((d) => d <= today, says(m.athletes_error_day_future));

/** The score fields are named `score-<skill id>`: 1 beginning, 2 developing, 3 secure, 4 beyond the level. */
export const scoreField = (skillId: string) => `score-${skillId}`;
const score = wholeNumber(1, 4, m.athletes_error_score);

export const evaluationSchema = (today: string, skillIds: string[]) =>
  z.object({
    level: wholeNumber(1, 5, m.athletes_error_level),
    evaluatedOn: pastDay(today),
    note: optionalText(1000, m.athletes_error_note_long),
    goalOne: z.string(says(m.athletes_error_goal)).trim().min(1, says(m.athletes_error_goal)).max(200, says(m.athletes_error_goal_long)),
    goalTwo: optionalText(200, m.athletes_error_goal_long),
    ...Object.fromEntries(skillIds.map((id) => [scoreField(id), score])),
  });

export const SchoolSchema = z.object({
  school: z.string(says(m.athletes_error_school)).trim().min(1, says(m.athletes_error_school)).max(160, says(m.athletes_error_school_long)),
  grade: wholeNumber(0, 13, m.athletes_error_grade),
});

export const termSchema = (thisYear: number) =>
  z
    .object({
      year: wholeNumber(2000, thisYear + 1, m.athletes_error_year),
      term: z.enum(SCHOOL_TERMS, says(m.athletes_error_term)),
      band: z.preprocess(emptyAsUndefined, z.enum(GPA_BANDS, says(m.athletes_error_band)).optional()),
      summary: optionalText(500, m.athletes_error_summary_long),
    })
    .refine((v) => v.band !== undefined || v.summary !== "", { path: ["band"], ...says(m.athletes_error_band_or_summary) });

export const milestoneSchema = (today: string) =>
  z
    .object({
      kind: z.enum(MILESTONE_KINDS, says(m.athletes_error_kind)),
      happenedOn: pastDay(today),
      college: z.string().trim().max(160, says(m.athletes_error_college_long)).default(""),
      detail: optionalText(300, m.athletes_error_detail_long),
      tennis: checkbox,
      scholarshipKind: z.preprocess(emptyAsUndefined, z.enum(SCHOLARSHIP_KINDS, says(m.athletes_error_scholarship_kind)).optional()),
      amountBand: z.preprocess(emptyAsUndefined, z.enum(AMOUNT_BANDS, says(m.athletes_error_amount)).optional()),
      classYear: z.preprocess(emptyAsUndefined, wholeNumber(2000, 2200, m.athletes_error_class_year).optional()),
    })
    .refine((v) => !["applied", "admitted", "committed", "enrolled", "scholarship"].includes(v.kind) || v.college !== "", {
      path: ["college"],
      ...says(m.athletes_error_college),
    })
    .refine((v) => v.kind !== "scholarship" || v.scholarshipKind !== undefined, {
      path: ["scholarshipKind"],
      ...says(m.athletes_error_scholarship_kind),
    })
    .refine((v) => v.kind !== "scholarship" || v.amountBand !== undefined, { path: ["amountBand"], ...says(m.athletes_error_amount) });
export type MilestoneInput = z.output<ReturnType<typeof milestoneSchema>>;

export const CheckInSchema = z.object({
  note: z.string(says(m.athletes_error_check_in)).trim().min(1, says(m.athletes_error_check_in)).max(1000, says(m.athletes_error_note_long)),
});

export const ListingSchema = z.object({
  milestoneId: z.uuid(says(m.athletes_error_unknown)),
  list: z.enum(["yes", "no"], says(m.athletes_error_unknown)),
});

export const SkillSchema = z.object({
  name: z.string(says(m.athletes_error_skill_name)).trim().min(1, says(m.athletes_error_skill_name)).max(60, says(m.athletes_error_skill_name)),
  nameEs: z.string(says(m.athletes_error_skill_name)).trim().min(1, says(m.athletes_error_skill_name)).max(60, says(m.athletes_error_skill_name)),
});

export const SkillIdSchema = z.object({ skillId: z.uuid(says(m.athletes_error_unknown)) });

export const SessionKindSchema = z.object({
  eventId: z.uuid(says(m.athletes_error_unknown)),
  kind: z.enum(SESSION_KINDS, says(m.athletes_error_session_kind)),
});

/** The outcomes report's choices, from the address: a range, and optionally a program, a season and a city. */
export const OutcomesQuerySchema = z
  .object({
    from: isoDay(m.athletes_error_day),
    to: isoDay(m.athletes_error_day),
    program: z.string().max(40).default(""),
    season: z.preprocess(emptyAsUndefined, z.uuid(says(m.athletes_error_unknown)).optional()),
    city: z.preprocess(emptyAsUndefined, z.enum(["Washington", "Baltimore", "Atlanta", "Chesapeake"], says(m.athletes_error_unknown)).optional()),
  })
  .refine((v) => v.to >= v.from, { path: ["to"], ...says(m.athletes_error_range) });
export type OutcomesQuery = z.output<typeof OutcomesQuerySchema>;
