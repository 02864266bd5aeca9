// Fixtures for payments' integration tests (not shipped: only *.test.ts files import it): families from enrollment's
// fixtures, a session with a fee, an enrollment put straight into a status (the database's trigger charges it), and
// the services receipts need.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { row } from "../../db/rows";
import { makeSession } from "~/enrollment/test-support";
import { getOrCreateAccountFor } from "./ledger.server";
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
  const inserted = await row(
    db,
    z.object({ id: z.string() }),
    sql`
    insert into enrollments (event_id, athlete_id, status, emergency_name, emergency_phone)
    values (${eventId}, ${athleteId}, ${status}, 'Rosa Diaz', '202-555-0188') returning id`,
  );
  return inserted.id;
}

export async function setEnrollmentStatus(db: Db, id: string, status: string) {
  await db.execute(sql`update enrollments set status = ${status},
    closed_reason = ${status === "withdrawn" || status === "declined" ? "test" : null} where id = ${id}`);
}

/** The account that pays for `userId`, made if there is none yet (ledger's own step). */
export const accountOf = (db: Db, userId: string) => getOrCreateAccountFor(db, userId);
