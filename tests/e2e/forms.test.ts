import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, useSession, type Person } from "./support/messaging";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const env = { DATA_DIR: sharedServer().dataDir, DATABASE_URL: "" };
const open = setupBrowser(() => baseURL);
const tag = () => Math.random().toString(36).slice(2, 8);

/** A new client or coach (made by the role command), signed in by hand-made request: these tests are not about signing in. */
const signedIn = (role: "client" | "coach", name: string) => makePerson(baseURL, name, { coach: role === "coach", uncleared: true, env });

/** A browser page signed in as `person`. */
async function pageAs(person: Person) {
  const { page, context } = await open();
  await useSession(context, baseURL, person);
  return page;
}

const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(`${baseURL}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });

async function appointmentsHtml(cookie: string) {
  const res = await fetch(`${baseURL}/appointments/requests`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

async function fillRegistration(page: Page, student: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Student Name").fill(student);
  await main.getByLabel("Age").fill("9");
  await main.getByLabel("Skill Level").selectOption("Beginner");
  await main.getByLabel("Program Interest").selectOption("Summer Camp");
  await main.getByLabel("Parent/Guardian Name").fill("Jordan Parent");
  await main.getByLabel("Email").fill("jordan.parent@example.com");
  await main.getByLabel("Phone").fill("(202) 555-0100");
  await main.getByLabel("Emergency Contact").fill("Sam Aunt, (202) 555-0111");
}

describe("registration form", () => {
  it("shows errors beside the fields, keeps what was typed, confirms, and a coach finds it on /appointments/requests", async () => {
    const student = `Maya ${tag()}`;
    const { page, visit } = await open();
    await visit("/programs/registration");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Submit Registration" }).click();
    await main.getByText("Student name is required").waitFor();
    await main.getByText("Please choose a skill level").waitFor();
    await main.getByText("Emergency contact is required").waitFor();

    await fillRegistration(page, student);
    await main.getByLabel("Phone").fill("12");
    await main.getByRole("button", { name: "Submit Registration" }).click();
    await main.getByText("Please enter a valid phone number").waitFor();
    expect(await main.getByLabel("Student Name").inputValue()).toBe(student);
    expect(await main.getByLabel("Program Interest").inputValue()).toBe("Summer Camp");
    expect(await main.getByLabel("Phone").inputValue()).toBe("12");
    expect(await main.getByText("Student name is required").count()).toBe(0);

    await main.getByLabel("Phone").fill("(202) 555-0100");
    await main.getByRole("button", { name: "Submit Registration" }).click();
    await main.getByRole("heading", { name: "Registration received!" }).waitFor();

    const coach = await pageAs(await signedIn("coach", "Coach Reg"));
    await coach.goto("/appointments/requests");
    const regs = coach.getByRole("region", { name: /^Registrations/ });
    const first = regs.getByRole("listitem").first();
    await first.getByRole("heading", { name: `${student}, 9` }).waitFor();
    await first.getByText("Summer Camp").waitFor();
    await first.getByText("Sam Aunt, (202) 555-0111").waitFor();
    await first.getByRole("button", { name: `Mark handled: ${student}` }).click();
    await first.getByText("Handled by Coach Reg", { exact: false }).waitFor();
    expect(await first.getByRole("button", { name: /Mark handled/ }).count()).toBe(0);
  });

  it("works without JavaScript and rejects an age that is not a number", async () => {
    const student = `NoJs ${tag()}`;
    const fields = {
      studentName: student,
      age: "nine",
      skillLevel: "Intermediate",
      programInterest: "Fall Programs",
      parentName: "Pat",
      email: "pat@example.com",
      phone: "202-555-0100",
      emergencyContact: "Lee 202-555-0199",
    };
    const bad = await postForm("/programs/registration", fields);
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Age must be a whole number");
    expect(badHtml).toContain(`value="${student}"`);
    const ok = await postForm("/programs/registration", { ...fields, age: "12" });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Registration received!");
    const coach = await signedIn("coach", "Coach NoJs");
    expect(await appointmentsHtml(coach.cookie)).toContain(`${student}<!-- -->, <!-- -->12`);
  });
});

describe("contact form", () => {
  it("validates, confirms, and a coach sees it newest first", async () => {
    const name = `Rita ${tag()}`;
    const { page, visit } = await open();
    await visit("/contact");
    const main = page.getByRole("main");
    await main.getByLabel("Name").fill(name);
    await main.getByLabel("Email").fill("rita-at-example.com");
    await main.getByRole("textbox", { name: "Message" }).fill("Is there a clinic near Baltimore?");
    await main.getByRole("button", { name: "Send Message" }).click();
    await main.getByText("Please enter a valid email address").waitFor();
    await main.getByText("Please correct the highlighted fields.").waitFor();
    expect(await main.getByRole("textbox", { name: "Message" }).inputValue()).toBe("Is there a clinic near Baltimore?");
    await main.getByLabel("Email").fill("rita@example.com");
    await main.getByRole("button", { name: "Send Message" }).click();
    await main.getByRole("heading", { name: "Message sent!" }).waitFor();

    const later = `Later ${tag()}`;
    expect((await postForm("/contact", { name: later, email: "later@example.com", phone: "", message: "Second message" })).status).toBe(200);

    const coach = await pageAs(await signedIn("coach", "Coach Msg"));
    await coach.goto("/appointments/requests");
    const items = coach.getByRole("region", { name: /^Messages/ }).getByRole("listitem");
    await items.nth(0).getByRole("heading", { name: later }).waitFor();
    await items.nth(1).getByRole("heading", { name }).waitFor();
    await items.nth(1).getByText("Is there a clinic near Baltimore?").waitFor();
  });

  it("quietly drops a submission that fills the hidden honeypot field", async () => {
    const name = `Bot ${tag()}`;
    const res = await postForm("/contact", { name, email: "bot@example.com", message: "Buy now", website: "https://spam.example" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Message sent!");
    const coach = await signedIn("coach", "Coach Spam");
    expect(await appointmentsHtml(coach.cookie)).not.toContain(name);
  });
});

describe("who can read submissions", () => {
  it("lets no visitor or client read or mark submissions, and changes nothing", async () => {
    const name = `Private ${tag()}`;
    expect((await postForm("/contact", { name, email: "private@example.com", message: "Private question" })).status).toBe(200);
    const coach = await signedIn("coach", "Coach Guard");
    const html = await appointmentsHtml(coach.cookie);
    expect(html).toContain(name);
    // The hidden id input sits just before this submission's "Mark handled" button.
    const before = html.slice(0, html.indexOf(`Mark handled: ${name}`));
    const id = [...before.matchAll(/name="id" value="([0-9a-f-]{36})"/g)].pop()?.[1];
    expect(id).toBeTruthy();

    // Visitor: the page and its data endpoint redirect to sign-in; a POST is refused.
    for (const path of ["/appointments/requests", "/appointments/requests.data"]) {
      const res = await fetch(`${baseURL}${path}`, { redirect: "manual" });
      expect([302, 202, 204]).toContain(res.status);
      expect(await res.text()).not.toContain(name);
    }
    const visitorPost = await postForm("/appointments/requests", { kind: "contact", id: id! });
    expect([401, 403]).toContain(visitorPost.status);

    // Client: forbidden, and the data endpoint leaks nothing.
    const client = await signedIn("client", "Plain Client");
    for (const path of ["/appointments/requests", "/appointments/requests.data"]) {
      const res = await fetch(`${baseURL}${path}`, { headers: { cookie: client.cookie }, redirect: "manual" });
      expect(await res.text()).not.toContain(name);
    }
    expect((await fetch(`${baseURL}/appointments/requests`, { headers: { cookie: client.cookie } })).status).toBe(403);
    const clientPost = await postForm("/appointments/requests", { kind: "contact", id: id! }, client.cookie);
    expect(clientPost.status).toBe(403);

    // Still unhandled for the coach.
    const after = await appointmentsHtml(coach.cookie);
    expect(after).toContain(`Mark handled: ${name}`);
  });
});
