// The registration form as a request for a place (issue 29), end to end in Chromium with JavaScript off, on a phone:
// a visitor picks a session from its program page and registers, asking for financial help; the request waits, kept with the address they
// typed, until they sign up with it and confirm it from the real mail (SMTP on loopback); then it waits on their
// /account/enrollments until they keep it (issue 37), and the coaches' inbox names the session. A signed-in guardian registers their athlete for a
// session, asking for financial help in the same form (issue 41), and finds it on /account/enrollments at once. On its
// worker's shared server (decision 0034), its clock set by the test hooks; its sessions and people have names no other
// file uses. Every page visited is checked with axe.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedMailbox } from "./support/mail";
import { sharedServer, useServerSettings } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";
import { uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, useSession, type Person } from "./support/messaging";

// Tuesday 24 November 2026, 3 pm in New York.
const TUESDAY = "2026-11-24T15:00:00-05:00";
const PHONE = { width: 390, height: 844 };

let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const env = () => server.env;
const db = async () => (database ??= await openDatabase(server.dataDir));
const open = setupBrowser(() => server.url);
/**
 * Every file on this shared server posts the public forms from 127.0.0.1, and a form takes 8 a connection in 10
 * minutes: this file's sends start from no earlier file's count, and leave none to the next file.
 */
async function forgetFormCounts() {
  const db = await openDatabase(server.dataDir);
  await db.query("delete from rate_limits where key like 'form:%'");
  await db.close();
}
beforeAll(forgetFormCounts);
afterAll(forgetFormCounts);

const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
useServerSettings({ now: TUESDAY });
const smtp = sharedMailbox();
afterAll(async () => {
  await database?.close();
});

async function makeSession(title: string) {
  const { rows } = await (
    await db()
  ).query<{ id: string }>(
    `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, levels)
     values ($1, 'weekly', '{2,4}', '2026-09-01', '2026-12-31', '16:30', '18:00', 'Fort Dupont, Washington, DC', 'fall', 12, '{3,4,5}')
     returning id`,
    [title],
  );
  return rows[0]!.id;
}

describe("registering for a session", () => {
  it("a visitor registers without JavaScript, signs up with that address, confirms it from the mail, and finds the request on their account", async () => {
    const sessionId = await makeSession("Regform Clinic");
    const email = uniqueEmail("visitor");
    const v = await open({ viewport: PHONE, javaScriptEnabled: false });

    // From the program page's session card to the form, the session chosen.
    await v.visit("/programs/fall");
    await v.page.getByRole("link", { name: "Register Regform Clinic" }).click();
    await v.page.waitForURL((u) => u.pathname === "/programs/registration" && u.searchParams.get("session") === sessionId);
    const main = v.page.getByRole("main");
    await main.getByText("Session: Regform Clinic", { exact: false }).waitFor();
    expect(await main.getByLabel("Program Interest").inputValue()).toBe("Fall Programs");

    const field = (label: string) => main.getByLabel(label, { exact: true });
    await field("Student Name").fill("Lena Visitor");
    await field("Age").fill("10");
    await field("Student's date of birth").fill("2016-03-14");
    await field("Skill Level").selectOption("Beginner");
    await field("Parent/Guardian Name").fill("Vera Visitor");
    // Typed as people do; kept lower-cased, matched to the account's address whatever its case.
    await field("Email").fill(email.toUpperCase());
    await field("Phone").fill("(202) 555-0142");
    await field("Medical notes and allergies (optional)").fill("Asthma: inhaler in her bag");
    await field("Who may pick them up (optional)").fill("Grandma Ines");
    await field("Emergency contact's name").fill("Ines Visitor");
    await field("Emergency contact's phone").fill("(202) 555-0143");
    // Issue 41: a visitor asks for financial help with the request; it becomes the family's when the guardian keeps it.
    await main.getByLabel("I would like financial help").check();
    await main.getByRole("button", { name: "Submit Registration" }).click();
    await main.getByRole("heading", { name: "Registration received!" }).waitFor();
    await main.getByText("We keep your request for a place in Regform Clinic for 30 days.", { exact: false }).waitFor();
    // The answer says the ask for help is kept with the request, and what happens to it.
    await main
      .getByText(
        "Your request for financial help is kept with it: when you keep the request on your account, it goes to our staff, and nothing is due until they answer.",
        { exact: false },
      )
      .waitFor();
    const kept = await (await db()).query(`select email, student_name from visitor_enrollment_requests where event_id = $1`, [sessionId]);
    expect(kept.rows).toEqual([{ email, student_name: "Lena Visitor" }]);

    // Nothing is attached before the address is proved: the account made with it has no request yet.
    await main.getByRole("link", { name: "Create an account" }).click();
    await v.page.waitForURL((u) => u.pathname === "/signup");
    await v.page.getByLabel("Full Name").fill("Vera Visitor");
    await v.page.getByLabel("Email").fill(email);
    await v.page.getByLabel("Password").fill("secret12");
    await v.page.getByLabel("I am a parent or guardian").check();
    await v.page.getByLabel("Date of birth").fill("1985-02-11");
    await v.page.getByRole("button", { name: "Create Account" }).click();
    await v.page.waitForURL((u) => u.pathname === "/signin");
    expect((await (await db()).query(`select 1 from enrollments where event_id = $1`, [sessionId])).rows).toEqual([]);

    // The real mail's link confirms the address: the request waits for the family's yes (issue 37), then joins.
    const verify = await smtp.waitFor(email, "Confirm your email address");
    await v.visit(verify.links.find((l) => l.includes("/verify-email?token="))!);
    await v.page.getByText("Thank you: your email address is confirmed.").waitFor();
    await v.visit("/signin");
    await v.page.getByRole("main").getByLabel("Email").fill(email);
    await v.page.getByRole("main").getByLabel("Password").fill("secret12");
    await v.page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await v.page.waitForURL((u) => u.pathname === "/");
    await v.visit("/account/enrollments");
    expect((await (await db()).query(`select 1 from enrollments where event_id = $1`, [sessionId])).rows).toEqual([]);
    const waiting = v.page.getByRole("article", { name: "Request for Lena Visitor" });
    await waiting.getByText("Grandma Ines").waitFor();
    await waiting.getByRole("button", { name: "Keep this request" }).click();
    await waiting.getByRole("button", { name: "Yes, keep it" }).click();
    // The answer says the request for help went with it (with staff; nothing due until they answer).
    await v.page
      .getByText(
        "Lena Visitor is in your family, and the request for a place in Regform Clinic is: Requested. Your request for help is with staff. Nothing is due until they answer.",
      )
      .waitFor();
    const lena = v.page.getByRole("main").getByRole("region", { name: "Lena Visitor" });
    await lena.getByText("Regform Clinic", { exact: true }).waitFor();
    await lena.getByText("Requested", { exact: true }).waitFor();
    expect((await (await db()).query(`select 1 from visitor_enrollment_requests where event_id = $1`, [sessionId])).rows).toEqual([]);
    // Its status is mailed, now that the address is the family's.
    await smtp.waitFor(email, (m) => m.subject.includes("Regform Clinic"));

    // The coaches' inbox has the registration, naming the session.
    const coach = await makePerson(server.url, "Coach Inbox", { coach: true, env: env() });
    const c = await open({ viewport: PHONE, javaScriptEnabled: false });
    await useSession(c.context, server.url, coach);
    await c.visit("/appointments/requests");
    const registration = c.page.getByRole("article", { name: /Lena Visitor/ });
    await registration.getByText("Regform Clinic", { exact: true }).waitFor();
    await registration.getByText("Ines Visitor, (202) 555-0143", { exact: true }).waitFor();
  });

  it("a signed-in guardian registers their athlete for a session without JavaScript and sees the request on their account", async () => {
    const sessionId = await makeSession("Saturday Rally Clinic");
    const guardian: Person = await makePerson(server.url, "Gina Guardian", { env: env() });
    // Gina adds Tomas to her family (the account page, as any family does).
    const setup = await open({ viewport: PHONE });
    await useSession(setup.context, server.url, guardian);
    await setup.visit("/account/family");
    await setup.page.getByLabel("Athlete's name").fill("Tomas Guardian");
    await setup.page.getByLabel("Athlete's date of birth").fill("2014-08-20");
    await setup.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await setup.page.getByRole("status").getByText("Tomas Guardian was added to your family.", { exact: false }).waitFor();

    const g = await open({ viewport: PHONE, javaScriptEnabled: false });
    await useSession(g.context, server.url, guardian);
    await g.visit("/programs/registration?program=fall");
    const main = g.page.getByRole("main");
    await main.getByLabel("Session", { exact: true }).selectOption(sessionId);
    await main.getByLabel("Student-athlete", { exact: true }).selectOption({ label: "Tomas Guardian" });
    await main.getByRole("button", { name: "Fill in" }).click();
    await g.page.waitForURL((u) => u.searchParams.get("session") === sessionId);
    await main.getByText("For: Tomas Guardian").waitFor();
    const field = (label: string) => main.getByLabel(label, { exact: true });
    expect(await field("Student Name").inputValue()).toBe("Tomas Guardian");
    expect(await field("Age").inputValue()).toBe("12");
    // A family signed in is not asked the date of birth: the household already has it.
    expect(await main.getByLabel("Student's date of birth").count()).toBe(0);
    await field("Skill Level").selectOption("Intermediate");
    await field("Phone").fill("(202) 555-0111");
    await field("Emergency contact's name").fill("Gina Guardian");
    await field("Emergency contact's phone").fill("(202) 555-0111");
    // Issue 41: the guardian asks for financial help in the same form, without JavaScript.
    await main.getByLabel("I would like financial help").check();
    await main.getByLabel("People in your household").fill("4");
    await main.getByRole("button", { name: "Submit Registration" }).click();
    await main.getByRole("heading", { name: "Registration received!" }).waitFor();
    await main.getByText("Your request for a place in Saturday Rally Clinic is on your account: Requested.", { exact: false }).waitFor();
    await main.getByText("Your request for help is with staff. Nothing is due until they answer.", { exact: false }).waitFor();
    await main.getByRole("link", { name: "See it on your account" }).click();
    await g.page.waitForURL((u) => u.pathname === "/account/enrollments");
    const tomas = g.page.getByRole("main").getByRole("region", { name: "Tomas Guardian" });
    await tomas.getByText("Saturday Rally Clinic", { exact: true }).waitFor();
    await tomas.getByText("Requested", { exact: true }).waitFor();
    const made = await (await db()).query(`select e.status, e.emergency_name from enrollments e where e.event_id = $1`, [sessionId]);
    expect(made.rows).toEqual([{ status: "requested", emergency_name: "Gina Guardian" }]);
    const aid = await (
      await db()
    ).query(`select household_size, status from aid_requests where requested_by = (select id from users where email = $1)`, [guardian.email]);
    expect(aid.rows).toEqual([{ household_size: 4, status: "open" }]);
  });
});
