// Drizzle tables of the athletes capability (kept apart from schema.ts so each capability owns its tables).
export {};
