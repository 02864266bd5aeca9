// Fixtures for payments' integration tests (not shipped: only *.test.ts files import it): families from enrollment's
// fixtures, a session with a fee, an enrollment put straight into a status (the database's trigger charges it), and
// the services receipts need.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { makeSession } from "~/enrollment/test-support";
import type { ReceiptServices } from "./receipts.server";

export { makeFamily, makeUser } from "~/enrollment/test-support";

export function receiptServices(): ReceiptServices {
  return {
    secret: "x".repeat(40),
    config: { publicUrl: "http://localhost:3000", site: { orgName: "Test Tennis", timeZone: "America/New_York" }, mail: {} },
  };
}

/** A session of `feeCents` a season (first day 2026-09-01). */
export const makeFeeSession = (db: Db, feeCents: number | null, per: "month" | "season" | "session" = "season") =>
  makeSession(db, null, { title: "Fall Junior Clinic", feeCents, feePer: per, startsOn: "2026-09-01", endsOn: "2026-12-15" });

/** An enrollment of `athleteId` in `eventId` with `status`, as enrollment's own steps would leave it. */
export async function enroll(db: Db, eventId: string, athleteId: string, status: "placed" | "enrolled" = "enrolled") {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into enrollments (event_id, athlete_id, status, emergency_name, emergency_phone)
    values (${eventId}, ${athleteId}, ${status}, 'Rosa Diaz', '202-555-0188') returning id`);
  return rows[0]!.id;
}

export async function setEnrollmentStatus(db: Db, id: string, status: string) {
  await db.execute(sql`update enrollments set status = ${status},
    closed_reason = ${status === "withdrawn" || status === "declined" ? "test" : null} where id = ${id}`);
}

export async function accountOf(db: Db, userId: string) {
  const { rows } = await db.execute<{ id: string }>(sql`select payment_account_for(${userId}) as id`);
  return rows[0]!.id;
}
