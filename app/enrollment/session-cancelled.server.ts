// A session the organisation cancels for good (issue 41; decisions 0059, 0068; migration 0061 closes it) ends the
// requests still waiting in it, in the transaction that records the cancellation (programs' cancelSessionAs, the one
// step every page that cancels calls): each request short of Enrolled (requested, in evaluation, placed, on the
// waitlist, offered) is declined with the reason "session-cancelled", which the family's /account/enrollments words
// "The session was cancelled"; the family is told by the status mail, in each reader's language, with the reason staff
// gave; and, as for any request that ends, an evaluation still to come that was booked for it is cancelled by the
// request-ended job (its lesson fee credited by migration 0048's rule). Nothing was charged for a request short of
// Enrolled, so nothing else is credited; the enrolled are credited by migration 0050's trigger and stay Enrolled, and
// each enrolled place's family is told by a mail of its own (tellEnrolledOfCancelledSession): the session cancelled,
// the reason, and what its account was credited for the place (or that nothing was owed), held and replaced as every
// status mail of the request (a held "Enrolled" mail is replaced by it), to the same verified addresses.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { rows } from "../../db/rows";
import type { DbOrTx } from "~/mail/index.server";
import { setStatus } from "./enrollments.server";
import { tellFamilyOfEnrollment, type EnrollmentServices } from "./mails.server";

/** Ends the session's waiting requests (locked first), tells their families; returns how many ended. */
export async function endRequestsOfCancelledSession(tx: DbOrTx, services: EnrollmentServices, eventId: string): Promise<number> {
  const waiting = await rows(
    tx,
    z.object({ id: z.string() }),
    sql`select id from enrollments where event_id = ${eventId}
      and status in ('requested', 'evaluation', 'placed', 'waitlisted', 'offered') order by seq for update`,
  );
  for (const { id } of waiting) {
    await setStatus(tx, id, "declined", { closedReason: "session-cancelled" });
    await tellFamilyOfEnrollment(tx, services, id, "session-cancelled");
  }
  return waiting.length;
}

/** Tells the family of each place still Enrolled in the cancelled session (after its credit); returns how many places. */
export async function tellEnrolledOfCancelledSession(tx: DbOrTx, services: EnrollmentServices, eventId: string): Promise<number> {
  const enrolled = await rows(
    tx,
    z.object({ id: z.string() }),
    sql`select id from enrollments where event_id = ${eventId} and status = 'enrolled' order by seq`,
  );
  for (const { id } of enrolled) await tellFamilyOfEnrollment(tx, services, id, "session-cancelled-enrolled");
  return enrolled.length;
}
