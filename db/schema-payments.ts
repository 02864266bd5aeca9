// Drizzle tables of the payments capability (kept apart from schema.ts so each capability owns its tables).
export {};
