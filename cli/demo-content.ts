// The demo content `npm run demo` puts into a database: clearly marked, so nobody mistakes it for the real thing.
import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, not, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import { accounts, announcements, coachProfiles, events, users } from "../db/schema";
import { startConversation, createMessage } from "../app/messaging/index.server";
import { cancelDay } from "../app/calendar/index.server";
import { addSessionCoach } from "../app/programs/index.server";
import { dayInZone, addDays } from "../app/lib/datetime";
import type { Config } from "../server/config";

export const DEMO_DOMAIN = "demo.example.org";

const PEOPLE = [
  { key: "coach", email: `coach@${DEMO_DOMAIN}`, fullName: "Demo Coach Vega", role: "coach", phone: "(202) 555-0101" },
  { key: "family1", email: `rowe.family@${DEMO_DOMAIN}`, fullName: "Demo Family Rowe", role: "client", phone: "(202) 555-0102" },
  { key: "family2", email: `okafor.family@${DEMO_DOMAIN}`, fullName: "Demo Family Okafor", role: "client", phone: "(202) 555-0103" },
] as const;

export class RealAccountsError extends Error {}

/** How many accounts the database has that are not the demo's. */
export async function countRealAccounts(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(not(sql`lower(${users.email}) like ${`%@${DEMO_DOMAIN}`}`));
  return row!.n;
}

/**
 * Adds the demo accounts (new passwords each run), two conversations, announcements, an event and a cancellation
 * tomorrow. Refuses a database with real accounts unless `force`. Running it twice adds no second copy.
 */
export async function seedDemo(db: Db, config: Config, options: { force?: boolean; now?: Date } = {}) {
  const real = await countRealAccounts(db);
  if (real > 0 && !options.force) {
    throw new RealAccountsError(`this database has ${real} real account(s): demo content is for a fresh database (add --force to add it anyway)`);
  }
  const now = options.now ?? new Date();
  const logins: Array<{ role: string; email: string; password: string }> = [];
  const ids: Record<string, string> = {};
  for (const p of PEOPLE) {
    const password = `demo-${crypto.randomBytes(4).toString("hex")}`;
    const hash = await hashPassword(password);
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, p.email));
    const id = existing?.id ?? crypto.randomUUID();
    if (existing) {
      await db
        .update(accounts)
        .set({ password: hash })
        .where(and(eq(accounts.userId, id), eq(accounts.providerId, "credential")));
    } else {
      await db.insert(users).values({
        id,
        email: p.email,
        emailVerified: true,
        fullName: p.fullName,
        phone: p.phone,
        role: p.role,
        notifyChanges: p.role === "client",
      });
      await db.insert(accounts).values({ id: crypto.randomUUID(), userId: id, accountId: id, providerId: "credential", password: hash });
    }
    ids[p.key] = id;
    logins.push({ role: p.role === "coach" ? "coach" : "family", email: p.email, password });
  }

  const coach = { id: ids.coach!, role: "coach" as const };
  // The demo coach is cleared (issue 37): Safe Play training and background check recorded a month ago, so rosters,
  // families' details and messages with the demo minors can be tried.
  const checked = addDays(dayInZone(now, config.site.timeZone), -30);
  await db
    .insert(coachProfiles)
    .values({ userId: coach.id, safePlayCheckedOn: checked, backgroundCheckedOn: checked })
    .onConflictDoUpdate({ target: coachProfiles.userId, set: { safePlayCheckedOn: checked, backgroundCheckedOn: checked, updatedAt: now } });
  for (const [family, lines] of [
    [
      "family1",
      ["Hi! Is the Level-5 clinic a good start for an 8-year-old?", "Yes: racquets are provided and no experience is needed. See you Tuesday!"],
    ],
    ["family2", ["Could we book a private lesson this Friday?", "Friday at 4 PM works. Please bring water and sneakers."]],
  ] as const) {
    const conversation = await startConversation(db, coach, ids[family]!);
    if (!conversation.created) continue;
    await createMessage(db, { conversationId: conversation.id, senderId: ids[family]!, content: `[Demo] ${lines[0]}` });
    await createMessage(db, { conversationId: conversation.id, senderId: ids.coach!, content: `[Demo] ${lines[1]}` });
  }

  const [{ n: demoPosts }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(announcements)
    .where(sql`${announcements.title} like '[Demo]%'`)) as [{ n: number }];
  if (demoPosts === 0) {
    await db.insert(announcements).values([
      {
        title: "[Demo] Welcome to the demo site",
        body: "This post is **demo content** made by `npm run demo`.\n\n- Sign in as the demo coach to edit or delete it\n- Or write a new one above the list",
        pinned: true,
        createdBy: ids.coach!,
      },
      {
        title: "[Demo] Family Fun Day next week",
        body: "Bring the whole family: games, a round-robin and snacks. See the [calendar](/calendar).",
        createdBy: ids.coach!,
      },
    ]);
  }
  const today = dayInZone(now, config.site.timeZone);
  const [{ n: demoEvents }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(sql`${events.title} like '[Demo]%'`)) as [{ n: number }];
  if (demoEvents === 0) {
    await db.insert(events).values([
      {
        title: "[Demo] Family Fun Day",
        kind: "date",
        onDate: addDays(today, 7),
        startTime: "10:00",
        endTime: "13:00",
        place: "Anacostia Park courts",
        note: "Demo content: all ages",
        hasRegister: true,
        position: 0,
      },
      {
        title: "[Demo] Winter indoor clinic",
        kind: "weekly",
        weekdays: [3],
        startTime: "17:00",
        endTime: "18:30",
        place: "Demo Recreation Center",
        note: "Demo content: ages 10-14",
        hasRegister: true,
        position: 100,
      },
    ]);
  }
  // The program sessions nobody coaches yet (the starting schedule's, on a new site) get the demo coach, so their
  // rosters, attendance and evaluations can be tried; sessions that have coaches are left as they are.
  const uncoached = await rows(
    db,
    z.object({ id: z.string() }),
    sql`
    select e.id from events e where e.program_slug is not null
      and not exists (select 1 from session_coaches c where c.event_id = e.id)`,
  );
  for (const { id } of uncoached) await addSessionCoach(db, id, ids.coach!);
  // Demo cancellations mail nobody (secret: null): --force may run this on a site with real families.
  await cancelDay({ db, config, secret: null }, { day: addDays(today, 1), note: "[Demo] Courts closed for resurfacing." }, ids.coach!);
  return logins;
}
