// The fixed choices of an athlete's path, shared by the forms in the browser, the zod schemas and the reports. Pure:
// no database. Those the database checks live a layer down, in db/athlete-choices.ts (the tables import them from
// there: db/ imports nothing of app/), and are re-exported here.
export {
  AMOUNT_BANDS,
  GPA_BANDS,
  MILESTONE_KINDS,
  SCHOLARSHIP_KINDS,
  SCHOOL_TERMS,
  type GpaBand,
  type MilestoneKind,
} from "../../db/athlete-choices";
export const SESSION_KINDS = ["tennis", "education", "both"] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** Fewer than this many athletes in a cell of the outcomes report: the number is not shown (decision 0045). */
export const SMALLEST_CELL = 5;
