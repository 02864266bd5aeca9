// A visitor's request for a place (issue 29, decision 0033 addendum). Sent with the registration form while signed
// out, it is kept with the address the visitor typed: an address nobody has proved (decision 0024), so nothing is
// attached to any account until someone verifies that very address. Then, and only then, each kept request becomes,
// in the order it was made, a student-athlete of that person's household (the family module's one way of adding an
// athlete without a login) and an enrollment request of that athlete, decided by createEnrollmentRequest's own rules
// (capacity, the waitlist, a session gone or closed). Kept requests nobody claims are removed after 30 days.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { visitorEnrollmentRequests } from "../../db/schema";
import { createAthleteForGuardian } from "~/family/households.server";
import type { DbOrTx } from "~/mail/outbox.server";
import { createEnrollmentRequest, type EnrollResult } from "./enrollments.server";
import type { EnrollmentServices } from "./mails.server";
import type { OnCourtInput } from "./schemas";

/** How long a request waits for its address to be verified. */
export const VISITOR_REQUEST_DAYS = 30;

export type VisitorRequestInput = OnCourtInput & { eventId: string; studentName: string; dateOfBirth: string; email: string };

/** Keeps a visitor's request, in the caller's transaction (the registration row's). The address is kept lower-cased. */
export async function keepVisitorRequest(tx: DbOrTx, input: VisitorRequestInput): Promise<void> {
  await tx.insert(visitorEnrollmentRequests).values({ ...input, email: input.email.trim().toLowerCase() });
}

const Claimant = z.object({
  id: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  role: z.enum(["client", "coach"]),
  client_kind: z.enum(["guardian", "athlete"]),
  deleted: z.boolean(),
});

const Kept = z.object({
  id: z.string(),
  event_id: z.string().nullable(),
  student_name: z.string(),
  date_of_birth: z.string(),
  medical_notes: z.string(),
  pickup_people: z.string(),
  photo_consent: z.boolean(),
  emergency_name: z.string(),
  emergency_phone: z.string(),
});

export type ClaimedRequest = { athleteId: string; result: EnrollResult };

/**
 * Someone verified `email` (Better Auth's afterEmailVerification, server/auth.ts). The account is read again here
 * and must be a guardian's, not deleted, whose verified address is `email`: whatever the caller says, nothing is
 * attached to an address that was not proved, nor to a student-athlete's own account (a teenager who typed a
 * parent's address gets nothing; the parent does, once they verify it). Each kept request, oldest first, becomes an
 * athlete of the guardian's household (the one already there with the same name and date of birth, or a new one
 * without a login) and an enrollment request for them; the kept row is deleted. In the caller's transaction; each
 * request in its own savepoint, so one refused (the session gone, already asked) does not undo the others.
 */
export async function claimVisitorRequests(tx: DbOrTx, userId: string, email: string, services: EnrollmentServices): Promise<ClaimedRequest[]> {
  const { rows: people } = await tx.execute(sql`
    select id, email, email_verified, role, client_kind, deleted_at is not null as deleted from users where id = ${userId}`);
  const person = people[0] ? Claimant.parse(people[0]) : null;
  const address = email.trim().toLowerCase();
  if (!person || person.deleted || !person.email_verified || person.email.toLowerCase() !== address) return [];
  if (person.role !== "client" || person.client_kind !== "guardian") return [];
  // Locked: two verifications racing (two tabs) claim each request once.
  const { rows } = await tx.execute(sql`
    select id, event_id, student_name, date_of_birth::text, medical_notes, pickup_people, photo_consent, emergency_name, emergency_phone
    from visitor_enrollment_requests where email = ${address} order by seq for update`);
  const claimed: ClaimedRequest[] = [];
  for (const raw of rows) {
    const kept = Kept.parse(raw);
    const athleteId =
      (await sameAthlete(tx, userId, kept)) ??
      (await createAthleteForGuardian(tx, userId, { fullName: kept.student_name, dateOfBirth: kept.date_of_birth })).athleteId;
    const onCourt = {
      athleteId,
      medicalNotes: kept.medical_notes,
      pickupPeople: kept.pickup_people,
      photoConsent: kept.photo_consent,
      emergencyName: kept.emergency_name,
      emergencyPhone: kept.emergency_phone,
    };
    // A session deleted since (event_id null) is answered as createEnrollmentRequest answers a missing one.
    const result = await createEnrollmentRequest(services, { id: userId, role: "client" }, kept.event_id ?? "", onCourt, tx);
    await tx.execute(sql`delete from visitor_enrollment_requests where id = ${kept.id}`);
    claimed.push({ athleteId, result });
  }
  return claimed;
}

/** The guardian's athlete already named so and born that day (two requests for one child make one athlete). */
async function sameAthlete(tx: DbOrTx, guardianId: string, kept: z.infer<typeof Kept>): Promise<string | null> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    select u.id from guardian_links g join users u on u.id = g.athlete_id and u.deleted_at is null
    where g.guardian_id = ${guardianId} and lower(u.full_name) = lower(${kept.student_name}) and u.date_of_birth = ${kept.date_of_birth}::date
    order by u.created_at limit 1`);
  return rows[0]?.id ?? null;
}

/** The job queue's daily removal of kept requests nobody claimed in time; returns how many went. */
export async function forgetUnclaimedVisitorRequests(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute(sql`
    delete from visitor_enrollment_requests where created_at < now() - make_interval(days => ${VISITOR_REQUEST_DAYS}) returning id`);
  return rows.length;
}
