// The database schema, one file an area (db/schema-<area>.ts), all re-exported here: the app imports its tables from
// this module, and drizzle.config.ts points Drizzle's migration generation at it, so every table re-exported here is
// seen. A new area's tables go in their own file with one line below.
export * from "./schema-people";
export * from "./schema-public";
export * from "./schema-conversations";
export * from "./schema-calendar";
export * from "./schema-gallery";
export * from "./schema-services";
export * from "./schema-family";
export * from "./schema-staff";
export * from "./schema-booking";
export * from "./schema-enrollment";
export * from "./schema-consent";
export * from "./schema-payments";
export * from "./schema-donations";
export * from "./schema-lessonfees";
export * from "./schema-seasonfees";
export * from "./schema-athletes";
export * from "./schema-medical";
export * from "./schema-demographics";
export * from "./schema-messaging";
export * from "./schema-childdata";
export * from "./schema-disclosures";
