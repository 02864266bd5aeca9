// Nothing irreversible at one tap (issue 39), through the routes as each person calls them, against a real PostgreSQL:
// a coach's Decline and Withdraw on the roster, a family's "Withdraw the request" on /account/enrollments and a
// guardian's removing an athlete on /account/family each change nothing when posted without the confirmation (the
// page's first step: it answers which form it asks about) and nothing when posted confirmed by the wrong person; only
// the confirmed post of the right person acts. Declined and withdrawn requests then stay listed under their own
// heading (the roster's loader) with the days the questions name (the family's loader).
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { enrollments, users } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { confirmKey } from "~/lib/confirm-action";
import { action as enrollmentsAction, loader as enrollmentsLoader } from "~/routes/account.enrollments";
import { action as familyAction, loader as familyLoader } from "~/routes/account.family";
import { action as rosterAction, loader as rosterLoader } from "~/routes/rosters.$sessionId";
import { createEnrollmentRequest } from "./enrollments.server";
import { makeFamily, makeSession, makeUser, onCourt, servicesFor, type Person } from "./test-support";

const { db } = await createTestDatabase();
const services = servicesFor(db);
const ORIGIN = { Origin: "http://localhost:3000" };

function as(p: Person): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: "2026-06-15T14:00:00-04:00", PUBLIC_URL: "http://localhost:3000" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, clientIp: "10.8.0.2", auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const statusOf = async (id: string) => (await db.select({ status: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)))[0]!.status;
const everyRequest = () => db.execute(sql`select id, status, status_changed_at, updated_at from enrollments order by id`);

async function ask(session: string, who: Awaited<ReturnType<typeof makeFamily>>) {
  const made = await createEnrollmentRequest(services, who.guardian, session, onCourt(who.athlete.id));
  if (!made.ok) throw new Error(made.error);
  return made.enrollmentId;
}

describe("the roster's Decline and Withdraw", () => {
  it("change nothing unconfirmed or from another coach; confirmed, they act and the request stays listed as ended", async () => {
    const coach = await makeUser(db, "coach", "Coach Tapper");
    const other = await makeUser(db, "coach", "Coach Elsewhere");
    const session = await makeSession(db, 10, {}, [coach.id]);
    const sofia = await ask(session, await makeFamily(db, "Tapgomez"));
    const diego = await ask(session, await makeFamily(db, "Tapruiz"));
    const params = { sessionId: session };
    const post = (who: Person, fields: Record<string, string>) =>
      call(rosterAction as never, { request: postForm(`/rosters/${session}`, fields, ORIGIN), context: as(who), params });
    const decline = { intent: "step", step: "decline", enrollmentId: sofia, athleteName: "Tapgomez Kid" };
    const withdraw = { intent: "step", step: "withdraw", enrollmentId: diego, athleteName: "Tapruiz Kid" };

    const before = await everyRequest();
    for (const fields of [decline, withdraw]) {
      // One tap: the page is asked to confirm this very form; nothing changed.
      const res = await post(coach, fields);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, intent: "step", confirm: confirmKey(Object.entries(fields)) });
      // Another value than "yes" is no confirmation either.
      expect((await post(coach, { ...fields, confirmed: "no" })).body).toMatchObject({ confirm: confirmKey(Object.entries(fields)) });
      // Confirmed, but not their session's coach: refused.
      expect((await post(other, { ...fields, confirmed: "yes" })).status).toBe(403);
    }
    expect((await everyRequest()).rows).toEqual(before.rows);

    expect((await post(coach, { ...decline, confirmed: "yes" })).status).toBe(302);
    expect((await post(coach, { ...withdraw, confirmed: "yes" })).status).toBe(302);
    expect(await statusOf(sofia)).toBe("declined");
    expect(await statusOf(diego)).toBe("withdrawn");

    const roster = await call(rosterLoader as never, { request: new Request(`http://localhost/rosters/${session}`), context: as(coach), params });
    const body = roster.body as {
      roster: Array<{ id: string }>;
      closed: Array<{ id: string; athleteName: string; status: string; changedAt: string }>;
    };
    expect(body.roster.map((e) => e.id)).not.toContain(sofia);
    expect(body.closed.map((c) => [c.athleteName, c.status]).sort()).toEqual([
      ["Tapgomez Kid", "declined"],
      ["Tapruiz Kid", "withdrawn"],
    ]);
    expect(body.closed.every((c) => !Number.isNaN(Date.parse(c.changedAt)))).toBe(true);
  });
});

describe("the family's 'Withdraw the request'", () => {
  it("changes nothing unconfirmed or from another family; confirmed, it withdraws and the page says when each was sent", async () => {
    const session = await makeSession(db, 10);
    const family = await makeFamily(db, "Tapfamily");
    const stranger = await makeFamily(db, "Tapstranger");
    const request = await ask(session, family);
    const fields = { intent: "withdraw", enrollmentId: request };
    const post = (who: Person, extra: Record<string, string> = {}) =>
      call(enrollmentsAction as never, { request: postForm("/account/enrollments", { ...fields, ...extra }, ORIGIN), context: as(who) });

    const res = await post(family.guardian);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, intent: "withdraw", confirm: confirmKey(Object.entries(fields)) });
    expect(await statusOf(request)).toBe("requested");
    expect((await post(stranger.guardian, { confirmed: "yes" })).status).toBeGreaterThanOrEqual(400);
    expect(await statusOf(request)).toBe("requested");

    const page = await call(enrollmentsLoader as never, {
      request: new Request("http://localhost/account/enrollments"),
      context: as(family.guardian),
    });
    const dates = (page.body as { requestDates: Record<string, { requestedAt: string }> }).requestDates;
    expect(Object.keys(dates)).toEqual([request]);
    // The stranger's page knows nothing of it.
    const theirs = await call(enrollmentsLoader as never, {
      request: new Request("http://localhost/account/enrollments"),
      context: as(stranger.guardian),
    });
    expect((theirs.body as { requestDates: Record<string, unknown> }).requestDates).toEqual({});

    expect((await post(family.guardian, { confirmed: "yes" })).status).toBe(302);
    expect(await statusOf(request)).toBe("withdrawn");
  });
});

describe("removing an athlete from a household", () => {
  it("changes nothing unconfirmed or from another guardian; confirmed, the athlete is removed", async () => {
    const dad = await makeUser(db, "client", "Tap Dad", { clientKind: "guardian" });
    const stranger = await makeUser(db, "client", "Tap Stranger", { clientKind: "guardian" });
    const post = (who: Person, fields: Record<string, string>) =>
      call(familyAction as never, { request: postForm("/account/family", fields, ORIGIN), context: as(who) });
    expect((await post(dad, { intent: "add-athlete", fullName: "Tap Kid", dateOfBirth: "2015-03-03" })).status).toBe(200);
    const [kid] = await db.select().from(users).where(eq(users.fullName, "Tap Kid"));
    const fields = { intent: "remove-athlete", athleteId: kid!.id, athleteName: "Tap Kid" };

    const res = await post(dad, fields);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, intent: "remove-athlete", confirm: confirmKey(Object.entries(fields)) });
    expect((await post(stranger, { ...fields, confirmed: "yes" })).status).toBeGreaterThanOrEqual(400);
    expect(await db.select().from(users).where(eq(users.id, kid!.id))).toEqual([kid]);
    const page = await call(familyLoader as never, { request: new Request("http://localhost/account/family"), context: as(dad) });
    expect((page.body as { family: { athletes: Array<{ id: string }> } }).family.athletes.map((a) => a.id)).toEqual([kid!.id]);

    expect((await post(dad, { ...fields, confirmed: "yes" })).body).toMatchObject({ ok: true, message: "Tap Kid was removed from your family." });
    const after = await call(familyLoader as never, { request: new Request("http://localhost/account/family"), context: as(dad) });
    expect((after.body as { family: { athletes: unknown[] } }).family.athletes).toEqual([]);
  });
});
