// A visitor's request for a place (issue 29, decision 0033 addendum), and what it may become since issue 37. Sent
// with the registration form while signed out, it is kept with the address the visitor typed: an address nobody has
// proved (decision 0024), and words anyone could have typed, a stranger with a team list included. So it joins no
// family by itself: the guardian whose verified address it is reads every field of it on /account/enrollments and
// keeps it or drops it (visitor-requests-review.server.ts). This file keeps it, at most 3 for one address, and
// forgets what nobody answered in 30 days.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { row } from "../../db/rows";
import { visitorEnrollmentRequests } from "../../db/schema";
import type { DbOrTx } from "~/mail/index.server";
import type { OnCourtInput } from "./schemas";

/** How long a request waits for its guardian's answer. */
export const VISITOR_REQUEST_DAYS = 30;

/**
 * How many requests wait for one address at most. A family with more children signs in and asks from the account; a
 * stranger planting requests fills at most one short list, which the guardian reads and drops.
 */
export const VISITOR_REQUESTS_PER_ADDRESS = 3;

/**
 * "I would like financial help" as the visitor answered it (issue 41; payments' AidRequestSchema checked it): kept
 * with the request and asked for the family's account by the guardian who keeps it (visitor-requests-review.server.ts).
 */
export type VisitorHelp = {
  householdSize?: number | undefined;
  schoolLunch?: "free" | "reduced" | "none" | undefined;
  incomeBand?: "under-25k" | "25k-50k" | "50k-75k" | "over-75k" | undefined;
  note: string;
};

export type VisitorRequestInput = OnCourtInput & {
  eventId: string;
  studentName: string;
  dateOfBirth: string;
  email: string;
  help?: VisitorHelp | null;
};

export type KeepVisitorResult = { ok: true } | { ok: false; reason: "too-many" };

/** The lock two forms for one address take before counting (the trigger of migration 0030 takes the same one). */
const lockAddress = (tx: DbOrTx, address: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`visitor_enrollment_requests:${address}`}, 0))`);

const isTooMany = (err: unknown) => {
  for (let e = err as { constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.constraint === "visitor_requests_at_most_three") return true;
  return false;
};

/**
 * Keeps a visitor's request, in the caller's transaction (the registration row's), the address lower-cased; refused
 * when VISITOR_REQUESTS_PER_ADDRESS already wait for it (counted under the address's lock, so two forms at once cannot
 * both be the 3rd). The caller then keeps nothing and says so beside the email field, in words that tell nothing
 * about any account (decision 0033, issue 37 addendum).
 */
export async function keepVisitorRequest(tx: DbOrTx, input: VisitorRequestInput): Promise<KeepVisitorResult> {
  const email = input.email.trim().toLowerCase();
  await lockAddress(tx, email);
  const { n } = await row(tx, z.object({ n: z.number() }), sql`select count(*)::int as n from visitor_enrollment_requests where email = ${email}`);
  if (n >= VISITOR_REQUESTS_PER_ADDRESS) return { ok: false, reason: "too-many" };
  try {
    // In a savepoint: a refusal by the trigger leaves the caller's transaction usable.
    const { help, ...request } = input;
    const asked = help
      ? {
          helpWanted: true,
          helpHouseholdSize: help.householdSize ?? null,
          helpSchoolLunch: help.schoolLunch ?? null,
          helpIncomeBand: help.incomeBand ?? null,
          helpNote: help.note,
        }
      : {};
    await tx.transaction((inner) => inner.insert(visitorEnrollmentRequests).values({ ...request, ...asked, email }));
  } catch (err) {
    // Only a path that skipped the count above meets the trigger; answered the same way.
    if (isTooMany(err)) return { ok: false, reason: "too-many" };
    throw err;
  }
  return { ok: true };
}

/** The job queue's daily removal of kept requests nobody answered in time; returns how many went. */
export async function forgetUnclaimedVisitorRequests(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute(sql`
    delete from visitor_enrollment_requests where created_at < now() - make_interval(days => ${VISITOR_REQUEST_DAYS}) returning id`);
  return rows.length;
}
