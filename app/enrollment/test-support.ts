// Fixtures for enrollment's integration tests (not shipped: only *.test.ts files import it): people, families as
// households, sessions of a program, and the services the functions take.
import crypto from "node:crypto";
import type { Db } from "../../db/client";
import { sql } from "drizzle-orm";
import { events, sessionCoaches, users } from "../../db/schema";
import { getHouseholdOf } from "~/family/index.server";
import { joinAsGuardian } from "~/family/index.server";
import { confirmHousehold } from "~/family/index.server";
import { clearCoach } from "../../tests/support/cleared";
import { parseQuietHours } from "~/safe-play/safe-play";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { EnrollmentServices } from "./mails.server";

export const afternoon = (now = "2026-06-15T14:00:00-04:00"): SafePlaySettings => ({
  timeZone: "America/New_York",
  quietHours: parseQuietHours("20:00-08:00")!,
  clock: () => new Date(now),
});

export function servicesFor(db: Db, safePlay: SafePlaySettings = afternoon()): EnrollmentServices {
  return {
    db,
    secret: "x".repeat(40),
    config: {
      publicUrl: "http://localhost:3000",
      site: { orgName: "Test Tennis", phone: "(202) 555-0147", email: "info@test-tennis.example.org", timeZone: "America/New_York" },
      mail: {},
      safePlay,
    },
  };
}

export type Person = { id: string; email: string; fullName: string; role: "client" | "coach" };

export async function makeUser(db: Db, role: "client" | "coach", fullName: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<Person> {
  const id = crypto.randomUUID();
  const email = `${fullName.split(" ")[0]!.toLowerCase()}-${id.slice(0, 8)}@example.com`;
  await db.insert(users).values({ id, email, fullName, role, emailVerified: true, dateOfBirth: role === "client" ? "1980-01-01" : null, ...extra });
  if (role === "coach") await clearCoach(db, id);
  return { id, email, fullName, role };
}

/** A guardian and their athlete (born `dob`) in one household, confirmed by staff. */
export async function makeFamily(db: Db, name: string, dob = "2013-05-01", settings: SafePlaySettings = afternoon()) {
  const guardian = await makeUser(db, "client", `${name} Parent`, { phone: "202-555-0100" });
  const athlete = await makeUser(db, "client", `${name} Kid`, { clientKind: "athlete", dateOfBirth: dob });
  await db.transaction((tx) => joinAsGuardian(tx, { athleteId: athlete.id, guardianId: guardian.id, actorId: guardian.id, how: "test" }, settings));
  const staff = await makeUser(db, "coach", `Staff ${name}`);
  await confirmHousehold(db, (await getHouseholdOf(db, athlete.id))!.householdId, staff.id, "met at the evaluation", settings);
  return { guardian, athlete };
}

/**
 * A weekly session of the fall program (Tuesdays and Thursdays, 16:30-18:00), `capacity` places, coached by `coaches`
 * (by default every coach there is now, as the migration gave sessions no profile named; pass a list to narrow it).
 */
export async function makeSession(db: Db, capacity: number | null, extra: Partial<typeof events.$inferInsert> = {}, coaches?: string[]) {
  const [row] = await db
    .insert(events)
    .values({
      title: "Level-5 Youth Clinic",
      kind: "weekly",
      weekdays: [2, 4],
      startsOn: "2026-01-01",
      endsOn: "2026-12-31",
      startTime: "16:30",
      endTime: "18:00",
      place: "Fort Dupont, Washington, DC",
      programSlug: "fall",
      capacity,
      ...extra,
    })
    .returning({ id: events.id });
  if (coaches === undefined)
    await db.execute(sql`insert into session_coaches (event_id, coach_id) select ${row!.id}::uuid, id from users where role = 'coach'`);
  else if (coaches.length) await db.insert(sessionCoaches).values(coaches.map((coachId) => ({ eventId: row!.id, coachId })));
  return row!.id;
}

export const onCourt = (athleteId: string) => ({
  athleteId,
  medicalNotes: "Peanut allergy: EpiPen in the blue bag",
  pickupPeople: "Grandma Rosa",
  photoConsent: true,
  emergencyName: "Rosa Diaz",
  emergencyPhone: "202-555-0188",
});
