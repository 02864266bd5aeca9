// The calendar's events and cancelled days, and the programs' pages and seasons.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, smallint, text, time, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./schema-columns";
import { users } from "./schema-people";

// The home page's event cards, the weekly overview on /calendar and the /calendar.ics feed. An event repeats weekly
// on some weekdays (within an optional season) or happens on one date. Times are wall-clock times in ORG_TIME_ZONE.
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    kind: text("kind", { enum: ["weekly", "date"] }).notNull(),
    /** For weekly events: 0 = Sunday ... 6 = Saturday. */
    weekdays: smallint("weekdays")
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** For one-off events: the day. */
    onDate: date("on_date", { mode: "string" }),
    /** For weekly events: the season, both optional. */
    startsOn: date("starts_on", { mode: "string" }),
    endsOn: date("ends_on", { mode: "string" }),
    startTime: time("start_time"),
    endTime: time("end_time"),
    /** Said instead of a time, such as "by appointment". */
    timeNote: text("time_note"),
    place: text("place"),
    /** Level, ages or any other note shown on the card. */
    note: text("note"),
    /** The Spanish version of the words a coach typed (issue 27); each one missing shows the English, marked. */
    titleEs: text("title_es"),
    timeNoteEs: text("time_note_es"),
    noteEs: text("note_es"),
    hasRegister: boolean("has_register").notNull().default(true),
    closed: boolean("closed").notNull().default(false),
    position: integer("position").notNull().default(0),
    // An event with a program is one of its sessions (issue 28, decision 0031): the facts its page shows. Each may be
    // left empty, and the page then says "ask us" rather than guess.
    programSlug: text("program_slug").references(() => programs.slug, { onDelete: "set null", onUpdate: "cascade" }),
    seasonId: uuid("season_id").references(() => seasons.id, { onDelete: "set null" }),
    agesFrom: smallint("ages_from"),
    agesTo: smallint("ages_to"),
    /** The five-level system's levels (1 = National/International ... 5 = Beginner); empty: not said. */
    levels: smallint("levels")
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    streetAddress: text("street_address"),
    feeCents: integer("fee_cents"),
    feePer: text("fee_per", { enum: ["month", "season", "session"] }),
    /** Stored now; enrollments (issue 29) will count against it. */
    capacity: integer("capacity"),
    financialHelp: boolean("financial_help").notNull().default(false),
    /** What to bring (migration 0060), each language; empty: the organisation's standing list. */
    whatToBring: text("what_to_bring"),
    whatToBringEs: text("what_to_bring_es"),
    ...timestamps,
  },
  (t) => [
    check("events_kind_fields", sql`(${t.kind} = 'weekly' and cardinality(${t.weekdays}) > 0) or (${t.kind} = 'date' and ${t.onDate} is not null)`),
    check("events_times_ordered", sql`${t.endTime} is null or ${t.startTime} is null or ${t.endTime} > ${t.startTime}`),
    check("events_dates_ordered", sql`${t.endsOn} is null or ${t.startsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    check(
      "events_ages",
      sql`(${t.agesFrom} is null or ${t.agesFrom} between 2 and 99) and (${t.agesTo} is null or ${t.agesTo} between 2 and 99) and (${t.agesTo} is null or ${t.agesFrom} is null or ${t.agesTo} >= ${t.agesFrom})`,
    ),
    check("events_levels_known", sql`${t.levels} <@ '{1,2,3,4,5}'::smallint[]`),
    check(
      "events_fee",
      sql`(${t.feeCents} is null or ${t.feeCents} between 0 and 10000000) and (${t.feePer} is null or ${t.feePer} in ('month', 'season', 'session'))`,
    ),
    check("events_capacity", sql`${t.capacity} is null or ${t.capacity} between 1 and 10000`),
    check(
      "events_text_lengths",
      sql`char_length(${t.title}) <= 120 and coalesce(char_length(${t.place}), 0) <= 160 and coalesce(char_length(${t.streetAddress}), 0) <= 200 and coalesce(char_length(${t.note}), 0) <= 300`,
    ),
    index("events_position_idx").on(t.position),
    index("events_program_idx").on(t.programSlug),
  ],
);

// Days with no sessions at all (every event that day is cancelled): the calendar feed's EXDATEs.
export const cancelledDates = pgTable("cancelled_dates", {
  day: date("day", { mode: "string" }).primaryKey(),
  note: text("note"),
  noteEs: text("note_es"),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// Programs and seasons (issue 28, decision 0031). The six program pages are the spec's: a slug is its address and
// its id, so a page's words are edited on the site but pages are never added or removed there.
export const programs = pgTable(
  "programs",
  {
    slug: text("slug").primaryKey(),
    summary: text("summary").notNull(),
    summaryEs: text("summary_es"),
    ...timestamps,
  },
  (t) => [check("programs_summary_length", sql`char_length(${t.summary}) between 1 and 400 and coalesce(char_length(${t.summaryEs}), 0) <= 400`)],
);

/** A program page's sections, in order: a title, a paragraph and optional bullet items (one a line). */
export const programSections = pgTable(
  "program_sections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programSlug: text("program_slug")
      .notNull()
      .references(() => programs.slug, { onDelete: "cascade", onUpdate: "cascade" }),
    position: integer("position").notNull().default(0),
    title: text("title").notNull(),
    body: text("body").notNull(),
    items: text("items"),
    titleEs: text("title_es"),
    bodyEs: text("body_es"),
    itemsEs: text("items_es"),
    ...timestamps,
  },
  (t) => [
    check(
      "program_sections_lengths",
      sql`char_length(${t.title}) between 1 and 120 and char_length(${t.body}) <= 1000 and coalesce(char_length(${t.items}), 0) <= 2000 and coalesce(char_length(${t.titleEs}), 0) <= 120 and coalesce(char_length(${t.bodyEs}), 0) <= 1000 and coalesce(char_length(${t.itemsEs}), 0) <= 2000`,
    ),
    index("program_sections_order_idx").on(t.programSlug, t.position),
  ],
);

/** A season is a term of a year ("Fall 2027") with its own first and last day; its name is the site's words. */
export const seasons = pgTable(
  "seasons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    term: text("term", { enum: ["spring", "summer", "fall", "winter"] }).notNull(),
    year: smallint("year").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    ...timestamps,
  },
  (t) => [
    check("seasons_term_known", sql`${t.term} in ('spring', 'summer', 'fall', 'winter')`),
    check("seasons_year", sql`${t.year} between 2000 and 2200`),
    check("seasons_dates_ordered", sql`${t.endsOn} >= ${t.startsOn}`),
    uniqueIndex("seasons_term_year_idx").on(t.term, t.year),
  ],
);
