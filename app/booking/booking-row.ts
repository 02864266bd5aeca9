// A booking's row as the pages, the mails and the feed read it: a module of its own, with no import but zod, because
// lists.server.ts builds its schema from it while loading, and mails.server.ts sits in a cycle through the front doors
// (scripts/load-time-reads.mjs, decision 0073).
import { z } from "zod";

/** A booking as the pages, the mails and the feed read it (lists.server.ts leaves out the coach's id). */
export const BookingRow = z.object({
  id: z.string(),
  coach_id: z.string(),
  athlete_id: z.string(),
  kind: z.enum(["lesson", "evaluation"]),
  starts_at: z.coerce.date(),
  ends_at: z.coerce.date(),
  place: z.string(),
  note: z.string(),
  sequence: z.coerce.number(),
  cancelled_at: z.coerce.date().nullable(),
  reason: z.string().nullable(),
  updated_at: z.coerce.date(),
  coach_name: z.string().nullable(),
  athlete_name: z.string().nullable(),
  /** The enrollment request an evaluation was booked for, or null. */
  enrollment_id: z.string().nullable(),
});
export type BookingDetail = z.infer<typeof BookingRow>;
