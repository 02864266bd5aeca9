import { verifyPassword } from "better-auth/crypto";
import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, announcements, cancelledDates, conversations, events, users } from "../db/schema";
import { loadConfig } from "../server/config";
import { createTestDatabase } from "../tests/support/test-db";
import { seedDemo } from "./demo-content";
import { getStaffClearance } from "../app/staff/clearance.server";

const config = loadConfig({ NODE_ENV: "test" });
const now = new Date("2026-03-10T15:00:00Z");
const n = async (q: Promise<Array<{ n: number }>>) => (await q)[0]!.n;

describe("npm run demo", () => {
  it("fills a fresh database with marked demo content and accounts whose printed passwords work, once", async () => {
    const { db } = await createTestDatabase();
    const logins = await seedDemo(db, config, { now });
    expect(logins.map((l) => [l.role, l.email])).toEqual([
      ["coach", "coach@demo.example.org"],
      ["family", "rowe.family@demo.example.org"],
      ["family", "okafor.family@demo.example.org"],
    ]);
    for (const l of logins) {
      const [row] = await db
        .select({ hash: accounts.password })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(eq(users.email, l.email));
      expect(await verifyPassword({ hash: row!.hash!, password: l.password })).toBe(true);
    }
    expect((await db.select({ role: users.role }).from(users).where(eq(users.email, "coach@demo.example.org")))[0]!.role).toBe("coach");
    // Cleared (issue 37): the demo coach's Safe Play training and background check were recorded a month before.
    const [coach] = await db.select({ id: users.id }).from(users).where(eq(users.email, "coach@demo.example.org"));
    expect(await getStaffClearance(db, coach!.id, { clock: () => now, timeZone: "America/New_York" })).toMatchObject({
      coach: true,
      clearance: { cleared: true, missing: [], trainingExpiresOn: "2027-02-08", backgroundExpiresOn: "2028-02-08" },
    });
    expect(await db.select({ day: cancelledDates.day }).from(cancelledDates).where(eq(cancelledDates.day, "2026-03-11"))).toHaveLength(1);
    // The starting schedule's sessions had no coach on a new site: the demo coach coaches them, so rosters can be tried.
    const { rows: uncoached } = await db.execute(sql`
      select e.id from events e where e.program_slug is not null
        and not exists (select 1 from session_coaches c join users u on u.id = c.coach_id where c.event_id = e.id and u.email = 'coach@demo.example.org')`);
    expect(uncoached).toEqual([]);
    expect((await db.execute(sql`select count(*)::int as n from events where program_slug is not null`)).rows[0]).not.toEqual({ n: 0 });
    const counts = async () => [
      await n(
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(announcements)
          .where(like(announcements.title, "[Demo]%")),
      ),
      await n(
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(events)
          .where(like(events.title, "[Demo]%")),
      ),
      await n(db.select({ n: sql<number>`count(*)::int` }).from(conversations)),
      await n(db.select({ n: sql<number>`count(*)::int` }).from(users)),
    ];
    expect(await counts()).toEqual([2, 2, 2, 3]);
    await seedDemo(db, config, { now });
    expect(await counts()).toEqual([2, 2, 2, 3]);
  });

  it("refuses a database with real accounts unless forced", async () => {
    const { db } = await createTestDatabase();
    await db.insert(users).values({ id: "real-1", email: "parent@gmail.com", fullName: "Real Parent" });
    await expect(seedDemo(db, config, { now })).rejects.toThrow(
      "this database has 1 real account(s): demo content is for a fresh database (add --force to add it anyway)",
    );
    expect(await db.select().from(announcements).where(like(announcements.title, "[Demo]%"))).toEqual([]);
    expect((await seedDemo(db, config, { now, force: true })).length).toBe(3);
  });
});
