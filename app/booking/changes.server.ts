// What booking tells the rest of the site when a coach moves or cancels a booked lesson (issue 38, decision 0073): an
// event, the booking_changed job, written in the change's transaction (nothing is told of a change that did not
// commit). Booking does not call whoever listens: notifications' onBookingChanged takes the job and queues the
// family's phone notices, reading the booking through booking's front door, so neither capability calls back into the
// other. A later change to the same booking replaces its event still waiting.
import { z } from "zod";
import type { DbOrTx } from "~/mail/index.server";
import { addJob } from "~/models/jobs.server";

export const BOOKING_CHANGED_JOB = "booking_changed";

export const BookingChangedSchema = z.object({ bookingId: z.uuid(), athleteId: z.string().min(1), change: z.enum(["moved", "cancelled"]) });
export type BookingChanged = z.infer<typeof BookingChangedSchema>;

export async function tellBookingChanged(tx: DbOrTx, event: BookingChanged) {
  await addJob(tx, BOOKING_CHANGED_JOB, event, { jobKey: `${BOOKING_CHANGED_JOB}:${event.bookingId}`, maxAttempts: 5 });
}
