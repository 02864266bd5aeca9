// Drizzle tables of the consent capability (kept apart from schema.ts so each capability owns its tables).
export {};
