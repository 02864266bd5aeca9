// A deletion carried out cancels the child's booked future lessons (issue 40, decision 0061), through
// /staff/data-requests against a real PostgreSQL: the lesson still to come is cancelled and its coach is mailed as when
// a family cancels; a lesson already past stays as it was.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeFamily, makeUser, type Person } from "~/enrollment/test-support";
import { action as staffAction } from "~/routes/staff.data-requests";

const { db } = await createTestDatabase();
const NOW = "2026-06-15T14:00:00-04:00";

function as(p: Person): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

const admin = await makeUser(db, "coach", "Deletion Admin", { admin: true });
const coach = await makeUser(db, "coach", "Lesson Coach");
await db.execute(sql`update users set email_verified = true where id = ${coach.id}`);
const family = await makeFamily(db, "Deleted Lessons");
const book = async (startsAt: string) =>
  (
    await db.execute<{ id: string }>(sql`
      insert into bookings (coach_id, athlete_id, booked_by, kind, starts_at, ends_at, blocked_until, place)
      values (${coach.id}, ${family.athlete.id}, ${family.guardian.id}, 'lesson', ${startsAt}::timestamptz,
        ${startsAt}::timestamptz + interval '1 hour', ${startsAt}::timestamptz + interval '1 hour', 'Fort Dupont')
      returning id`)
  ).rows[0]!.id;
const past = await book("2026-06-01T14:00:00-04:00");
const future = await book("2026-06-20T14:00:00-04:00");
const { rows } = await db.execute<{ id: string }>(sql`
  insert into child_data_requests (athlete_id, asked_by, asked_at, due_by)
  values (${family.athlete.id}, ${family.guardian.id}, '2026-06-14T12:00:00Z', '2026-06-14T12:00:00Z'::timestamptz + interval '30 days') returning id`);

describe("a deletion carried out", () => {
  it("cancels the lessons still to come and tells their coach; a past lesson stays", async () => {
    const r = await call(staffAction as never, {
      request: postForm(
        "/staff/data-requests",
        { intent: "carry-out", requestId: rows[0]!.id, confirmed: "yes" },
        { Origin: "http://localhost:3000" },
      ),
      context: as(admin),
    });
    expect(r).toMatchObject({ status: 200, body: { done: expect.any(String) } });
    const state = async (id: string) =>
      (await db.execute<{ cancelled: boolean }>(sql`select cancelled_at is not null as cancelled from bookings where id = ${id}`)).rows[0]!.cancelled;
    expect(await state(future)).toBe(true);
    expect(await state(past)).toBe(false);
    const { rows: mails } = await db.execute<{ kind: string; text_body: string }>(
      sql`select kind, text_body from mail_outbox where to_address = ${coach.email}`,
    );
    expect(mails.map((m) => m.kind)).toEqual(["booking-coach-cancelled"]);
    expect(mails[0]!.text_body).toContain("Deleted Lessons Kid");
  });
});
