// A stranger plants children and pickup persons (issue 37), end to end in Chromium against the real server: signed
// out, the registration form with a session chosen and a family's address, sent six times. Three are kept, the rest
// refused beside the email field; the family verifies its address from the real mail and nothing joins its household
// or the session's roster; the guardian reads every field on /account/enrollments (told on /account), drops one and
// keeps one, each only after the page asks again: without JavaScript, then with it for a request bearing a real
// child's name and birthday, which attaches to that child only when the guardian says so. Another family's guardian
// reads and changes nothing. On its worker's shared server (decision 0034), its clock set by the test hooks, with
// sessions and people no other file names; its sessions end with the file. Every page is checked with axe
// (support/browser.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, uniqueEmail } from "./support/accounts";
import { expectAccessible, setupBrowser } from "./support/browser";
import { sharedMailbox } from "./support/mail";
import { makePerson, openDatabase, post, signInCookie, useSession, type Person } from "./support/messaging";
import { sharedServer, useServerSettings } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";

// Tuesday 24 November 2026, 3 pm in New York (a child born 2015-06-01 is 11).
const TUESDAY = "2026-11-24T15:00:00-05:00";
const PHONE = { width: 390, height: 844 };
const MALLORY = "Mallory Stranger (202) 555-0666";

const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
useServerSettings({ now: TUESDAY });
const smtp = sharedMailbox();
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
afterAll(async () => {
  await database?.close();
});

async function makeSession(title: string, coach: Person) {
  const { rows } = await (
    await db()
  ).query<{ id: string }>(
    `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, levels)
     values ($1, 'weekly', '{2,4}', '2026-09-01', '2026-12-31', '16:30', '18:00', 'Fort Dupont, Washington, DC', 'fall', 12, '{3,4,5}')
     returning id`,
    [title],
  );
  await (await db()).query(`insert into session_coaches (event_id, coach_id) select $1, id from users where email = $2`, [rows[0]!.id, coach.email]);
  return rows[0]!.id;
}

/** The stranger's form, as a browser without JavaScript posts it. */
const strangerForm = (email: string, sessionId: string, studentName: string, dateOfBirth = "2015-06-01", age = "11") => ({
  sessionId,
  studentName,
  age,
  dateOfBirth,
  skillLevel: "Beginner",
  programInterest: "Fall Programs",
  parentName: "Mallory Stranger",
  email,
  phone: "(202) 555-0666",
  medicalNotes: "None",
  pickupPeople: MALLORY,
  emergencyName: "Mallory Stranger",
  emergencyPhone: "(202) 555-0666",
});

/**
 * A family's account made with `email`, its address confirmed from the real mail's link (in a browser without
 * JavaScript when asked, else by a plain request for the same page), then signed in.
 */
async function verifiedGuardian(fullName: string, email: string, { inBrowser = false } = {}): Promise<Person> {
  const password = "secret12";
  await createAccount(server.url, { fullName, email, password, phone: "(202) 555-0123" });
  const verify = await smtp.waitFor(email, "Confirm your email address");
  const link = verify.links.find((l) => l.includes("/verify-email?token="))!;
  if (inBrowser) {
    const v = await open({ viewport: PHONE, javaScriptEnabled: false });
    await v.visit(link);
    await v.page.getByText("Thank you: your email address is confirmed.").waitFor();
  } else expect(await (await fetch(link)).text()).toContain("Thank you: your email address is confirmed.");
  return { email, password, fullName, cookie: await signInCookie(server.url, email, password) };
}

const count = async (query: string, params: unknown[]) => Number((await (await db()).query<{ n: string }>(query, params)).rows[0]!.n);

describe("a visitor's requests wait for the guardian's yes", () => {
  it("six forms: three kept, the rest refused; nothing joins or reaches the roster; the guardian drops and keeps without JavaScript", async () => {
    const coach = await makePerson(server.url, "Coach Rita", { coach: true, env: env() });
    const sessionId = await makeSession("Stranger Clinic", coach);
    const family = uniqueEmail("family");

    // The stranger, signed out, without JavaScript: the first form is received.
    const s = await open({ viewport: PHONE, javaScriptEnabled: false });
    await s.visit(`/programs/registration?session=${sessionId}`);
    const fill = async (name: string) => {
      const main = s.page.getByRole("main");
      const field = (label: string) => main.getByLabel(label, { exact: true });
      await field("Student Name").fill(name);
      await field("Age").fill("11");
      await field("Student's date of birth").fill("2015-06-01");
      await field("Skill Level").selectOption("Beginner");
      await field("Parent/Guardian Name").fill("Mallory Stranger");
      await field("Email").fill(family);
      await field("Phone").fill("(202) 555-0666");
      await field("Who may pick them up (optional)").fill(MALLORY);
      await field("Emergency contact's name").fill("Mallory Stranger");
      await field("Emergency contact's phone").fill("(202) 555-0666");
      await main.getByRole("button", { name: "Submit Registration" }).click();
    };
    await fill("Planted One");
    await s.page.getByRole("heading", { name: "Registration received!" }).waitFor();
    // Two more by hand-made posts: kept.
    for (const name of ["Planted Two", "Planted Three"])
      expect((await post(server.url, "/programs/registration", null, strangerForm(family, sessionId, name))).status).toBe(200);
    // The fourth, in the browser: refused beside the email field, saying nothing about any account.
    await s.visit(`/programs/registration?session=${sessionId}`);
    await fill("Planted Four");
    const email = s.page.getByRole("main").getByLabel("Email", { exact: true });
    await s.page.getByText("Too many requests are waiting for this address; sign in to send more.").first().waitFor();
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    for (const name of ["Planted Five", "Planted Six"])
      expect((await post(server.url, "/programs/registration", null, strangerForm(family, sessionId, name))).status).toBe(409);
    expect(await count(`select count(*) as n from visitor_enrollment_requests where email = $1`, [family])).toBe(3);

    // The family signs up with its address and confirms it from the mail: nothing joins by itself.
    const guardian = await verifiedGuardian("Fay Family", family, { inBrowser: true });
    expect(await count(`select count(*) as n from enrollments where event_id = $1`, [sessionId])).toBe(0);
    expect(await count(`select count(*) as n from guardian_links g join users u on u.id = g.guardian_id where u.email = $1`, [family])).toBe(0);
    const c = await open({ viewport: PHONE, javaScriptEnabled: false });
    await useSession(c.context, server.url, coach);
    await c.visit(`/rosters/${sessionId}`);
    await c.page.getByText("Nobody has asked for a place yet.").waitFor();
    expect(await c.page.getByText(MALLORY, { exact: false }).count()).toBe(0);

    // /account tells the guardian; /account/enrollments shows every field of each.
    const g = await open({ viewport: PHONE, javaScriptEnabled: false });
    await useSession(g.context, server.url, guardian);
    await g.visit("/account");
    await g.page.getByText("Requests for a place sent with your email address are waiting for your answer (3).").waitFor();
    await g.page.getByRole("link", { name: "Read and answer them" }).click();
    await g.page.waitForURL((u) => u.pathname === "/account/enrollments");
    const section = g.page.getByRole("region", { name: "Requests sent with your email address" });
    const requests = section.getByRole("article");
    expect(await requests.count()).toBe(3);
    const one = section.getByRole("article", { name: "Request for Planted One" });
    for (const text of ["Planted One", "June 1, 2015", "Stranger Clinic", MALLORY, "Mallory Stranger, (202) 555-0666", "None", "Not in photos"])
      await one.getByText(text, { exact: false }).first().waitFor();

    // Drop asks first; only "Yes, drop it" deletes.
    await one.getByRole("button", { name: "Drop this request" }).click();
    await one.getByText("Drop the request for Planted One? It is deleted and cannot be brought back.").waitFor();
    expect(await count(`select count(*) as n from visitor_enrollment_requests where email = $1`, [family])).toBe(3);
    await one.getByRole("button", { name: "Yes, drop it" }).click();
    await section.getByRole("status").getByText("The request for Planted One was dropped.").waitFor();
    // The list is drawn again from the server after the answer: waited for, not read at the instant the answer shows.
    await expect.poll(() => section.getByRole("article").count()).toBe(2);

    // Keep asks first too; "Not now" leaves it waiting; "Yes, keep it" makes the athlete and the request.
    const three = section.getByRole("article", { name: "Request for Planted Three" });
    await three.getByRole("button", { name: "Keep this request" }).click();
    const question = "Add Planted Three to your family as a new student-athlete, and ask for a place in Stranger Clinic";
    await three.getByText(question, { exact: false }).waitFor();
    await three.getByRole("link", { name: "Not now" }).click();
    await section.getByRole("article", { name: "Request for Planted Three" }).getByRole("button", { name: "Keep this request" }).waitFor();
    expect(await count(`select count(*) as n from enrollments where event_id = $1`, [sessionId])).toBe(0);
    await three.getByRole("button", { name: "Keep this request" }).click();
    await three.getByText(question, { exact: false }).waitFor();
    await three.getByRole("button", { name: "Yes, keep it" }).click();
    await section
      .getByRole("status")
      .getByText("Planted Three is in your family, and the request for a place in Stranger Clinic is: Requested.")
      .waitFor();
    const child = g.page.getByRole("main").getByRole("region", { name: "Planted Three" });
    await child.getByText("Stranger Clinic", { exact: true }).waitFor();
    await child.getByText("Requested", { exact: true }).waitFor();
    expect(await section.getByRole("article").count()).toBe(1);

    // The roster has what the guardian kept, and nothing of what still waits.
    await c.visit(`/rosters/${sessionId}`);
    await c.page.getByText("Planted Three", { exact: false }).first().waitFor();
    await c.page.getByText(`May pick up: ${MALLORY}`).waitFor();
    expect(await c.page.getByText("Planted Two", { exact: false }).count()).toBe(0);
  });

  it("with JavaScript: a request bearing a real child's name and birthday attaches to that child only when the guardian says so", async () => {
    const coach = await makePerson(server.url, "Coach Omar", { coach: true, env: env() });
    const sessionId = await makeSession("Team List Clinic", coach);
    const guardian = await verifiedGuardian("Nia Parent", uniqueEmail("nia"));
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit("/account/family");
    await g.page.getByLabel("Athlete's name").fill("Noa Real");
    await g.page.getByLabel("Athlete's date of birth").fill("2015-06-01");
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page.getByRole("status").getByText("Noa Real was added to your family.", { exact: false }).waitFor();

    // The stranger has a team list: the real child's name and birthday, their own pick-up.
    expect((await post(server.url, "/programs/registration", null, strangerForm(guardian.email, sessionId, "Noa Real"))).status).toBe(200);
    const { rows } = await (await db()).query<{ id: string }>(`select id from visitor_enrollment_requests where email = $1`, [guardian.email]);
    const requestId = rows[0]!.id;

    // Another family's guardian sees nothing of it and cannot keep or drop it.
    const other = await verifiedGuardian("Oto Other", uniqueEmail("oto"));
    const o = await open({ viewport: PHONE });
    await useSession(o.context, server.url, other);
    await o.visit("/account/enrollments");
    await o.page.getByRole("heading", { level: 1, name: "Enrollments" }).waitFor();
    expect(await o.page.getByRole("region", { name: "Requests sent with your email address" }).count()).toBe(0);
    expect(await o.page.getByText("Noa Real").count()).toBe(0);
    for (const fields of <Array<Record<string, string>>>[
      { intent: "keep-request", requestId, as: "new", confirm: "yes" },
      { intent: "drop-request", requestId, confirm: "yes" },
    ])
      expect((await post(server.url, "/account/enrollments", other, fields)).status).toBe(404);
    expect(await count(`select count(*) as n from visitor_enrollment_requests where id = $1`, [requestId])).toBe(1);

    // The guardian is asked who it is for; keeping without an answer is refused beside the choice.
    await g.visit("/account/enrollments");
    const request = g.page.getByRole("article", { name: "Request for Noa Real" });
    const choice = request.getByRole("group", { name: "A child named Noa Real, born that day, is already in your family. Who is this request for?" });
    await choice.waitFor();
    await request.getByRole("button", { name: "Keep this request" }).click();
    await request.getByText("Choose whether this is a new student-athlete or the child already in your family.").waitFor();
    const attached = () =>
      count(
        `select count(*) as n from enrollments e join guardian_links g on g.athlete_id = e.athlete_id join users p on p.id = g.guardian_id
         where p.email = $1`,
        [guardian.email],
      );
    expect(await attached()).toBe(0);
    await expectAccessible(g.page);

    // "This is Noa Real": asked again, naming the child; only then the stranger's pick-up is on the real child.
    await request.getByRole("radio", { name: "This is Noa Real, already in my family" }).check();
    await request.getByRole("button", { name: "Keep this request" }).click();
    await request.getByText("Ask for a place in Team List Clinic for Noa Real, already in your family", { exact: false }).waitFor();
    expect(await attached()).toBe(0);
    await request.getByRole("button", { name: "Yes, keep it" }).click();
    await g.page
      .getByRole("region", { name: "Requests sent with your email address" })
      .getByRole("status")
      .getByText("Noa Real is in your family, and the request for a place in Team List Clinic is: Requested.")
      .waitFor();
    const noa = g.page.getByRole("main").getByRole("region", { name: "Noa Real" });
    await noa.getByText("Team List Clinic", { exact: true }).waitFor();
    expect(await attached()).toBe(1);
    // One child, not two: the household still has only Noa.
    expect(await count(`select count(*) as n from guardian_links g join users p on p.id = g.guardian_id where p.email = $1`, [guardian.email])).toBe(
      1,
    );
    const c = await open({ viewport: PHONE });
    await useSession(c.context, server.url, coach);
    await c.visit(`/rosters/${sessionId}`);
    await c.page.getByText(`May pick up: ${MALLORY}`).waitFor();
  });
});
