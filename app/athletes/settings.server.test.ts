// /athletes/settings (issue 42) through its loader and action with a real PostgreSQL: an administrator adds, renames
// and retires skills in both languages and marks sessions tennis, education or both; the hours on an athlete's page
// follow the kind. Coaches, education staff and families are refused and change nothing; a taken name is answered
// beside the field.
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { attendanceMarks, events } from "../../db/schema";
import { athleteSkills, educationStaff } from "../../db/schema-athletes";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeFamily, makeSession, makeUser, type Person } from "~/enrollment/test-support";
import * as settings from "~/routes/athletes.settings";
import { getActiveSkills, getAttendance } from "./path.server";

const { db } = await createTestDatabase();
const admin = await makeUser(db, "client", "Ama Admin", { admin: true });
const coach = await makeUser(db, "coach", "Cody Settings");
const tutor = await makeUser(db, "client", "Teo Tutor");
await db.insert(educationStaff).values({ userId: tutor.id });
const family = await makeFamily(db, "Settings");
const session = await makeSession(db, 10, {}, [coach.id]); // 16:30-18:00: 1.5 h
await db.insert(attendanceMarks).values({
  eventId: session,
  athleteId: family.athlete.id,
  day: "2026-03-03",
  present: true,
  clientId: crypto.randomUUID(),
  markedAt: new Date(),
});

const as = (p: Person) =>
  ({
    ...contextFor(db, "visitor"),
    auth: { api: { getSession: async () => ({ user: { id: p.id, email: p.email, name: p.fullName, role: p.role } }) } },
  }) as unknown as AppLoadContext;
const post = (who: Person, fields: Record<string, string>) =>
  call(settings.action, { request: postForm("/athletes/settings", fields), context: as(who) });

describe("/athletes/settings", () => {
  it("is the administrator's: coaches, education staff and families are refused and change nothing", async () => {
    const skills = await db.select().from(athleteSkills);
    for (const who of [coach, tutor, family.guardian]) {
      expect((await call(settings.loader, { request: new Request("http://localhost/athletes/settings"), context: as(who) })).status).toBe(403);
      expect((await post(who, { intent: "add-skill", name: "Footwork", nameEs: "Juego de pies" })).status).toBe(403);
      expect((await post(who, { intent: "session-kind", eventId: session, kind: "education" })).status).toBe(403);
    }
    expect(await db.select().from(athleteSkills)).toEqual(skills);
    expect(await getAttendance(db, family.athlete.id)).toMatchObject({ tennisHours: 1.5, educationHours: 0 });
  });

  it("adds, renames and retires skills in both languages; a name taken is answered beside the field", async () => {
    expect((await post(admin, { intent: "add-skill", name: "Footwork", nameEs: "Juego de pies" })).status).toBe(302);
    expect((await getActiveSkills(db, "es")).map((s) => s.name)).toContain("Juego de pies");
    const taken = await post(admin, { intent: "add-skill", name: "forehand", nameEs: "Derecha" });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ fieldErrors: { name: "A skill with this name exists already." } });
    const empty = await post(admin, { intent: "add-skill", name: "Lob", nameEs: "" });
    expect(empty.body).toMatchObject({ fieldErrors: { nameEs: "Enter the skill's name in English and in Spanish (up to 60 characters)." } });
    const footwork = (await getActiveSkills(db, "en")).find((s) => s.name === "Footwork")!;
    expect(
      (await post(admin, { intent: "rename-skill", skillId: footwork.id, name: "Footwork and balance", nameEs: "Juego de pies y equilibrio" }))
        .status,
    ).toBe(302);
    expect((await post(admin, { intent: "retire-skill", skillId: footwork.id })).status).toBe(302);
    expect((await getActiveSkills(db, "en")).map((s) => s.name)).not.toContain("Footwork and balance");
    expect((await post(admin, { intent: "retire-skill", skillId: crypto.randomUUID() })).status).toBe(404);
  });

  it("marks a session education or both, and the athlete's hours follow", async () => {
    expect((await post(admin, { intent: "session-kind", eventId: session, kind: "both" })).status).toBe(302);
    expect(await getAttendance(db, family.athlete.id)).toMatchObject({ tennisHours: 0.8, educationHours: 0.8 }); // 0.75 each, one decimal
    expect((await post(admin, { intent: "session-kind", eventId: session, kind: "education" })).status).toBe(302);
    expect(await getAttendance(db, family.athlete.id)).toMatchObject({ tennisHours: 0, educationHours: 1.5 });
    expect((await post(admin, { intent: "session-kind", eventId: session, kind: "chess" })).body).toMatchObject({
      fieldErrors: { kind: "Choose tennis, education or both." },
    });
    const [notAProgram] = await db.insert(events).values({ title: "Open day", kind: "date", onDate: "2026-05-01" }).returning({ id: events.id });
    expect((await post(admin, { intent: "session-kind", eventId: notAProgram!.id, kind: "education" })).status).toBe(404);
  });
});
