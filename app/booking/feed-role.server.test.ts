// Audit (issue 38): a coach's private calendar feed kept working after the coach role was removed, with other families'
// children's names and lesson notes. A feed ends with the role it was made under: the address answers 404 once the
// role changes, whichever way it is changed (setUserRole: /staff, the command line); a family's own feed is untouched;
// and a feed left from before this rule shows a former coach none of the lessons they gave.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingFeeds, users } from "../../db/schema";
import { updateUserRole } from "~/models/users.server";
import { loader as feedLoader } from "~/routes/lessons.feed.ics";
import { call } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { bookAs, coachB, contextAs, guardian, otherGuardian, otherKid, seedBookingWorld } from "../../tests/support/booking-world";
import { resetFeedSecret } from "./feed.server";

const { db } = await createTestDatabase();
beforeAll(async () => {
  await seedBookingWorld(db);
  // Gina books Kiko with Coach Ana, Otto books Oli with Coach Ben: each with a note only the family and coach read.
  expect((await bookAs(db, guardian, { note: "Kiko is working on his backhand" })).status).toBe(302);
  const withBen = { athleteId: otherKid, coachId: coachB.id, start: "2026-11-27T20:00:00.000Z", note: "Oli has asthma" };
  expect((await bookAs(db, otherGuardian, withBen)).status).toBe(302);
});

const feed = (key: string) =>
  call(feedLoader, { request: new Request(`http://localhost/lessons/feed.ics?key=${key}`), context: contextAs(db, null) });

describe("a coach's private calendar feed", () => {
  it("shows the coach's lessons while they coach, and answers 404 once the coach role is removed", async () => {
    const key = await resetFeedSecret(db, "coach-ana");
    const before = await feed(key);
    expect(before.status).toBe(200);
    expect(before.body).toContain("Kiko Kid");
    expect(before.body).toContain("backhand");

    const familyKey = await resetFeedSecret(db, guardian.id);
    expect(await updateUserRole(db, "coach-ana@example.com", "client")).toBeTruthy();

    const after = await feed(key);
    expect(after.status).toBe(404);
    expect(String(after.body)).not.toContain("Kiko");
    // The family's own feed of the same lesson is not the coach's role: it keeps working.
    const family = await feed(familyKey);
    expect(family.status).toBe(200);
    expect(family.body).toContain("backhand");
  });

  it("left from before the rule, shows a former coach none of the lessons they gave", async () => {
    const key = await resetFeedSecret(db, coachB.id);
    expect((await feed(key)).body).toContain("Oli has asthma");
    // The role changed without setUserRole's ending of the feed (as rows made before this rule were left).
    await db.update(users).set({ role: "client" }).where(eq(users.id, coachB.id));
    expect(await db.select().from(bookingFeeds).where(eq(bookingFeeds.userId, coachB.id))).toHaveLength(1);
    const after = await feed(key);
    expect(String(after.body)).not.toContain("Oli");
    expect(String(after.body)).not.toContain("asthma");
  });
});
