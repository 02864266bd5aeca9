// The add-video and edit-video forms (one schema). No field is required except a usable URL; the rest have defaults.
// Each message is a function, read when the issue is raised, so it is in the language of the page.
import { z } from "zod";
import { m } from "../paraglide/messages";
import { dayInZone } from "../lib/datetime";
import { parseVideoUrl, VIDEO_PLATFORMS, type ParsedVideoUrl } from "./video-url";
import { says, parseForm } from "~/lib/forms";

/** A zod message read when the issue is raised, so it is in the language of the page. */

export const AddVideoSchema = z.object({
  platform: z.enum(VIDEO_PLATFORMS, says(m.calendar_video_error_platform)).default("youtube"),
  url: z.string().max(2048, says(m.calendar_video_error_url_too_long)).default(""),
  title: z
    .string()
    .trim()
    .max(
      200,
      says(() => m.calendar_error_title_too_long({ max: 200 })),
    )
    .default(""),
  description: z
    .string()
    .trim()
    .max(
      5000,
      says(() => m.calendar_video_error_description_too_long({ max: 5000 })),
    )
    .default(""),
  category: z
    .string()
    .trim()
    .max(
      60,
      says(() => m.calendar_video_error_category_too_long({ max: 60 })),
    )
    .default("")
    .transform((v) => v || "general"),
  publishedOn: z
    .string()
    .trim()
    .default("")
    .pipe(z.union([z.literal(""), z.iso.date(says(m.calendar_error_date))])),
  // A checkbox sends its value only when ticked.
  embedAllowed: z
    .string()
    .optional()
    .transform((v) => v !== undefined && v !== "false"),
});

export type AddVideoValues = {
  platform: string;
  url: string;
  title: string;
  description: string;
  category: string;
  publishedOn: string;
  embedAllowed: boolean;
};

/** Midnight UTC of the chosen day; when none was chosen, today as it is in the organisation's zone. */
export function publishedAtFromDay(day: string, zone: string, now = new Date()): Date {
  return new Date(`${day || dayInZone(now, zone)}T00:00:00.000Z`);
}

export type AddVideoInput = z.output<typeof AddVideoSchema>;

export type VideoFormReading =
  | { ok: true; values: AddVideoValues; input: AddVideoInput; parsed: Extract<ParsedVideoUrl, { ok: true }> }
  | { ok: false; values: AddVideoValues; fieldErrors: Partial<Record<string, string>> };

/** Reads a posted add or edit form: what was typed (to show again), and either the checked input or messages by field. */
export function readVideoForm(form: FormData): VideoFormReading {
  const raw = Object.fromEntries(form);
  const values: AddVideoValues = {
    platform: String(raw.platform ?? "youtube"),
    url: String(raw.url ?? ""),
    title: String(raw.title ?? ""),
    description: String(raw.description ?? ""),
    category: String(raw.category ?? "general"),
    publishedOn: String(raw.publishedOn ?? ""),
    embedAllowed: raw.embedAllowed !== undefined && raw.embedAllowed !== "false",
  };
  const { data: input, fieldErrors } = parseForm(AddVideoSchema, form);
  if (!input) return { ok: false, values, fieldErrors: fieldErrors ?? {} };
  const parsed = parseVideoUrl(input.platform, input.url);
  if (!parsed.ok) return { ok: false, values, fieldErrors: { url: parsed.error } };
  return { ok: true, values, input, parsed };
}
