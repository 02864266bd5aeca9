// An events row as SQL reads a session's schedule (dates and times selected `::text`): the columns every reader of its
// days and times needs. Each reader extends it with the columns of its own (enrollment's session facts, the Enrolled
// mail's place, fee and coaches).
import { z } from "zod";

export const EventScheduleRow = z.object({
  id: z.string(),
  title: z.string(),
  title_es: z.string().nullable(),
  kind: z.enum(["weekly", "date"]),
  weekdays: z.array(z.coerce.number()),
  on_date: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  time_note: z.string().nullable(),
  time_note_es: z.string().nullable(),
  place: z.string().nullable(),
  closed: z.boolean(),
});
