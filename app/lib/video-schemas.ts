// The add-video form. No field is required except a usable URL; the rest have defaults.
import { z } from "zod";
import { dayInZone } from "./datetime";
import { VIDEO_PLATFORMS } from "./video-url";

export const VIDEO_FORM_CATEGORIES = [
  { value: "general", label: "General" },
  { value: "tournaments", label: "Tournaments" },
  { value: "training", label: "Training" },
  { value: "education", label: "Education" },
] as const;

export const AddVideoSchema = z.object({
  platform: z.enum(VIDEO_PLATFORMS, { error: "Choose a platform" }).default("youtube"),
  url: z.string().max(2048, "The URL is too long").default(""),
  title: z.string().trim().max(200, "Title must be at most 200 characters").default(""),
  description: z.string().trim().max(5000, "Description must be at most 5000 characters").default(""),
  category: z
    .string()
    .trim()
    .max(60, "Category must be at most 60 characters")
    .default("")
    .transform((v) => v || "general"),
  publishedOn: z
    .string()
    .trim()
    .default("")
    .pipe(z.union([z.literal(""), z.iso.date({ error: "Please enter a valid date" })])),
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
