// The profile form's save (saveProfile) against a real PostgreSQL: a coach's name is shown to every family they
// message, so it obeys the testimonials' contact-details rule; refused beside the field, with nothing changed.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import { saveProfile } from "./account-settings.server";
import { COACH_NAME_CONTACT_DETAILS_MESSAGE, updateUserRole } from "~/models/users.server";

const { db } = await createTestDatabase();
const context = { db } as unknown as AppLoadContext;

async function makeUser(role: "client" | "coach", fullName: string) {
  const id = crypto.randomUUID();
  const email = `${id}@example.com`;
  await db.insert(users).values({ id, email, fullName, role, phone: "(202) 555-0111" });
  return { id, email };
}
const row = async (id: string) => (await db.select({ fullName: users.fullName, phone: users.phone }).from(users).where(eq(users.id, id)))[0];

describe("saveProfile", () => {
  it.each([
    "Coach Cora 202-555-0199",
    "Cora (cora@example.com)",
    "Cora cora at gmail dot com",
    "Cora @coracoach",
    "Cora | insta: cora.tennis",
    "Cora www.cora.tennis",
    "Cora coratennis.com",
  ])("refuses a coach's name with contact details beside the field (%s), and changes nothing", async (fullName) => {
    const coach = await makeUser("coach", "Cora Coach");
    expect(await saveProfile(context, coach.id, { fullName, phone: "(202) 555-0122" })).toEqual({
      ok: false,
      status: 400,
      error: COACH_NAME_CONTACT_DETAILS_MESSAGE,
      field: "fullName",
    });
    expect(await row(coach.id)).toEqual({ fullName: "Cora Coach", phone: "(202) 555-0111" });
  });

  it("saves a coach's plain name, and the phone beside it (the phone field is for staff, not shown to families)", async () => {
    const coach = await makeUser("coach", "Cora Coach");
    expect(await saveProfile(context, coach.id, { fullName: "Cora O'Neil-Vega Jr.", phone: "(202) 555-0122" })).toEqual({ ok: true });
    expect(await row(coach.id)).toEqual({ fullName: "Cora O'Neil-Vega Jr.", phone: "(202) 555-0122" });
  });

  it("reads the role from the database: a client made a coach since signing in is held to the rule", async () => {
    const person = await makeUser("client", "Sam Later");
    expect(await saveProfile(context, person.id, { fullName: "Sam Later" })).toEqual({ ok: true });
    expect(await updateUserRole(db, person.email, "coach")).toMatchObject({ id: person.id, role: "coach" });
    expect(await saveProfile(context, person.id, { fullName: "Sam 202 555 0100" })).toMatchObject({ ok: false, status: 400, field: "fullName" });
    expect((await row(person.id))!.fullName).toBe("Sam Later");
  });

  it("leaves clients' names to the rules they had (the rule is about what a coach shows families)", async () => {
    const client = await makeUser("client", "Pat Parent");
    expect(await saveProfile(context, client.id, { fullName: "Pat 202-555-0133" })).toEqual({ ok: true });
  });
});

describe("updateUserRole", () => {
  it("does not make someone a coach while their name has contact details, and changes nothing", async () => {
    const person = await makeUser("client", "Sam snap: samtennis");
    expect(await updateUserRole(db, person.email.toUpperCase(), "coach")).toEqual({ refused: "coach-name", fullName: "Sam snap: samtennis" });
    expect((await db.select({ role: users.role }).from(users).where(eq(users.id, person.id)))[0]!.role).toBe("client");
    expect(await updateUserRole(db, person.email, "client")).toMatchObject({ role: "client" });
    expect(await updateUserRole(db, "nobody@example.com", "coach")).toBeNull();
  });
});
