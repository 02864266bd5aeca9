// The answers the demographics table allows (migration 0041's checks say the same), in a module of their own with no
// import: the table (schema-demographics.ts) and the family page's choices (app/family/demographics.ts) both read them,
// and the database layer imports nothing above it (decision 0053).
export const GENDERS = ["female", "male", "another"] as const;
export const SCHOOL_LUNCH_ANSWERS = ["free", "reduced", "none"] as const;
