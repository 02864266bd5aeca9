// When an athlete's college path opens (issue 42): college milestones (tests, applications, admissions, commitments,
// scholarships) are recorded from grade 9. The one rule, pure: the athlete page's loader asks it to show the form or
// say why not, and addMilestone (records.server.ts) asks it again before it writes (decision 0062).

/** The school grade the college path starts in. */
export const COLLEGE_PATH_GRADE = 9;
/** With no grade on record, the age a ninth grader usually is. */
export const COLLEGE_PATH_AGE = 14;

/**
 * Whether milestones may be recorded for an athlete: by their school grade when one is on record (9 and up; 13 is
 * "graduated"), else by their age when known (14 and up), else yes: the site cannot tell, and education staff, who
 * cannot record a grade, would otherwise be stopped.
 */
export function collegePathOpen(athlete: { grade: number | null; age: number | null }): boolean {
  if (athlete.grade !== null) return athlete.grade >= COLLEGE_PATH_GRADE;
  if (athlete.age !== null) return athlete.age >= COLLEGE_PATH_AGE;
  return true;
}
