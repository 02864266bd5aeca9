// The athletes capability's front door (issue 42): routes and other capabilities import this file only.
export {
  educationStaffCondition,
  getAthleteRights,
  isEducationStaff,
  requireAthleteReader,
  requireOutcomesReader,
  todayOf,
  type AthleteRights,
} from "./access.server";
export { getEducationStaffIds, setEducationStaff } from "./education-staff.server";
export {
  EVALUATION_REMINDER_JOB,
  getReminderWeeks,
  getEvaluationGaps,
  REMINDER_WEEKS,
  sendEvaluationReminders,
  setReminderWeeks,
} from "./evaluation-reminders.server";
export {
  attachReportCard,
  checkReportCard,
  getReportCardFile,
  parseTermKey,
  REPORT_CARD_MAX_BYTES,
  type ReportCardView,
} from "./report-cards.server";
export { collegePathOpen } from "./college-path";
export { getActiveSkills, getAthletePath, type AthletePath, type EvaluationView } from "./path.server";
export { addCheckIn, addMilestone, createEvaluation, saveSchool, saveTerm, setListing, type Refused } from "./records.server";
export { cell, getOutcomes, outcomeRows, outcomesStatement, type OutcomeRow } from "./outcomes.server";
export { SMALLEST_CELL } from "./choices";
export { getScholarshipRecipients, listedName, type Recipient } from "./scholarships.server";
export { outcomesQuery } from "./outcomes-query.server";
export {
  addSkill,
  getSessionKinds,
  getSkillsForEditing,
  renameSkill,
  setSessionKind,
  setSkillRetired,
  type EditableSkill,
  type SessionKindRow,
} from "./settings.server";
