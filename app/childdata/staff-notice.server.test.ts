// /staff's notice of families' open data requests (issue 40, decision 0061), through /staff's loader against a real
// PostgreSQL: nothing when none is open; the count and the earliest deadline otherwise; an ended request not counted.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { call, contextFor } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeFamily, makeUser, type Person } from "~/enrollment/test-support";
import { loader as staffLoader } from "~/routes/staff";

const { db } = await createTestDatabase();

function as(p: Person): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: "2026-06-15T14:00:00-04:00" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

const admin = await makeUser(db, "coach", "Notice Admin", { admin: true });
const notice = async () =>
  ((await call(staffLoader as never, { request: new Request("http://localhost/staff"), context: as(admin) })).body as { dataRequests: unknown })
    .dataRequests;

describe("/staff's notice of open data requests", () => {
  it("counts the open requests and gives the earliest deadline", async () => {
    expect(await notice()).toBeNull();
    const [a, b, c] = await Promise.all(["Notice One", "Notice Two", "Notice Three"].map((n) => makeFamily(db, n)));
    const ask = (athleteId: string, at: string) =>
      db.execute(sql`insert into child_data_requests (athlete_id, asked_at, due_by)
        values (${athleteId}, ${at}::timestamptz, ${at}::timestamptz + interval '30 days')`);
    await ask(a!.athlete.id, "2026-06-01T12:00:00Z");
    await ask(b!.athlete.id, "2026-06-10T12:00:00Z");
    await ask(c!.athlete.id, "2026-05-01T12:00:00Z");
    await db.execute(sql`update child_data_requests set status = 'done', handled_at = now() where athlete_id = ${c!.athlete.id}`);
    expect(await notice()).toEqual({ count: 2, oldestDue: "2026-07-01T12:00:00.000Z" });
  });
});
