// The programs editor's forms (issue 28): a program's summary and sections, a season, the withdrawal notice. The
// server parses every form with these; the messages are what a coach sees beside the field, in the page's language.
// The database holds the same limits (CHECK constraints in migration 0022).
import { z } from "zod";
import { LAST_YEAR, says, wholeNumber, withinLastYear } from "~/lib/forms";
import { TERMS } from "~/calendar/season-terms";
import { isIsoDay } from "~/lib/datetime";
import { m } from "~/paraglide/messages";

const tooLong = (max: number) => says(() => m.programs_error_too_long({ max }));

const required = (max: number, missing: () => string) => z.string(says(missing)).trim().min(1, says(missing)).max(max, tooLong(max));
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .default("")
    .transform((v) => v || null);
/** A list typed one item a line: blank lines dropped, kept as lines. */
const lines = (max: number) =>
  z
    .string()
    .max(max, tooLong(max))
    .default("")
    .transform((v) =>
      v
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean)
        .join("\n"),
    )
    .transform((v) => v || null);

export const ProgramSummarySchema = z.object({
  summary: required(400, m.programs_error_summary_required),
  summaryEs: optional(400),
});
export type ProgramSummaryInput = z.output<typeof ProgramSummarySchema>;

export const ProgramSectionSchema = z.object({
  title: required(120, m.programs_error_title_required),
  body: z.string().trim().max(1000, tooLong(1000)).default(""),
  items: lines(2000),
  titleEs: optional(120),
  bodyEs: optional(1000),
  itemsEs: lines(2000),
});
export type ProgramSectionInput = z.output<typeof ProgramSectionSchema>;

const day = z
  .string(says(m.programs_error_day_required))
  .trim()
  .min(1, says(m.programs_error_day_required))
  .refine(isIsoDay, says(m.programs_error_day))
  .refine(withinLastYear, says(m.form_error_year_too_far));

export const SeasonSchema = z
  .object({
    term: z.enum(TERMS, says(m.programs_error_term)),
    year: wholeNumber(2000, LAST_YEAR, m.programs_error_year),
    startsOn: day,
    endsOn: day,
  })
  .refine((s) => s.endsOn >= s.startsOn, { path: ["endsOn"], ...says(m.programs_error_last_day) });
export type SeasonFormInput = z.output<typeof SeasonSchema>;

export const WithdrawalNoticeSchema = z.object({
  days: z
    .string(says(m.programs_error_withdrawal_days))
    .trim()
    .regex(/^\d{1,3}$/, says(m.programs_error_withdrawal_days))
    .transform(Number)
    .refine((n) => n <= 365, says(m.programs_error_withdrawal_days)),
});
