// The world the booking tests share: coaches Ana (Fridays 15:00-19:00 and Thursdays 10:00-12:00, 60-minute lessons
// and 15 minutes after) and Ben (Fridays 15:00-17:00); Gina, guardian of Kiko (13, no login) and Tara (15, her own
// login); Otto, guardian of Oli; Ada, an adult athlete; Milo, a minor athlete alone. The clock is set through
// configuration (SAFE_PLAY_NOW), as the server reads it. Not a test file: the tests import it.
import { and, eq, sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import type { AppLoadContext } from "react-router";
import { expect } from "vitest";
import type { Db } from "../../db/client";
import { accounts, bookings, bookingWindows, householdMembers, households, mailCalendarParts, mailOutbox, users } from "../../db/schema";
import { call, postForm } from "./route-context";
import { loadConfig } from "../../server/config";
import { action as lessonsAction } from "~/routes/lessons";
import { action as availabilityAction } from "~/routes/appointments.availability";

// Wednesday 2026-11-25, noon in New York. Friday the 27th is two days ahead; Thursday 11:00 is under 24 hours.
export const NOW = "2026-11-25T12:00:00-05:00";
export const FRIDAY_4PM = "2026-11-27T21:00:00.000Z";

export type Who = { id: string; role: "client" | "coach" };
export function contextAs(db: Db, who: Who | null, now = NOW): AppLoadContext {
  const config = loadConfig({ NODE_ENV: "test", SAFE_PLAY_NOW: now, PUBLIC_URL: "http://localhost:3999", CONTACT_PHONE: "(202) 555-0147" });
  const session = who ? { user: { id: who.id, email: `${who.id}@example.com`, name: who.id, role: who.role } } : null;
  return { db, config, secret: "s".repeat(40), auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

export const coachA: Who = { id: "coach-ana", role: "coach" };
export const coachB: Who = { id: "coach-ben", role: "coach" };
export const guardian: Who = { id: "gina", role: "client" };
export const otherGuardian: Who = { id: "otto", role: "client" };
export const adult: Who = { id: "ada", role: "client" };
export const minorAlone: Who = { id: "milo", role: "client" };
export const kid = "kiko"; // Gina's son, 13, no login
export const teen = "tara"; // Gina's daughter, 15, with her own login
export const otherKid = "oli"; // Otto's son

/** The people, their households and the coaches' availability, posted through the coach's page. */
export async function seedBookingWorld(db: Db) {
  const household = async (members: Array<[string, "guardian" | "athlete"]>) => {
    const [h] = await db.insert(households).values({}).returning({ id: households.id });
    await db.insert(householdMembers).values(members.map(([userId, role]) => ({ householdId: h!.id, userId, role })));
  };
  const person = (id: string, fullName: string, extra: Partial<typeof users.$inferInsert> = {}) => ({
    id,
    email: `${id}@example.com`,
    fullName,
    emailVerified: true,
    ...extra,
  });
  await db
    .insert(users)
    .values([
      person("coach-ana", "Coach Ana", { role: "coach", phone: "202-555-0101" }),
      person("coach-ben", "Coach Ben", { role: "coach" }),
      person("gina", "Gina Guardian", { phone: "(202) 555-0123" }),
      person("otto", "Otto Other", { locale: "es" }),
      person("ada", "Ada Adult", { clientKind: "athlete", dateOfBirth: "2000-01-01" }),
      person("milo", "Milo Minor", { clientKind: "athlete", dateOfBirth: "2012-05-05" }),
      person("kiko", "Kiko Kid", { clientKind: "athlete", dateOfBirth: "2013-02-02", email: "athlete-kiko@no-login.invalid", emailVerified: false }),
      person("tara", "Tara Teen", { clientKind: "athlete", dateOfBirth: "2011-03-03" }),
      person("oli", "Oli Other", { clientKind: "athlete", dateOfBirth: "2014-04-04" }),
    ]);
  await db.insert(accounts).values(
    ["gina", "otto", "ada", "milo", "tara", "coach-ana", "coach-ben"].map((id) => ({
      id: `acc-${id}`,
      userId: id,
      accountId: id,
      providerId: "credential",
    })),
  );
  await household([
    ["gina", "guardian"],
    [kid, "athlete"],
    [teen, "athlete"],
  ]);
  await household([
    ["otto", "guardian"],
    [otherKid, "athlete"],
  ]);
  // Coach Ana: Fridays 15:00-19:00, lessons of 60 minutes with 15 minutes after; Thursdays 10:00-12:00.
  const forms: Array<[string, Record<string, string | string[]>]> = [
    ["settings", { intent: "settings", lessonMinutes: ["60"], bufferMinutes: "15" }],
    ["window", { intent: "add-window", kind: "lesson", weekday: "5", startTime: "15:00", endTime: "19:00", place: "Fort Stanton Park" }],
    ["window", { intent: "add-window", kind: "lesson", weekday: "4", startTime: "10:00", endTime: "12:00", place: "Fort Stanton Park" }],
  ];
  for (const [path, fields] of forms) {
    const res = await call(availabilityAction, { request: postForm("/appointments/availability", fields), context: contextAs(db, coachA) });
    expect(res.status, path).toBe(302);
  }
  await db
    .insert(bookingWindows)
    .values({ coachId: "coach-ben", kind: "lesson", weekday: 5, startTime: "15:00", endTime: "17:00", place: "Anacostia Park" });
}

export const bookAs = (db: Db, who: Who, fields: Partial<Record<string, string>>, now = NOW) =>
  call(lessonsAction, {
    request: postForm("/lessons", {
      intent: "book",
      athleteId: kid,
      coachId: coachA.id,
      kind: "lesson",
      minutes: "60",
      start: FRIDAY_4PM,
      ...(fields as Record<string, string>),
    }),
    context: contextAs(db, who, now),
  });

export const activeBookings = async (db: Db) =>
  db
    .select()
    .from(bookings)
    .where(sql`${bookings.cancelledAt} is null`);

export async function invitationMailed(db: Db, bookingId: string, to: string, method: "REQUEST" | "CANCEL") {
  const rows = await db
    .select({ content: mailCalendarParts.content, subject: mailOutbox.subject })
    .from(mailCalendarParts)
    .innerJoin(mailOutbox, eq(mailOutbox.id, mailCalendarParts.mailId))
    .where(
      and(eq(mailOutbox.toAddress, to), eq(mailCalendarParts.method, method), sql`${mailCalendarParts.content} like ${`%booking-${bookingId}@%`}`),
    );
  expect(rows, `${method} to ${to}`).toHaveLength(1);
  const parsed = ical.sync.parseICS(rows[0]!.content);
  const event = Object.values(parsed).find((c) => c?.type === "VEVENT") as VEvent;
  return { event, raw: rows[0]!.content, subject: rows[0]!.subject };
}
