import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { registrationRequests, users } from "../../db/schema";
import { FORM_TEXT } from "~/content/forms";
import { FORM_LIMIT, receivePublicForm } from "~/forms/public-forms.server";
import { ContactSchema, RegistrationSchema } from "~/forms/schemas";
import {
  createContactMessage,
  createRegistrationRequest,
  getContactMessages,
  getRegistrationRequests,
  updateSubmissionHandled,
} from "~/forms/submissions.server";

const { db } = await createTestDatabase();

const contextFor = (clientIp: string) => ({ db, clientIp }) as unknown as AppLoadContext;
const post = (fields: Record<string, string>) =>
  new Request("http://localhost/contact", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
const contact = { name: "Rita Parent", email: "rita@example.com", phone: "(410) 555-0100", message: "Does my daughter need her own racquet?" };

type Result = {
  data: { ok: boolean; fieldErrors?: Record<string, string>; error?: string; values?: Record<string, string> };
  init: ResponseInit | null;
};
const submit = async (ip: string, fields: Record<string, string>) =>
  (await receivePublicForm(post(fields), contextFor(ip), "contact", ContactSchema, (input) => createContactMessage(db, input))) as unknown as Result;

describe("receivePublicForm", () => {
  it("stores a valid message and keeps what was typed on an error", async () => {
    const ok = await submit("10.0.0.1", contact);
    expect(ok.data).toEqual({ ok: true });
    const bad = await submit("10.0.0.1", { ...contact, email: "not-an-email", message: "  " });
    expect(bad.init?.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ email: "Please enter a valid email address", message: "Message is required" });
    expect(bad.data.values?.email).toBe("not-an-email");
    expect(bad.data.values?.name).toBe("Rita Parent");
    const stored = await getContactMessages(db);
    expect(stored.filter((m) => m.email === "rita@example.com")).toHaveLength(1);
  });

  it("refuses a message over 5,000 characters beside the field, saying the limit, instead of cutting it", async () => {
    const long = "a".repeat(5001);
    const res = await submit("10.0.0.5", { ...contact, name: "Long Writer", message: long });
    expect(res.init?.status).toBe(400);
    expect(res.data.fieldErrors).toEqual({ message: "Message must be at most 5,000 characters" });
    expect(res.data.values?.message).toBe(long);
    expect((await getContactMessages(db)).some((m) => m.name === "Long Writer")).toBe(false);
    expect((await submit("10.0.0.5", { ...contact, name: "Long Writer", message: "a".repeat(5000) })).data.ok).toBe(true);
  });

  it("refuses a phone number without digits, and takes none when it is left empty", async () => {
    const res = await submit("10.0.0.6", { ...contact, name: "Plus Signs", phone: "+++++++" });
    expect(res.init?.status).toBe(400);
    expect(res.data.fieldErrors).toEqual({ phone: "Please enter a valid phone number" });
    expect((await submit("10.0.0.6", { ...contact, name: "No Phone", phone: " " })).data.ok).toBe(true);
    const stored = await getContactMessages(db);
    expect(stored.some((m) => m.name === "Plus Signs")).toBe(false);
    expect(stored.find((m) => m.name === "No Phone")?.phone).toBeNull();
  });

  it("quietly drops a submission whose honeypot field is filled", async () => {
    const res = await submit("10.0.0.2", { ...contact, name: "Spam Bot", website: "https://spam.example" });
    expect(res.data).toEqual({ ok: true });
    expect((await getContactMessages(db)).some((m) => m.name === "Spam Bot")).toBe(false);
  });

  it("refuses an address after the limit, without storing, while other addresses still get through", async () => {
    for (let i = 0; i < FORM_LIMIT; i++) expect((await submit("10.0.0.3", { ...contact, name: `Burst ${i}` })).data.ok).toBe(true);
    const refused = await submit("10.0.0.3", { ...contact, name: "Burst over" });
    expect(refused.init?.status).toBe(429);
    expect(refused.data.error).toBe(FORM_TEXT.rateLimited);
    expect(refused.data.values?.message).toBe(contact.message);
    expect((await getContactMessages(db)).some((m) => m.name === "Burst over")).toBe(false);
    expect((await submit("10.0.0.4", { ...contact, name: "Other family" })).data.ok).toBe(true);
  });
});

describe("RegistrationSchema", () => {
  const valid = {
    studentName: "Maya",
    age: "9",
    skillLevel: "Beginner",
    programInterest: "Summer Camp",
    parentName: "Jordan",
    email: "jordan@example.com",
    phone: "202-555-0100",
    emergencyContact: "Sam, 202-555-0111",
  };
  it("reads the age as a number and checks every required field", () => {
    expect(RegistrationSchema.parse(valid).age).toBe(9);
    const r = RegistrationSchema.safeParse({ ...valid, age: "nine", skillLevel: "Expert", phone: "+++++++", emergencyContact: "" });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      age: "Age must be a whole number",
      skillLevel: "Please choose a skill level",
      phone: "Please enter a valid phone number",
      emergencyContact: "Emergency contact is required",
    });
  });
});

describe("submissions model", () => {
  it("lists newest first and marks one handled once", async () => {
    await db.insert(users).values({ id: "coach-1", email: "coach@example.com", fullName: "Coach One", role: "coach" });
    const input = RegistrationSchema.parse({
      studentName: "First",
      age: "10",
      skillLevel: "Beginner",
      programInterest: "Fall Programs",
      parentName: "P",
      email: "p@example.com",
      phone: "202-555-0100",
      emergencyContact: "E",
    });
    const first = await createRegistrationRequest(db, input);
    // Sent a minute before the second (each row takes its transaction's time; the list orders by it).
    await db
      .update(registrationRequests)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(eq(registrationRequests.id, first.id));
    await createRegistrationRequest(db, { ...input, studentName: "Second" });
    const list = await getRegistrationRequests(db);
    expect(list.map((r) => r.studentName)).toEqual(["Second", "First"]);
    expect(await updateSubmissionHandled(db, "registration", first.id, "coach-1")).toBe(true);
    expect(await updateSubmissionHandled(db, "registration", first.id, "coach-1")).toBe(false);
    const after = await getRegistrationRequests(db);
    expect(after.find((r) => r.id === first.id)).toMatchObject({ handledByName: "Coach One" });
    expect(after.find((r) => r.studentName === "Second")?.handledAt).toBeNull();
  });
});
