// The athlete page's and the report's fixed choices in the reader's language (shared by the page and the forms).
import { fileSizeText } from "~/lib/file-size";
import { m } from "~/paraglide/messages";

export const scoreWords = (score: number) =>
  [m.athletes_score_1, m.athletes_score_2, m.athletes_score_3, m.athletes_score_4][score - 1]?.() ?? String(score);

export const gradeWords = (grade: number) =>
  grade === 0 ? m.athletes_grade_k() : grade === 13 ? m.athletes_grade_graduated() : m.athletes_grade_n({ grade: String(grade) });

export const termWords = (term: string) =>
  ({ fall: m.athletes_term_fall(), spring: m.athletes_term_spring(), summer: m.athletes_term_summer() })[term] ?? term;

export const bandWords = (band: string) =>
  ({
    "below-2": m.athletes_band_below2(),
    "2-2.5": "2.0–2.5",
    "2.5-3": "2.5–3.0",
    "3-3.5": "3.0–3.5",
    "3.5-4": "3.5–4.0",
    "4-plus": m.athletes_band_4plus(),
  })[band] ?? band;

export const milestoneWords = (kind: string) =>
  ({
    test: m.athletes_milestone_test(),
    applied: m.athletes_milestone_applied(),
    admitted: m.athletes_milestone_admitted(),
    committed: m.athletes_milestone_committed(),
    enrolled: m.athletes_milestone_enrolled(),
    scholarship: m.athletes_milestone_scholarship(),
    graduated: m.athletes_milestone_graduated(),
  })[kind] ?? kind;

export const scholarshipKindWords = (kind: string) =>
  ({ academic: m.athletes_scholarship_academic(), athletic: m.athletes_scholarship_athletic(), need: m.athletes_scholarship_need() })[kind] ?? kind;

export const amountWords = (band: string) =>
  ({ "under-1k": m.athletes_amount_under1k(), "1k-5k": "$1,000–$5,000", "5k-20k": "$5,000–$20,000", "20k-plus": m.athletes_amount_20k() })[band] ??
  band;

/** "120 KB", "2.4 MB" ("2,4 MB" in Spanish): a file's size as a person reads it (a report card's, on the athlete's page and in the child's data). */
export const sizeText = (bytes: number) => fileSizeText(bytes, { wholeKilobytes: true });
