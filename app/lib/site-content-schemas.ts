// The coaches' forms for announcements, events, cancelled dates and gallery photos. The server parses every form
// with these; the messages are what a coach sees beside the field. Each message is a function, read when the issue is
// raised, so it is in the language of the page (the request's on the server).
import { z } from "zod";
import { says, wholeNumber } from "~/lib/forms";
import { findHtmlTag } from "~/lib/find-html-tag";
import { PROGRAM_SLUGS } from "~/lib/program-slugs";
import { isIsoDay } from "~/lib/datetime";
import { isUuid } from "~/lib/uuid";
import { m } from "~/paraglide/messages";

/** A zod message read when the issue is raised, so it is in the language of the page. */

const checkbox = z
  .string()
  .optional()
  .transform((v) => v !== undefined && v !== "false" && v !== "");

const optionalLine = (max: number, tooLong: (inputs: { max: number }) => string) =>
  z
    .string()
    .trim()
    .max(
      max,
      says(() => tooLong({ max })),
    )
    .default("")
    .transform((v) => v || null);

/** Markdown as announcements are written: raw HTML is refused, naming the tag. */
const refuseHtml = (text: string, ctx: z.RefinementCtx) => {
  const tag = findHtmlTag(text);
  if (tag) ctx.addIssue({ code: "custom", message: m.calendar_error_html({ tag }) });
};

// The Spanish versions a coach may write beside the English (issue 27) follow the English field's rules, except that
// they may be left empty (stored as null: Spanish readers then get the English, marked as such).
export const AnnouncementSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, says(m.calendar_error_title_required))
    .max(
      200,
      says(() => m.calendar_error_title_too_long({ max: 200 })),
    ),
  body: z.string().trim().min(1, says(m.calendar_error_body_required)).max(20_000, says(m.calendar_error_body_too_long)).superRefine(refuseHtml),
  titleEs: optionalLine(200, m.calendar_error_title_too_long),
  bodyEs: z
    .string()
    .trim()
    .max(20_000, says(m.calendar_error_body_too_long))
    .superRefine(refuseHtml)
    .default("")
    .transform((v) => v || null),
  pinned: checkbox,
});
export type AnnouncementInput = z.output<typeof AnnouncementSchema>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const optionalTime = z
  .string()
  .trim()
  .default("")
  .refine((v) => v === "" || TIME.test(v), says(m.calendar_error_time))
  .transform((v) => v || null);
const optionalDay = z
  .string()
  .trim()
  .default("")
  .refine((v) => v === "" || isIsoDay(v), says(m.calendar_error_date))
  .transform((v) => v || null);

const optionalWhole = (min: number, max: number, message: () => string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || (/^\d{1,6}$/.test(v) && Number(v) >= min && Number(v) <= max), says(message))
    .transform((v) => (v === "" ? null : Number(v)));

/**
 * What makes an event one of a program's sessions (issue 28, decision 0031). Every fact is optional: an empty one
 * is left out of the page, or answered "ask us". The database holds the same limits (CHECK constraints).
 */
const sessionFields = {
  programSlug: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || (PROGRAM_SLUGS as readonly string[]).includes(v), says(m.programs_error_program))
    .transform((v) => v || null),
  seasonId: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || isUuid(v), says(m.programs_error_season))
    .transform((v) => v || null),
  agesFrom: optionalWhole(2, 99, m.programs_error_age),
  agesTo: optionalWhole(2, 99, m.programs_error_age),
  levels: z.array(wholeNumber(1, 5, m.programs_error_level)).default([]),
  streetAddress: optionalLine(200, m.programs_error_street_address_too_long),
  whatToBring: optionalLine(300, m.programs_error_what_to_bring_too_long),
  whatToBringEs: optionalLine(300, m.programs_error_what_to_bring_too_long),
  /** Dollars as typed ("120", "120.50"), kept in cents. */
  fee: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || (/^\$?\d{1,6}(\.\d{1,2})?$/.test(v) && Number(v.replace("$", "")) <= 100_000), says(m.programs_error_fee))
    .transform((v) => (v === "" ? null : Math.round(Number(v.replace("$", "")) * 100))),
  feePer: z.enum(["month", "season", "session"], says(m.programs_error_fee)).default("month"),
  capacity: optionalWhole(1, 10_000, m.programs_error_capacity),
  financialHelp: checkbox,
};

export const EventSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, says(m.calendar_error_title_required))
      .max(
        120,
        says(() => m.calendar_error_title_too_long({ max: 120 })),
      ),
    kind: z.enum(["weekly", "date"], says(m.calendar_error_kind)),
    weekdays: z.array(z.coerce.number().int().min(0).max(6)).default([]),
    onDate: optionalDay,
    startsOn: optionalDay,
    endsOn: optionalDay,
    startTime: optionalTime,
    endTime: optionalTime,
    timeNote: optionalLine(80, m.calendar_error_time_note_too_long),
    place: optionalLine(160, m.calendar_error_place_too_long),
    note: optionalLine(300, m.calendar_error_note_too_long),
    titleEs: optionalLine(120, m.calendar_error_title_too_long),
    timeNoteEs: optionalLine(80, m.calendar_error_time_note_too_long),
    noteEs: optionalLine(300, m.calendar_error_note_too_long),
    hasRegister: checkbox,
    closed: checkbox,
    ...sessionFields,
  })
  .superRefine((e, ctx) => {
    if (e.agesFrom !== null && e.agesTo !== null && e.agesTo < e.agesFrom)
      ctx.addIssue({ code: "custom", path: ["agesTo"], message: m.programs_error_ages_order() });
    if (e.kind === "weekly" && e.weekdays.length === 0) ctx.addIssue({ code: "custom", path: ["weekdays"], message: m.calendar_error_weekdays() });
    if (e.kind === "date" && !e.onDate) ctx.addIssue({ code: "custom", path: ["onDate"], message: m.calendar_error_date_required() });
    if (e.endTime && !e.startTime) ctx.addIssue({ code: "custom", path: ["startTime"], message: m.calendar_error_start_required() });
    if (e.startTime && e.endTime && e.endTime <= e.startTime)
      ctx.addIssue({ code: "custom", path: ["endTime"], message: m.calendar_error_end_after_start() });
    if (e.startsOn && e.endsOn && e.endsOn < e.startsOn) ctx.addIssue({ code: "custom", path: ["endsOn"], message: m.calendar_error_last_day() });
  })
  .transform(({ fee, ...e }) => ({
    ...e,
    weekdays: e.kind === "weekly" ? [...new Set(e.weekdays)].sort((a, b) => a - b) : [],
    onDate: e.kind === "date" ? e.onDate : null,
    startsOn: e.kind === "weekly" ? e.startsOn : null,
    endsOn: e.kind === "weekly" ? e.endsOn : null,
    levels: [...new Set(e.levels)].sort((a, b) => a - b),
    feeCents: fee,
    feePer: fee === null ? null : e.feePer,
  }));
type SessionKey =
  | "programSlug"
  | "seasonId"
  | "agesFrom"
  | "agesTo"
  | "levels"
  | "streetAddress"
  | "feeCents"
  | "feePer"
  | "capacity"
  | "financialHelp"
  | "whatToBring"
  | "whatToBringEs";
/** An event as stored: the form's whole input, or (the demo content, tests) one without the session's facts. */
export type EventInput = Omit<z.output<typeof EventSchema>, SessionKey> & Partial<Pick<z.output<typeof EventSchema>, SessionKey>>;

/** FormData to the object EventSchema reads (the weekday checkboxes repeat one name). */
export function eventFormValues(form: FormData): Record<string, unknown> {
  const raw: Record<string, unknown> = Object.fromEntries(form);
  raw.weekdays = form.getAll("weekdays").map(String);
  raw.levels = form.getAll("levels").map(String);
  return raw;
}

export const CancelledDateSchema = z.object({
  day: z.string().trim().min(1, says(m.calendar_error_date_required)).refine(isIsoDay, says(m.calendar_error_date)),
  note: optionalLine(200, m.calendar_error_note_too_long),
  noteEs: optionalLine(200, m.calendar_error_note_too_long),
});
/** A cancellation; its Spanish note may be left out by callers other than the form (the demo content). */
export type CancelledDateInput = Omit<z.output<typeof CancelledDateSchema>, "noteEs"> & { noteEs?: string | null };

/** The message for a day that cannot be read, in the page's language (`UNREADABLE_DAY` is its English). */
export const unreadableDay = () => m.calendar_error_unreadable_day();
export const UNREADABLE_DAY = m.calendar_error_unreadable_day({}, { locale: "en" });
/** Removing a cancellation names its day in a hidden field: one that is not a date never reaches PostgreSQL. */
export const RemoveCancellationSchema = z.object({ day: z.string(says(unreadableDay)).trim().refine(isIsoDay, says(unreadableDay)) });

export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;

export const PhotoDetailsSchema = z.object({
  alt: z
    .string()
    .trim()
    .min(1, says(m.calendar_error_alt_required))
    .max(
      300,
      says(() => m.calendar_error_alt_too_long({ max: 300 })),
    ),
  consent: z
    .string()
    .optional()
    .refine((v) => v !== undefined && v !== "" && v !== "false", says(m.calendar_error_consent)),
});
