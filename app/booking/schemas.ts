// What the booking forms may send, checked at the boundary (the database's CHECK constraints say the same again).
// Each message is the one shown beside its field.
import { z } from "zod";
import { says, wholeNumber, isoDay, isoInstant } from "~/lib/forms";
import { m } from "~/paraglide/messages";
import { LESSON_LENGTHS } from "./slots";

const clock = z.string(says(m.booking_error_time)).regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, says(m.booking_error_time));
const day = isoDay(m.booking_error_day);
const kind = z.enum(["lesson", "evaluation"], says(m.booking_error_kind));
const id = z.string(says(m.booking_error_unknown)).min(1, says(m.booking_error_unknown)).max(100, says(m.booking_error_unknown));
const reason = z.string(says(m.booking_error_reason)).trim().min(1, says(m.booking_error_reason)).max(300, says(m.booking_error_reason_long));
const lessonLength = z.coerce
  .number(says(m.booking_error_length))
  .int(says(m.booking_error_length))
  .refine((n) => (LESSON_LENGTHS as readonly number[]).includes(n), says(m.booking_error_length));

export const WindowSchema = z
  .object({
    kind,
    weekday: wholeNumber(0, 6, m.booking_error_weekday),
    startTime: clock,
    endTime: clock,
    place: z.string(says(m.booking_error_place)).trim().min(1, says(m.booking_error_place)).max(200, says(m.booking_error_place_long)),
  })
  .refine((w) => w.endTime > w.startTime, { path: ["endTime"], ...says(m.booking_error_window_order) });
export type WindowInput = z.infer<typeof WindowSchema>;

export const SettingsSchema = z.object({
  lessonMinutes: z.array(lessonLength, says(m.booking_error_length)).min(1, says(m.booking_error_length)).max(2, says(m.booking_error_length)),
  bufferMinutes: wholeNumber(0, 60, m.booking_error_buffer).refine((n) => n % 5 === 0, says(m.booking_error_buffer)),
});
export type SettingsInput = z.infer<typeof SettingsSchema>;

export const DayOffSchema = z.object({ day });

export const BookSchema = z.object({
  athleteId: id,
  coachId: id,
  kind,
  minutes: lessonLength,
  start: isoInstant(m.booking_error_slot),
  note: z.string().trim().max(500, says(m.booking_error_note_long)).default(""),
  /**
   * The idempotency key of the form this booking comes from (one per render of /lessons): a retry of the same post,
   * whose answer was lost, returns the booking it made instead of "no longer free" (issue 38).
   */
  requestKey: z
    .union([z.literal(""), z.uuid(says(m.booking_error_correct))], says(m.booking_error_correct))
    .optional()
    .transform((v) => v || null),
  /** The enrollment request an evaluation is booked for (from /account/enrollments), or none. */
  enrollmentId: z
    .union([z.literal(""), z.uuid(says(m.booking_error_request_unknown))], says(m.booking_error_request_unknown))
    .optional()
    .transform((v) => v || null),
});
export type BookInput = z.infer<typeof BookSchema>;

export const BookingIdSchema = z.object({ bookingId: z.uuid(says(m.booking_error_unknown)) });

export const CoachCancelSchema = BookingIdSchema.extend({ reason });

/** A coach's move: the new day and start, and the length (a lesson 30 or 60 minutes; an evaluation keeps its 30). */
export const MoveSchema = BookingIdSchema.extend({ day, time: clock, minutes: lessonLength.optional(), reason });
export type MoveInput = z.infer<typeof MoveSchema>;

/** A coach records the outcome of an evaluation booked for a request: the level (1-5) and a note the family reads. */
export const PlacementSchema = BookingIdSchema.extend({
  level: wholeNumber(1, 5, m.booking_error_level),
  note: z.string().trim().max(500, says(m.booking_error_placement_note_long)).default(""),
  /** Only to place outside the session's ages or levels (issue 39, decision 0046): the reason goes in the safeguarding log. */
  overrideReason: z.string().trim().max(500, says(m.enroll_error_override_long)).default(""),
});
export type PlacementInput = z.infer<typeof PlacementSchema>;
