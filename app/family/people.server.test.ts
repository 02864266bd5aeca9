// People and words (issue 39) through the routes, against a real database: the guardian's phone at sign-up and on
// /account/family (checked, kept in one form, a bad one refused beside its field and nothing changed), the sign-in
// page naming where the confirmation mail went, a staff invitation's sign-up, the answers grant forms ask (only who
// acts for the athlete), and a coach who is not the family's reading no phone.
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { athleteDemographics, staffInvitations, users } from "../../db/schema";
import { call, contextWithAuth } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeFamily, makeUser, type Person } from "~/enrollment/test-support";
import { getCoachBookings } from "~/booking/index.server";
import { action as familyAction, loader as familyLoader } from "~/routes/account.family";
import { loader as signInLoader } from "~/routes/signin";
import { action as signUpAction, loader as signUpLoader } from "~/routes/signup";
import { getPhoneNeed } from "./guardian-phone.server";

const { db } = await createTestDatabase();
const auth = contextWithAuth(db);
const origin = "http://localhost:3999";

/** The context of `p` signed in (only the session lookup stood in for), or a visitor's. */
function as(p: Person | null): AppLoadContext {
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } } : null;
  return { ...auth, auth: { ...auth.auth, api: { ...auth.auth.api, getSession: async () => session } } } as unknown as AppLoadContext;
}
const post = (path: string, fields: Record<string, string>, cookie = "") =>
  new Request(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", origin, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
const address = (name: string) => `${name}-${crypto.randomBytes(3).toString("hex")}@example.com`;
const rowOf = async (email: string) => (await db.select({ phone: users.phone, kind: users.clientKind }).from(users).where(eq(users.email, email)))[0];

describe("sign-up (issue 39)", () => {
  const fields = (email: string, phone: string) => ({
    fullName: "Marisol Gómez",
    email,
    password: "secret12",
    phone,
    kind: "guardian",
    dateOfBirth: "1988-04-02",
  });

  it("keeps the guardian's phone in one form, and sign-in then says where the confirmation mail went", async () => {
    const email = address("marisol");
    const r = await call(signUpAction, { request: post("/signup", fields(email, "202.555.0143")), context: auth });
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/signin");
    expect(r.headers.get("location")).not.toContain("@");
    expect((await rowOf(email))?.phone).toBe("(202) 555-0143");
    const cookie = r.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const page = await call(signInLoader, { request: new Request(`${origin}/signin`, { headers: { cookie } }), context: as(null) });
    expect((page.body as { signedUp: { email: string } | null }).signedUp?.email).toBe(email);
    const fresh = await call(signInLoader, { request: new Request(`${origin}/signin`), context: as(null) });
    expect((fresh.body as { signedUp: unknown }).signedUp).toBeNull();
  });

  it("refuses a number a coach could not call beside the field, and creates nothing", async () => {
    const email = address("seven");
    const r = await call(signUpAction, { request: post("/signup", fields(email, "555-0143")), context: auth });
    expect(r.status).toBe(400);
    expect((r.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      phone: "Enter a US number with its area code, such as (202) 555-0123, or a number from another country starting with + and its country code.",
    });
    expect(await rowOf(email)).toBeUndefined();
    // Optional: no phone is fine.
    const none = await call(signUpAction, { request: post("/signup", fields(address("nophone"), "")), context: auth });
    expect(none.status).toBe(302);
  });

  it("fills in a staff invitation's address and does not ask the invited coach 'parent or student-athlete'", async () => {
    const admin = await makeUser(db, "client", "Ines Admin", { admin: true });
    const invited = address("coach-invited");
    const token = crypto.randomBytes(16).toString("hex");
    await db.insert(staffInvitations).values({
      email: invited,
      tokenHash: crypto.createHash("sha256").update(token).digest("hex"),
      inviterId: admin.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const redirectTo = `/staff/invitation?token=${token}`;
    const page = await call(signUpLoader, { request: new Request(`${origin}/signup?${new URLSearchParams({ redirectTo })}`), context: as(null) });
    expect((page.body as { staffInvitation: { email: string } | null }).staffInvitation).toEqual({ email: invited });
    const other = await call(signUpAction, {
      request: post("/signup", { fullName: "Coach Ola", email: address("elsewhere"), password: "secret12", dateOfBirth: "1990-01-01", redirectTo }),
      context: auth,
    });
    expect(other.status).toBe(400);
    expect((other.body as { fieldErrors: Record<string, string> }).fieldErrors.email).toBe(`Use the address the invitation was sent to: ${invited}`);
    const ok = await call(signUpAction, {
      request: post("/signup", { fullName: "Coach Ola", email: invited, password: "secret12", dateOfBirth: "1990-01-01", redirectTo }),
      context: auth,
    });
    expect(ok.status).toBe(302);
    expect((await rowOf(invited))?.kind).toBe("guardian");
    // Without a valid invitation the question is asked as always.
    const plain = await call(signUpAction, {
      request: post("/signup", {
        fullName: "No Answer",
        email: address("plain"),
        password: "secret12",
        dateOfBirth: "1990-01-01",
        redirectTo: "/staff/invitation?token=nope",
      }),
      context: auth,
    });
    expect(Object.keys((plain.body as { fieldErrors: Record<string, string> }).fieldErrors)).toEqual(["kind"]);
  });
});

describe("/account/family (issue 39)", () => {
  const family = (p: Person, fields: Record<string, string>) => call(familyAction, { request: post("/account/family", fields), context: as(p) });

  it("asks for the phone when a coach waits for it, keeps it in one form and refuses a bad one unchanged", async () => {
    const { guardian, athlete } = await makeFamily(db, "Phoneless");
    await db.update(users).set({ phone: null }).where(eq(users.id, guardian.id));
    const coach = await makeUser(db, "coach", "Coach Phoneless");
    const start = new Date(Date.now() + 2 * 86_400_000);
    await db.execute(sql`
      insert into bookings (coach_id, athlete_id, booked_by, kind, starts_at, ends_at, blocked_until, place)
      values (${coach.id}, ${athlete.id}, ${guardian.id}, 'lesson', ${start.toISOString()}, ${new Date(start.getTime() + 3_600_000).toISOString()},
        ${new Date(start.getTime() + 3_600_000).toISOString()}, 'Court 1')`);
    expect(await getPhoneNeed(db, guardian.id, new Date())).toEqual({ phone: null, coachesNeedIt: true });
    const page = await call(familyLoader, { request: new Request(`${origin}/account/family`), context: as(guardian) });
    expect((page.body as { people: { phone: unknown } }).people.phone).toEqual({ phone: null, coachesNeedIt: true });

    const bad = await family(guardian, { intent: "guardian-phone", phone: "call me" });
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors.phone).toBe("Please enter a valid phone number");
    expect((await rowOf(guardian.email))?.phone).toBeNull();

    const ok = await family(guardian, { intent: "guardian-phone", phone: "+1 202 555 0177" });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, intent: "guardian-phone" });
    expect((ok.body as { message: string }).message).toBe("Saved: your coaches can now reach you at (202) 555-0177.");
    expect(await getPhoneNeed(db, guardian.id, new Date())).toEqual({ phone: "(202) 555-0177", coachesNeedIt: false });

    // The coach of the booking reads it; another coach's list has nothing of this family.
    const window = [new Date(), new Date(Date.now() + 7 * 86_400_000)] as const;
    const mine = await getCoachBookings(db, coach.id, ...window, "en");
    expect(mine.flatMap((b) => b.guardians)).toEqual([{ name: "Phoneless Parent", phone: "(202) 555-0177" }]);
    const stranger = await makeUser(db, "coach", "Coach Stranger");
    expect(JSON.stringify(await getCoachBookings(db, stranger.id, ...window, "en"))).not.toContain("555-0177");
  });

  it("keeps a guardian's optional answers for their athlete, refuses another family and a bad ZIP, and keeps nothing when all is skipped", async () => {
    const { guardian, athlete } = await makeFamily(db, "Answers");
    const { guardian: other } = await makeFamily(db, "Stranger");
    const answers = {
      intent: "demographics",
      athleteId: athlete.id,
      gender: "female",
      zip: "20019-1234",
      school: " Garfield ",
      grade: "4",
      schoolLunch: "free",
    };
    const refused = await family(other, answers);
    expect(refused.status).toBe(403);
    expect(await db.select().from(athleteDemographics).where(eq(athleteDemographics.athleteId, athlete.id))).toEqual([]);

    const badZip = await family(guardian, { ...answers, zip: "2001" });
    expect(badZip.status).toBe(400);
    expect(badZip.body).toMatchObject({ ok: false, values: { athleteId: athlete.id } });
    expect((badZip.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      zip: "Enter a five-digit ZIP code, such as 20001, or leave it empty.",
    });

    expect((await family(guardian, answers)).status).toBe(200);
    expect(await db.select().from(athleteDemographics).where(eq(athleteDemographics.athleteId, athlete.id))).toMatchObject([
      { gender: "female", zip: "20019", school: "Garfield", grade: 4, schoolLunch: "free", updatedBy: guardian.id },
    ]);
    const page = await call(familyLoader, { request: new Request(`${origin}/account/family`), context: as(guardian) });
    expect((page.body as { people: { demographics: Array<{ name: string; answers: { zip: string } }> } }).people.demographics).toMatchObject([
      { name: "Answers Kid", answers: { zip: "20019" } },
    ]);

    const skipped = { intent: "demographics", athleteId: athlete.id, gender: "", zip: "", school: "", grade: "", schoolLunch: "" };
    expect((await family(guardian, skipped)).status).toBe(200);
    expect(await db.select().from(athleteDemographics).where(eq(athleteDemographics.athleteId, athlete.id))).toEqual([]);
  });
});
