// The coaches' forms for announcements, events, cancelled dates and gallery photos. The server parses every form
// with these; the messages are what a coach sees beside the field.
import { z } from "zod";
import { findHtmlTag } from "~/announcements/markdown";
import { isIsoDay } from "~/lib/datetime";

const checkbox = z
  .string()
  .optional()
  .transform((v) => v !== undefined && v !== "false" && v !== "");

const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default("")
    .transform((v) => v || null);

export const AnnouncementSchema = z.object({
  title: z.string().trim().min(1, "Please enter a title").max(200, "Title must be at most 200 characters"),
  body: z
    .string()
    .trim()
    .min(1, "Please write the announcement")
    .max(20_000, "The announcement must be at most 20,000 characters")
    .superRefine((text, ctx) => {
      const tag = findHtmlTag(text);
      if (tag)
        ctx.addIssue({ code: "custom", message: `Use Markdown, not HTML: remove ${tag} (links, lists and emphasis are written in Markdown).` });
    }),
  pinned: checkbox,
});
export type AnnouncementInput = z.output<typeof AnnouncementSchema>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const optionalTime = z
  .string()
  .trim()
  .default("")
  .refine((v) => v === "" || TIME.test(v), "Please enter a time such as 16:30")
  .transform((v) => v || null);
const optionalDay = (message: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || isIsoDay(v), message)
    .transform((v) => v || null);

export const EventSchema = z
  .object({
    title: z.string().trim().min(1, "Please enter a title").max(120, "Title must be at most 120 characters"),
    kind: z.enum(["weekly", "date"], { error: "Choose weekly or one date" }),
    weekdays: z.array(z.coerce.number().int().min(0).max(6)).default([]),
    onDate: optionalDay("Please enter a valid date"),
    startsOn: optionalDay("Please enter a valid date"),
    endsOn: optionalDay("Please enter a valid date"),
    startTime: optionalTime,
    endTime: optionalTime,
    timeNote: optionalLine("The time note", 80),
    place: optionalLine("Place", 160),
    note: optionalLine("The note", 300),
    hasRegister: checkbox,
    closed: checkbox,
  })
  .superRefine((e, ctx) => {
    if (e.kind === "weekly" && e.weekdays.length === 0) ctx.addIssue({ code: "custom", path: ["weekdays"], message: "Choose at least one day" });
    if (e.kind === "date" && !e.onDate) ctx.addIssue({ code: "custom", path: ["onDate"], message: "Please enter the date" });
    if (e.endTime && !e.startTime) ctx.addIssue({ code: "custom", path: ["startTime"], message: "Please enter when it starts" });
    if (e.startTime && e.endTime && e.endTime <= e.startTime)
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "The event must end after it starts" });
    if (e.startsOn && e.endsOn && e.endsOn < e.startsOn)
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "The last day must be on or after the first day" });
  })
  .transform((e) => ({
    ...e,
    weekdays: e.kind === "weekly" ? [...new Set(e.weekdays)].sort((a, b) => a - b) : [],
    onDate: e.kind === "date" ? e.onDate : null,
    startsOn: e.kind === "weekly" ? e.startsOn : null,
    endsOn: e.kind === "weekly" ? e.endsOn : null,
  }));
export type EventInput = z.output<typeof EventSchema>;

/** FormData to the object EventSchema reads (the weekday checkboxes repeat one name). */
export function eventFormValues(form: FormData): Record<string, unknown> {
  const raw: Record<string, unknown> = Object.fromEntries(form);
  raw.weekdays = form.getAll("weekdays").map(String);
  return raw;
}

export const CancelledDateSchema = z.object({
  day: z.string().trim().min(1, "Please enter the date").refine(isIsoDay, "Please enter a valid date"),
  note: optionalLine("The note", 200),
});
export type CancelledDateInput = z.output<typeof CancelledDateSchema>;

export const UNREADABLE_DAY = "That date could not be read. Please reload the page and try again.";
/** Removing a cancellation names its day in a hidden field: one that is not a date never reaches PostgreSQL. */
export const RemoveCancellationSchema = z.object({ day: z.string({ error: UNREADABLE_DAY }).trim().refine(isIsoDay, UNREADABLE_DAY) });

export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;

export const PhotoDetailsSchema = z.object({
  alt: z.string().trim().min(1, "Please describe the photo for people who cannot see it").max(300, "The description must be at most 300 characters"),
  consent: z
    .string()
    .optional()
    .refine((v) => v !== undefined && v !== "" && v !== "false", "Please confirm that everyone pictured (or their guardian) agreed"),
});
