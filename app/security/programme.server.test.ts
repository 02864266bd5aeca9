// The security programme's coordinator and yearly review (issue 40, docs/security-programme.md), against a real
// PostgreSQL through the routes: an administrator sets the coordinator (a coach or an administrator from the staff
// list) and the next review's date on /staff, bad input is refused beside the field with nothing stored; the reminder
// shows from 30 days before the due date to the administrators and the coordinator only, by the site's clock; the
// review recorded as done today moves the due date a year on; a coach who is not the coordinator and a client can
// neither record it nor change the coordinator.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeUser, type Person } from "~/enrollment/test-support";
import { action as staffAction, loader as staffLoader } from "~/routes/staff";
import { loader as profileLoader } from "~/routes/staff.profile";
import { action as reviewAction } from "~/routes/staff.security-review";
import { isReviewDue, oneYearAfter } from "./review";

const { db } = await createTestDatabase();
const ORIGIN = { Origin: "http://localhost:3000" };

function as(p: Person, now: string): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: now, PUBLIC_URL: "http://localhost:3000" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const stored = async () =>
  Object.fromEntries(
    (await db.execute<{ key: string; value: string }>(sql`select key, value from app_settings where key like 'security.%' order by key`)).rows.map(
      (r) => [r.key, r.value],
    ),
  );
const saveSettings = (who: Person, now: string, fields: Record<string, string>) =>
  call(staffAction as never, { request: postForm("/staff", { intent: "security-settings", ...fields }, ORIGIN), context: as(who, now) });
const record = (who: Person, now: string) =>
  call(reviewAction as never, { request: postForm("/staff/security-review", { back: "staff" }, ORIGIN), context: as(who, now) });
const staffPage = async (who: Person, now: string) =>
  (await call(staffLoader as never, { request: new Request("http://localhost/staff"), context: as(who, now) })) as {
    status: number;
    body: { security: { reminder: { dueOn: string } | null; programme: { coordinator: { id: string } | null; reviewDueOn: string | null } } };
  };
const profileReminder = async (who: Person, now: string) =>
  (
    (await call(profileLoader as never, { request: new Request("http://localhost/staff/profile"), context: as(who, now) })).body as {
      securityReminder: unknown;
    }
  ).securityReminder;

describe("when the yearly review is due", () => {
  it("is from 30 days before the due date on, and a year on from a review is the same day (28 February for the 29th)", () => {
    expect(isReviewDue("2027-04-09", "2027-03-10")).toBe(true);
    expect(isReviewDue("2027-04-10", "2027-03-10")).toBe(false);
    expect(isReviewDue("2027-01-01", "2027-03-10")).toBe(true);
    expect(isReviewDue(null, "2027-03-10")).toBe(false);
    expect(oneYearAfter("2027-03-10")).toBe("2028-03-10");
    expect(oneYearAfter("2028-02-29")).toBe("2029-02-28");
  });
});

describe("the security programme on /staff", () => {
  const MARCH = "2027-03-10T10:00:00-05:00";
  it("takes a coordinator from the staff list and a date within a year, refusing anything else beside the field", async () => {
    const admin = await makeUser(db, "client", "Ada Secadmin", { admin: true });
    const coach = await makeUser(db, "coach", "Cora Seccoord");
    const client = await makeUser(db, "client", "Cliff Secclient");
    const before = await stored();

    expect((await saveSettings(admin, MARCH, { coordinatorId: "", reviewDueOn: "2027-03-20" })).body).toMatchObject({
      ok: false,
      fieldErrors: { coordinatorId: "Choose the coordinator from the staff list." },
    });
    expect(await saveSettings(admin, MARCH, { coordinatorId: client.id, reviewDueOn: "2027-03-20" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { coordinatorId: "Choose the coordinator from the staff list." } },
    });
    expect((await saveSettings(admin, MARCH, { coordinatorId: coach.id, reviewDueOn: "2028-03-11" })).body).toMatchObject({
      fieldErrors: { reviewDueOn: "The review is yearly: choose a date no later than March 10, 2028." },
    });
    expect((await saveSettings(admin, MARCH, { coordinatorId: coach.id, reviewDueOn: "2027-02-30" })).body).toMatchObject({
      fieldErrors: { reviewDueOn: "Enter the date of the next review." },
    });
    expect((await saveSettings(admin, MARCH, { coordinatorId: coach.id, reviewDueOn: "2027-03-20\u0000" })).status).toBe(400);
    expect(await stored()).toEqual(before);

    // A coach and a client cannot change it: /staff refuses them, and nothing changes.
    for (const who of [coach, client]) {
      expect((await saveSettings(who, MARCH, { coordinatorId: who.id, reviewDueOn: "2027-03-20" })).status).toBe(403);
      expect((await staffPage(who, MARCH)).status).toBe(403);
    }
    expect(await stored()).toEqual(before);

    expect(await saveSettings(admin, MARCH, { coordinatorId: coach.id, reviewDueOn: "2027-04-20" })).toMatchObject({
      status: 200,
      body: { ok: true, message: "The security programme's coordinator and review date are saved." },
    });
    const page = await staffPage(admin, MARCH);
    expect(page.body.security.programme).toMatchObject({ coordinator: { id: coach.id }, reviewDueOn: "2027-04-20" });
    // 41 days ahead: no reminder yet; by the clock of 21 March (30 days ahead) it shows.
    expect(page.body.security.reminder).toBeNull();
    expect((await staffPage(admin, "2027-03-21T10:00:00-04:00")).body.security.reminder).toEqual({ dueOn: "2027-04-20" });
  });

  it("reminds the administrators and the coordinator only, and the review recorded today moves the due date a year on", async () => {
    const admin = await makeUser(db, "client", "Abe Secadmin", { admin: true });
    const coordinator = await makeUser(db, "coach", "Cato Seccoord");
    const otherCoach = await makeUser(db, "coach", "Otto Seccoach");
    const client = await makeUser(db, "client", "Clara Secclient");
    expect((await saveSettings(admin, MARCH, { coordinatorId: coordinator.id, reviewDueOn: "2027-03-01" })).status).toBe(200);

    // Overdue: the administrator on /staff and the coordinator on /staff/profile are reminded; another coach is not.
    expect((await staffPage(admin, MARCH)).body.security.reminder).toEqual({ dueOn: "2027-03-01" });
    expect(await profileReminder(coordinator, MARCH)).toEqual({ dueOn: "2027-03-01" });
    expect(await profileReminder(otherCoach, MARCH)).toBeNull();

    // Another coach and a client are refused, and nothing changes.
    const before = await stored();
    expect(await record(otherCoach, MARCH)).toMatchObject({
      status: 403,
      body: { error: "Only an administrator or the security programme's coordinator can record its review." },
    });
    expect((await record(client, MARCH)).status).toBe(403);
    expect(await stored()).toEqual(before);

    // The coordinator records it: back to /staff/profile's page with the next date, a year on, and no reminder.
    const done = await record(coordinator, MARCH);
    expect(done.status).toBe(302);
    expect(await stored()).toMatchObject({
      "security.review_due_on": "2028-03-10",
      "security.reviewed_on": "2027-03-10",
      "security.reviewed_by": "Cato Seccoord",
    });
    expect(await profileReminder(coordinator, MARCH)).toBeNull();
    expect((await staffPage(admin, MARCH)).body.security.reminder).toBeNull();
    // Eleven months on it is due again, and an administrator records it.
    const FEBRUARY = "2028-02-15T10:00:00-05:00";
    expect((await staffPage(admin, FEBRUARY)).body.security.reminder).toEqual({ dueOn: "2028-03-10" });
    expect((await record(admin, FEBRUARY)).status).toBe(302);
    expect((await stored())["security.review_due_on"]).toBe("2029-02-15");
  });

  it("forgets a coordinator who is no longer staff: their reminder stops and they cannot record", async () => {
    const admin = await makeUser(db, "client", "Ari Secadmin", { admin: true });
    const coach = await makeUser(db, "coach", "Cy Secformer");
    expect((await saveSettings(admin, MARCH, { coordinatorId: coach.id, reviewDueOn: "2027-03-15" })).status).toBe(200);
    await db.execute(sql`update users set role = 'client' where id = ${coach.id}`);
    expect((await staffPage(admin, MARCH)).body.security.programme.coordinator).toBeNull();
    expect((await record({ ...coach, role: "client" }, MARCH)).status).toBe(403);
  });
});
