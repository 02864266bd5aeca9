// The fixed choices of an athlete's path, shared by the forms in the browser, the zod schemas and the Drizzle tables
// (db/schema-athletes.ts imports them; migration 0035's CHECK constraints list the same values). Pure: no database.
export const SESSION_KINDS = ["tennis", "education", "both"] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];
export const GPA_BANDS = ["below-2", "2-2.5", "2.5-3", "3-3.5", "3.5-4", "4-plus"] as const;
export type GpaBand = (typeof GPA_BANDS)[number];
export const SCHOOL_TERMS = ["fall", "spring", "summer"] as const;
export const MILESTONE_KINDS = ["test", "applied", "admitted", "committed", "enrolled", "scholarship", "graduated"] as const;
export type MilestoneKind = (typeof MILESTONE_KINDS)[number];
export const SCHOLARSHIP_KINDS = ["academic", "athletic", "need"] as const;
export const AMOUNT_BANDS = ["under-1k", "1k-5k", "5k-20k", "20k-plus"] as const;

/** Fewer than this many athletes in a cell of the outcomes report: the number is not shown (decision 0045). */
export const SMALLEST_CELL = 5;
