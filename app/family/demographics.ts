// What grant forms ask about an athlete (issue 39, decision 0051), apart from their schema (demographics.server.ts):
// the family page reads these choices, and a value imported from a module that builds zod schemas would bring zod
// into the page's JavaScript. Every answer is optional; the age band comes from the date of birth.
import { m } from "~/paraglide/messages";
import { GENDERS, SCHOOL_LUNCH_ANSWERS } from "../../db/demographic-choices";

export { GENDERS, SCHOOL_LUNCH_ANSWERS };
export type Gender = (typeof GENDERS)[number];
export type SchoolLunch = (typeof SCHOOL_LUNCH_ANSWERS)[number];
/** 0 = kindergarten ... 12; 13 = finished high school. */
export const GRADES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;

/** A family's answers for one athlete; null is "not answered". */
export type Demographics = {
  gender: Gender | null;
  zip: string | null;
  school: string | null;
  grade: number | null;
  schoolLunch: SchoolLunch | null;
};

export const NO_ANSWERS: Demographics = { gender: null, zip: null, school: null, grade: null, schoolLunch: null };

export const genderWord = (g: Gender) =>
  ({ female: m.account_demographics_gender_female, male: m.account_demographics_gender_male, another: m.account_demographics_gender_another })[g]();

export const gradeWord = (grade: number) =>
  grade === 0 ? m.account_demographics_grade_k() : grade === 13 ? m.account_demographics_grade_done() : m.account_demographics_grade_n({ grade });

export const lunchWord = (l: SchoolLunch) =>
  ({ free: m.account_demographics_lunch_free, reduced: m.account_demographics_lunch_reduced, none: m.account_demographics_lunch_none })[l]();
