// The fixed choices of an athlete's path that the database checks (migration 0035's CHECK constraints list the same
// values): the Drizzle tables (./schema-athletes.ts) and app/athletes/choices.ts, which the forms in the browser, the
// zod schemas and the reports read, both take them from here. Pure: no import, so the browser may load it.
export const GPA_BANDS = ["below-2", "2-2.5", "2.5-3", "3-3.5", "3.5-4", "4-plus"] as const;
export type GpaBand = (typeof GPA_BANDS)[number];
export const SCHOOL_TERMS = ["fall", "spring", "summer"] as const;
export const MILESTONE_KINDS = ["test", "applied", "admitted", "committed", "enrolled", "scholarship", "graduated"] as const;
export type MilestoneKind = (typeof MILESTONE_KINDS)[number];
export const SCHOLARSHIP_KINDS = ["academic", "athletic", "need"] as const;
export const AMOUNT_BANDS = ["under-1k", "1k-5k", "5k-20k", "20k-plus"] as const;
