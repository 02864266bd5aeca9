// Lesson fees' forms and words (issue 41, decision 0058). Pure: the staff screen, /lessons and /account/payments
// share it. Prices are typed in dollars and kept as integer cents (money.ts); migration 0048's CHECKs say the same
// limits again.
import { z } from "zod";
import type { Locale } from "~/i18n/language";
import { formatDateIn } from "~/lib/datetime";
import { wholeNumber } from "~/lib/forms";
import { m } from "~/paraglide/messages";
import { LESSON_PRICE_MAX_CENTS } from "../../db/schema-lessonfees";
import { cents } from "./schemas";

/** Each price a coach or the organisation may have: a lesson of 30 or 60 minutes, an evaluation of 30. */
export const PRICE_KEYS = ["lesson-30", "lesson-60", "evaluation-30"] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];

/** The label of each price's field. */
export const priceLabel: Record<PriceKey, () => string> = {
  "lesson-30": m.lessonfees_field_lesson_30,
  "lesson-60": m.lessonfees_field_lesson_60,
  "evaluation-30": m.lessonfees_field_evaluation_30,
};

const price = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? null : v),
  cents(0, LESSON_PRICE_MAX_CENTS, m.lessonfees_error_price).nullable(),
);

/** One form of /staff/lesson-prices: the organisation's prices (coachId blank) or a coach's own; blank: no price. */
export const LessonPricesSchema = z
  .object({
    coachId: z.string().max(100).default(""),
    "lesson-30": price,
    "lesson-60": price,
    "evaluation-30": price,
  })
  .transform((v) => ({
    coachId: v.coachId || null,
    prices: { "lesson-30": v["lesson-30"], "lesson-60": v["lesson-60"], "evaluation-30": v["evaluation-30"] } as Record<PriceKey, number | null>,
  }));
export type LessonPricesInput = z.output<typeof LessonPricesSchema>;

/** The hours before a lesson that a family's cancellation is still credited: 0 to a week. */
export const CreditCutoffSchema = z.object({ cutoffHours: wholeNumber(0, 168, m.lessonfees_error_cutoff) });
export type CreditCutoffInput = z.output<typeof CreditCutoffSchema>;

/** What a charge or credit of a booking says on /account/payments: the lesson, its day and coach, and why a credit. */
export type LessonRowFacts = {
  kind: "charge" | "credit";
  reason: string;
  lesson: { kind: "lesson" | "evaluation"; minutes: number; startsAt: string | null; coachName: string | null };
};

export function lessonRowWords(row: LessonRowFacts, locale: Locale, timeZone: string): string {
  const { lesson } = row;
  const date = lesson.startsAt ? formatDateIn(lesson.startsAt, timeZone, locale) : null;
  if (row.kind === "credit") {
    const words =
      row.reason === "credit:lesson-coach"
        ? m.lessonfees_credit_coach
        : row.reason === "credit:lesson-family"
          ? m.lessonfees_credit_family
          : m.lessonfees_credit_organisation;
    return words({ date: date ?? "" }, { locale });
  }
  const minutes = String(lesson.minutes);
  const what =
    date === null
      ? (lesson.kind === "evaluation" ? m.lessonfees_row_evaluation_gone : m.lessonfees_row_lesson_gone)({ minutes }, { locale })
      : (lesson.kind === "evaluation" ? m.lessonfees_row_evaluation : m.lessonfees_row_lesson)(
          { minutes, date, coach: lesson.coachName ?? "" },
          { locale },
        );
  return m.pay_row_charge({ what }, { locale });
}

/** The booking a charge's reason names ("lesson:<kind>:<minutes>"), for a row whose booking no longer exists. */
export function lessonOfReason(reason: string): { kind: "lesson" | "evaluation"; minutes: number } | null {
  const match = /^lesson:(lesson|evaluation):(\d+)$/.exec(reason);
  return match ? { kind: match[1] as "lesson" | "evaluation", minutes: Number(match[2]) } : null;
}

/** The cancel step's sentence for a charged booking: whether cancelling now is credited, by the organisation's rule. */
export const cancelCreditWords = (credited: boolean, hours: number) =>
  (credited ? m.lessonfees_cancel_credited : m.lessonfees_cancel_not_credited)({ hours: String(hours) });
