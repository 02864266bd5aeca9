// Personal data reaches only confirmed addresses (decision 0024): anyone can sign up with a family's address, so the
// forms sent from that address join the account's data, and coaches' labels, only once the account confirmed it.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { contactMessages, registrationRequests, users } from "../../db/schema";
import { call, contextFor } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { UNVERIFIED_FORMS_NOTE } from "~/account/account.server";
import { loader as appointmentsLoader } from "./appointments.requests";
import { loader as dataLoader } from "./account.data";
import { loader as myDataLoader } from "./account.my-data";

const { db } = await createTestDatabase();

type Person = { id: string; email: string; fullName: string; role: "client" | "coach" };
async function makeUser(role: "client" | "coach", fullName: string, email: string): Promise<Person> {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, email, fullName, role, clientKind: "guardian", dateOfBirth: "1980-01-01" });
  return { id, email, fullName, role };
}
function as(p: Person): AppLoadContext {
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role } };
  return { ...contextFor(db, "client"), auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const registration = (email: string, studentName: string, submittedBy: string | null = null) => ({
  studentName,
  age: 12,
  skillLevel: "Beginner",
  programInterest: "Summer Camp",
  parentName: "Rosa Real",
  email,
  phone: "202-555-0100",
  emergencyContact: "Aunt Ana, 202-555-0111",
  submittedBy,
});

type Export = {
  formsNote?: string;
  registrationRequests: Array<{ studentName: string; emergencyContact: string }>;
  contactMessages: Array<{ message: string }>;
};

describe("forms sent from an address, and an account that has not confirmed it", () => {
  it("the export holds only what the person sent signed in, says why, and holds the rest once the address is confirmed", async () => {
    const familyAddress = `family-${crypto.randomBytes(4).toString("hex")}@example.com`;
    // The real family sends the forms, with their child's details.
    await db.insert(registrationRequests).values(registration(familyAddress, "Rita Real"));
    await db.insert(contactMessages).values({ name: "Rosa Real", email: familyAddress, message: "Rita has asthma; her inhaler is in her bag." });
    // A stranger signs up with the family's address and does not (cannot) confirm it; they send one form signed in.
    const stranger = await makeUser("client", "Sly Stranger", familyAddress.toUpperCase());
    await db.insert(registrationRequests).values(registration(familyAddress, "Sly's Own Kid", stranger.id));

    for (const loader of [myDataLoader, dataLoader]) {
      const res = await call(loader as never, { request: new Request("http://localhost/account/my-data"), context: as(stranger) });
      expect(res.status).toBe(200);
      const body = (typeof res.body === "string" ? JSON.parse(res.body) : res.body) as Export;
      expect(body.registrationRequests.map((r) => r.studentName)).toEqual(["Sly's Own Kid"]);
      expect(body.contactMessages).toEqual([]);
      expect(body.formsNote).toBe(UNVERIFIED_FORMS_NOTE);
      expect(JSON.stringify(body)).not.toContain("inhaler");
    }
    expect(UNVERIFIED_FORMS_NOTE).toContain("Confirming your email address adds the registration and contact forms sent from it.");

    // The owner of the address confirms it (the link reached them): the forms sent from it are theirs to see.
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, stranger.id));
    const confirmed = (await call(myDataLoader as never, { request: new Request("http://localhost/account/my-data"), context: as(stranger) }))
      .body as Export;
    expect(confirmed.registrationRequests.map((r) => r.studentName).sort()).toEqual(["Rita Real", "Sly's Own Kid"]);
    expect(confirmed.contactMessages.map((m) => m.message)).toEqual(["Rita has asthma; her inhaler is in her bag."]);
    expect(confirmed.formsNote).toBeUndefined();
  });

  it("coaches see a form labelled with an account only when that account confirmed the address", async () => {
    const address = `labelled-${crypto.randomBytes(4).toString("hex")}@example.com`;
    await db.insert(registrationRequests).values(registration(address, "Lara Label"));
    const signedUp = await makeUser("client", "Unconfirmed Person", address);
    const coach = await makeUser("coach", "Coach Carla", `coach-${crypto.randomBytes(4).toString("hex")}@example.com`);
    const labels = async () =>
      (
        (await call(appointmentsLoader as never, { request: new Request("http://localhost/appointments/requests"), context: as(coach) })).body as {
          labels: Record<string, unknown>;
        }
      ).labels;
    expect((await labels())[address]).toBeUndefined();
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, signedUp.id));
    expect((await labels())[address]).toMatchObject({ kind: "guardian" });
  });
});
