// Safe Play end to end (issue 16), in Chromium against a real SMTP server on loopback. The Safe Play clock is set
// through configuration (SAFE_PLAY_NOW): 2 PM in New York, then the server is restarted at 9 PM (quiet hours).
import { afterAll, describe, expect, it } from "vitest";
import { sharedMailbox } from "./support/mail";
import { setServerSettings, sharedServer, useServerSettings } from "./support/shared-server";
import { createAccount, uniqueEmail } from "./support/accounts";
import { expectAccessible, setupBrowser } from "./support/browser";
import { get, makePerson, openDatabase, openSocket, post, signInCookie, useSession, type Person } from "./support/messaging";
import { runScript } from "./support/server";

const NO_GUARDIAN = "This athlete has no parent or guardian linked yet. Messages to minors must include a guardian.";
const NOT_CONFIRMED = "This student-athlete's family has not been confirmed yet.";
const QUIET = "Quiet hours: coaches can't message student-athletes under 18 between 8:00 PM and 8:00 AM. You can send this after 8:00 AM.";
const AFTERNOON = "2026-06-15T14:00:00-04:00";
const NIGHT = "2026-06-15T21:00:00-04:00";
/** 15 and 14 on the day the server's Safe Play clock says; 11 is too young to sign up alone. */
const DOB_15 = "2011-03-04";
const DOB_14 = "2012-01-10";
const DOB_11 = "2015-05-05";

let database: Awaited<ReturnType<typeof openDatabase>> | undefined;

const server = sharedServer();
const smtp = sharedMailbox();
useServerSettings({ now: AFTERNOON, orgName: "Safe Play Tennis", notifyDelaySeconds: 3600 });
afterAll(async () => {
  await database?.close();
});

const open = setupBrowser(() => server.url);
const env = () => ({ DATA_DIR: server.dataDir, DATABASE_URL: "" });

// The people of the story, made once and used by the tests in order.
let coach: Person;
let lead: Person;
let guardian: Person;
let otherParent: Person;
let athlete: Person;
let soloAthlete: Person;
let conversationPath = "";
const db = async () => (database ??= await openDatabase(server.dataDir));
const idOf = async (email: string) =>
  (await (await db()).query<{ id: string }>("select id from users where lower(email) = lower($1)", [email])).rows[0]!.id;
const count = async (table: string) => (await (await db()).query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

describe("Safe Play", () => {
  it("a guardian adds a 15-year-old who accepts the mailed invitation; a coach's message reaches athlete and guardian live", async () => {
    [coach, lead, guardian, otherParent] = await Promise.all([
      makePerson(server.url, "Coach Corey", { coach: true, env: env() }),
      makePerson(server.url, "Lead Lane", { coach: true, env: env() }),
      makePerson(server.url, "Greta Topspin", { env: env() }),
      makePerson(server.url, "Olly Otherparent", { env: env() }),
    ]);
    const grant = await runScript(["cli/user-role.ts", lead.email, "safeguarding"], env());
    expect(grant.code, grant.stderr).toBe(0);
    expect(grant.stdout).toContain("is now the safeguarding lead");

    const g = await open();
    await useSession(g.context, server.url, guardian);
    await g.visit("/account/family");
    const athleteEmail = uniqueEmail("ari");
    // Bad input gets its message beside the field, not a 500.
    await g.page.getByLabel("Athlete's name").fill("Teo Topspin");
    await g.page.getByLabel("Athlete's date of birth").fill("2030-01-01");
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page.getByText("The date of birth cannot be in the future.").waitFor();
    await g.page.getByLabel("Athlete's name").fill("Teo Topspin");
    await g.page.getByLabel("Athlete's date of birth").fill(DOB_15);
    await g.page.getByLabel("Athlete's email (optional)").fill(athleteEmail);
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page
      .getByRole("status")
      .getByText(`Teo Topspin was added to your family. We sent an invitation to ${athleteEmail} so they can choose a password.`)
      .waitFor();
    // The form that succeeded is empty again: a second athlete never inherits the first one's address.
    expect(await g.page.getByLabel("Athlete's email (optional)").inputValue()).toBe("");
    const card = g.page.getByRole("list", { name: "Your student-athletes" }).getByRole("listitem").filter({ hasText: "Teo Topspin" });
    await card.getByText("15 years old · Minor").waitFor();
    await card.getByText(`Invited: an invitation waits at ${athleteEmail}`).waitFor();

    const invitation = await smtp.waitFor(athleteEmail, "Safe Play Tennis: your own student-athlete login");
    // The site's words first; the names people typed follow.
    expect(invitation.text.split("\n")[0]).toBe(
      "Safe Play Tennis: you are invited to choose a password for your own student-athlete login on our site. Your parent or guardian added you to their family there.",
    );
    expect(invitation.text).toContain("The student-athlete: Teo Topspin. Added by: Greta Topspin.");
    const link = invitation.links.find((l) => l.includes("/invitation?token="))!;
    expect(link.startsWith(`${server.url}/invitation?token=`)).toBe(true);

    const a = await open();
    await a.visit(link);
    await a.page.getByLabel("Choose a password").fill("athlete12");
    await a.page.getByLabel("Repeat the password").fill("athlete12");
    await a.page.getByRole("button", { name: "Accept and create my sign-in" }).click();
    await a.page.waitForURL((u) => u.pathname === "/signin" && u.searchParams.get("redirectTo") === "/messages");
    await a.page.getByText("Sign in with your email address and your new password.").waitFor();
    const main = a.page.getByRole("main");
    await main.getByLabel("Email").fill(athleteEmail);
    await main.getByLabel("Password").fill("athlete12");
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await a.page.waitForURL((u) => u.pathname === "/messages");
    athlete = { email: athleteEmail, password: "athlete12", fullName: "Teo Topspin", cookie: "" };

    // The coach sees who Teo is and that the family is not confirmed: starting is refused, nothing stored.
    const c = await open();
    await useSession(c.context, server.url, coach);
    await c.visit("/messages");
    const conversationsBefore = await count("conversations");
    await c.page.getByRole("button", { name: "New Conversation" }).click();
    const entry = c.page.getByRole("list", { name: "Clients" }).getByRole("button", { name: /^Teo Topspin/ });
    await entry.getByText("Minor").waitFor();
    await entry.getByText("Guardian: Greta Topspin").waitFor();
    await entry.getByText("Family not confirmed").waitFor();
    await entry.click();
    await c.page.getByText(NOT_CONFIRMED).waitFor();
    expect(await count("conversations")).toBe(conversationsBefore);
    // The coach met Greta at the evaluation: they confirm the family from its page in one step, saying how.
    await c.visit("/messages", { axe: false });
    await c.page.getByRole("button", { name: "New Conversation" }).click();
    await c.page
      .getByRole("list", { name: "Clients" })
      .getByRole("listitem")
      .filter({ has: c.page.getByRole("button", { name: /^Teo Topspin/ }) })
      .getByRole("link", { name: "Confirm the family" })
      .click();
    await c.page.waitForURL((u) => /^\/families\/[0-9a-f-]{36}$/.test(u.pathname));
    // Staff name the people they met: Greta and Teo (people are confirmed, not households).
    const people = c.page.getByRole("group", { name: "The people you have met or phoned" });
    await people.getByRole("checkbox", { name: /Greta Topspin/ }).check();
    await people.getByRole("checkbox", { name: /Teo Topspin/ }).check();
    await c.page.getByLabel("How do you know this family?").fill("Met Greta and Teo at the evaluation");
    await c.page.getByRole("button", { name: "Confirm the people ticked" }).click();
    await c.page.getByRole("status").getByText("Confirmed by Coach Corey").waitFor();
    await c.visit("/messages", { axe: false });
    await c.page.getByRole("button", { name: "New Conversation" }).click();
    await c.page
      .getByRole("list", { name: "Clients" })
      .getByRole("button", { name: /^Greta Topspin/ })
      .getByText("Athletes: Teo Topspin")
      .waitFor();
    await entry.click();
    await c.page.waitForURL((u) => /^\/messages\/[0-9a-f-]{36}$/.test(u.pathname));
    conversationPath = new URL(c.page.url()).pathname;
    const participants = c.page.getByRole("list", { name: "Participants" });
    await participants.getByText("Greta Topspin", { exact: true }).waitFor();
    await participants.getByText("Teo Topspin", { exact: true }).waitFor();
    await participants.getByText("Minor", { exact: true }).waitFor();

    // (Their pages are checked by axe as the message leaves them, after the test.)
    await a.visit(conversationPath, { axe: false });
    await g.visit(conversationPath, { axe: false });
    const box = c.page.getByPlaceholder("Type a message...");
    await box.fill("Great serve today, Teo. Practice moves to 4:30 on Tuesday.");
    await box.press("Enter");
    await a.page.getByText("Great serve today, Teo. Practice moves to 4:30 on Tuesday.").waitFor();
    await g.page.getByText("Great serve today, Teo. Practice moves to 4:30 on Tuesday.").waitFor();
  });

  it("each person reads for themselves: the coach sees who has read, and the guardian's card says whose thread it is", async () => {
    // Both pages as the first test left them (checked there); what changes in them is checked after this one.
    const c = await open();
    await useSession(c.context, server.url, coach);
    await c.visit(conversationPath, { axe: false });
    athlete.cookie ||= await signInCookie(server.url, athlete.email, athlete.password);
    const a = await open();
    await useSession(a.context, server.url, athlete);
    await a.visit(conversationPath, { axe: false });
    // The athlete has the conversation open; the guardian is away.
    const box = c.page.getByPlaceholder("Type a message...");
    await box.fill("Bring water on Tuesday, it will be hot.");
    await box.press("Enter");
    await a.page.getByText("Bring water on Tuesday, it will be hot.").waitFor();
    const sent = c.page.getByRole("listitem").filter({ hasText: "Bring water on Tuesday, it will be hot." });
    await sent.getByText("Seen by Teo Topspin", { exact: true }).waitFor();
    expect(await sent.getByRole("img", { name: "Not read by everyone yet" }).count()).toBe(1);

    // The guardian's list: the thread with Coach Corey says it is Teo's, with the message unread for the guardian.
    const g = await open();
    await useSession(g.context, server.url, guardian);
    await g.visit("/messages");
    const childThread = g.page.getByRole("link").filter({ hasText: "with Teo, 15" });
    await childThread.getByText("Coach Corey").waitFor();
    await childThread.getByText("1 unread").waitFor();
    await expectAccessible(g.page);
    await childThread.click();
    await g.page.getByText("Bring water on Tuesday, it will be hot.").waitFor();
    // Now everyone has read it: the coach's tick and line change live.
    await sent.getByRole("img", { name: "Read by everyone" }).waitFor();
    await sent.getByText("Seen by Greta Topspin and Teo Topspin", { exact: true }).waitFor();
    await expectAccessible(c.page);
  });

  it("refuses an athlete under 13 at sign-up; a 14-year-old signing up alone cannot message until the guardian they invite accepts", async () => {
    // Tim, 11, is refused beside the field; Sol, 14, then signs up on the same form.
    const s = await open();
    await s.visit("/signup");
    await s.page.getByLabel("Full Name").fill("Tiny Tim");
    await s.page.getByLabel("Email").fill(uniqueEmail("tim"));
    await s.page.getByLabel("Password").fill("secret12");
    await s.page.getByLabel("I am a student-athlete").check();
    await s.page.getByLabel("Date of birth").fill(DOB_11);
    await s.page.getByRole("button", { name: "Create Account" }).click();
    await s.page.getByText("Student-athletes under 13 cannot create their own account. A parent or guardian creates it").waitFor();
    await expectAccessible(s.page);

    const soloEmail = uniqueEmail("solo");
    await s.page.getByLabel("Full Name").fill("Sol Solo");
    await s.page.getByLabel("Email").fill(soloEmail);
    await s.page.getByLabel("Password").fill("secret12");
    await s.page.getByLabel("I am a student-athlete").check();
    await s.page.getByLabel("Date of birth").fill(DOB_14);
    await s.page.getByRole("button", { name: "Create Account" }).click();
    await s.page.waitForURL((u) => u.pathname === "/signin");
    // Signed in by the sign-in form's post, by hand (signing in is the accounts tests' subject).
    soloAthlete = { email: soloEmail, password: "secret12", fullName: "Sol Solo", cookie: await signInCookie(server.url, soloEmail, "secret12") };
    await useSession(s.context, server.url, soloAthlete);
    await s.page.goto("/");

    // The widget and /messages explain what is missing.
    await s.page.getByRole("button", { name: "Message Your Coach" }).click();
    await s.page.getByText("Before you can send messages, a parent or guardian must be linked to your account").waitFor();
    await s.visit("/messages");
    await s.page.getByRole("heading", { name: "A parent or guardian is needed" }).waitFor();

    // The coach is refused, with the words, and nothing is stored.
    const c = await open();
    await useSession(c.context, server.url, coach);
    await c.visit("/messages", { axe: false });
    const conversations = await count("conversations");
    await c.page.getByRole("button", { name: "New Conversation" }).click();
    const entry = c.page.getByRole("list", { name: "Clients" }).getByRole("button", { name: /^Sol Solo/ });
    await entry.getByText("No guardian linked").waitFor();
    await entry.click();
    await c.page.getByText(NO_GUARDIAN).waitFor();
    expect(await count("conversations")).toBe(conversations);

    // Sol invites a parent who has no account yet: they create one from the invitation and accept it signed in.
    const parentEmail = uniqueEmail("sols-parent");
    await s.visit("/account/family");
    await s.page.getByLabel("Parent or guardian's email").fill(parentEmail);
    await s.page.getByRole("button", { name: "Send invitation" }).click();
    await s.page.getByText(`We sent an invitation to ${parentEmail}.`).waitFor();
    const mail = await smtp.waitFor(parentEmail, "Safe Play Tennis: an invitation to be a parent or guardian");
    const p = await open();
    await p.visit(mail.links.find((l) => l.includes("/invitation?token="))!);
    await p.page.getByRole("link", { name: "Create an account" }).click();
    await p.page.getByLabel("Full Name").fill("Sam Solo");
    await p.page.getByLabel("Email").fill(parentEmail);
    await p.page.getByLabel("Password").fill("secret12");
    await p.page.getByLabel("I am a parent or guardian").check();
    await p.page.getByLabel("Date of birth").fill("1979-08-21");
    await p.page.getByRole("button", { name: "Create Account" }).click();
    await p.page.waitForURL((u) => u.pathname === "/signin");
    const main = p.page.getByRole("main");
    await main.getByLabel("Email").fill(parentEmail);
    await main.getByLabel("Password").fill("secret12");
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await p.page.waitForURL((u) => u.pathname === "/invitation");
    await p.page.getByRole("button", { name: "Accept the invitation" }).click();
    await p.page.waitForURL((u) => u.pathname === "/account/family");
    await p.page
      .getByRole("list", { name: "Your student-athletes" })
      .getByRole("heading", { name: /^Sol Solo/ })
      .waitFor();

    // Self-service cannot prove a family (Sol could have a second address): it waits for staff.
    await s.visit("/messages");
    await s.page.getByRole("heading", { name: "Your family is being confirmed" }).waitFor();
    const l = await open();
    await useSession(l.context, server.url, lead);
    await l.visit("/");
    await l.page.getByRole("button", { name: /account menu/ }).click();
    await l.page.getByRole("link", { name: "Safeguarding" }).click();
    await l.page.waitForURL((u) => u.pathname === "/safeguarding");
    await l.page
      .getByRole("list", { name: "Families waiting for confirmation" })
      .getByRole("link", { name: /Sol Solo/ })
      .click();
    await l.page.getByLabel("How do you know this family?").fill("Called Sam Solo's phone");
    for (const box of await l.page.getByRole("group", { name: "The people you have met or phoned" }).getByRole("checkbox").all()) await box.check();
    await l.page.getByRole("button", { name: "Confirm the people ticked" }).click();
    await l.page.getByRole("status").getByText("Confirmed by Lead Lane").waitFor();
    await s.visit("/messages");
    expect(await s.page.getByRole("heading", { name: /A parent or guardian is needed|Your family is being confirmed/ }).count()).toBe(0);
  });

  it("a report reaches the safeguarding lead, who reads the conversation read-only and the log of links", async () => {
    const g = await open();
    await useSession(g.context, server.url, guardian);
    await g.visit(conversationPath, { axe: false });
    const reported = g.page.getByRole("listitem").filter({ hasText: "Great serve today, Teo." });
    await reported.getByText("Report", { exact: true }).click();
    await reported.getByLabel("Why are you reporting this message?").fill("Please check the new practice time with us first.");
    await reported.getByRole("button", { name: "Send report" }).click();
    await g.page.getByText("Reported. The safeguarding lead will review this message.").waitFor();
    const mail = await smtp.waitFor(lead.email, "A message was reported");
    expect(mail.text).not.toContain("Teo");

    const l = await open();
    await useSession(l.context, server.url, lead);
    await l.visit("/safeguarding");
    // This report, not the list's first: other files on the shared server report messages too, at any moment.
    const report = l.page
      .getByRole("list", { name: "Open reports" })
      .getByRole("listitem")
      .filter({ hasText: "Please check the new practice time with us first." });
    await report.waitFor();
    await report.getByText("Reported by Greta Topspin").waitFor();
    await report.getByRole("link", { name: "Read the conversation" }).click();
    await l.page.getByRole("heading", { name: "Reported conversation (read-only)" }).waitFor();
    await l.page.getByRole("list", { name: "Messages of the reported conversation" }).getByText("Great serve today, Teo.").waitFor();
    expect(await l.page.getByPlaceholder("Type a message...").count()).toBe(0);
    const log = l.page.getByRole("table");
    await log.getByRole("row").filter({ hasText: "athlete added" }).filter({ hasText: "Greta Topspin" }).first().waitFor();
    await log.getByRole("row").filter({ hasText: "invitation accepted" }).first().waitFor();
    // Alerts: every change to a family reaches the lead until reviewed.
    await l.page.getByRole("list", { name: "Alerts" }).getByText("student-athlete confirmed by staff").first().waitFor();
    // The report gets an outcome and a note; the reporter then sees it was reviewed.
    await l.page.getByLabel("Outcome").selectOption("Spoke with the coach");
    await l.page.getByLabel("Note (for the log)").fill("Casey will confirm times with the family first.");
    await l.page.getByRole("button", { name: "Save the outcome" }).click();
    await l.page.getByRole("status").getByText("The report was reviewed.").waitFor();
    await l.page.getByText("No open reports.").waitFor();
    await log.getByRole("row").filter({ hasText: "report reviewed" }).filter({ hasText: "Spoke with the coach" }).first().waitFor();
    await g.visit(conversationPath);
    await g.page.getByRole("list", { name: "Your reports" }).getByText("reviewed by the safeguarding lead.").waitFor();
  });

  it("refuses the wrong people over HTTP and the socket, and changes nothing", async () => {
    const signIn = async (p: Person) => ({ ...p, cookie: await signInCookie(server.url, p.email, p.password) });
    athlete = await signIn(athlete);
    soloAthlete = await signIn(soloAthlete);
    const d = await db();
    const conversationId = conversationPath.split("/").pop()!;
    const athleteId = await idOf(athlete.email);
    const guardianId = await idOf(guardian.email);
    const snapshot = async () => ({
      links: (await d.query("select athlete_id, guardian_id from guardian_links order by 1, 2")).rows,
      participants: (await d.query("select conversation_id, user_id from conversation_participants order by 1, 2")).rows,
      messages: await count("messages"),
      reports: (await d.query("select id, resolved_at from message_reports order by 1")).rows,
      conversations: await count("conversations"),
    });
    const before = await snapshot();

    // A minor removing their guardian.
    const removal = await post(server.url, "/account/family", athlete, { intent: "remove-guardian", athleteId, guardianId });
    expect(removal.status).toBe(403);
    expect(await removal.text()).toContain("A parent or guardian cannot be removed while the athlete is under 18.");

    // A guardian reading another family's child's conversation.
    expect((await get(server.url, conversationPath, otherParent)).status).toBe(404);
    const data = await get(server.url, `${conversationPath}.data`, otherParent);
    expect(await data.text()).not.toContain("Great serve");
    expect(
      (
        await post(server.url, conversationPath, otherParent, {
          intent: "report",
          messageId: (await d.query<{ id: string }>("select id from messages where conversation_id = $1 limit 1", [conversationId])).rows[0]!.id,
          reason: "nosy nosy",
        })
      ).status,
    ).toBe(404);
    const outsider = await openSocket(server.url, otherParent);
    outsider.send({ type: "subscribe", conversationId });
    outsider.send({ type: "send", conversationId, content: "let me in", ref: "o1" });
    await expect.poll(() => outsider.events.filter((e) => e.error === "forbidden").length).toBe(2);
    outsider.close();

    // A client opening /safeguarding, or acting on it.
    for (const who of [guardian, otherParent, coach]) {
      expect((await get(server.url, "/safeguarding", who)).status).toBe(403);
      expect((await get(server.url, `/safeguarding?conversation=${conversationId}`, who)).status).toBe(403);
      expect((await post(server.url, "/safeguarding", who, { intent: "resolve", reportId: String(before.reports[0]?.id ?? "") })).status).toBe(403);
    }

    // A coach messaging a minor without a guardian: a conversation from before Safe Play (made by hand), over
    // HTTP and the socket; and a new one.
    const coachId = await idOf(coach.email);
    const unlinked = await makePerson(server.url, "Una Unlinked", { env: env() });
    const unlinkedId = await idOf(unlinked.email);
    const { rows } = await d.query<{ id: string }>("insert into conversations (id, title) values (gen_random_uuid(), 'Old chat') returning id");
    const oldId = rows[0]!.id;
    await d.query("insert into conversation_participants (conversation_id, user_id) values ($1, $2), ($1, $3)", [oldId, coachId, unlinkedId]);
    expect((await post(server.url, "/account/family", unlinked, { intent: "kind", kind: "athlete", dateOfBirth: DOB_14 })).status).toBe(200);
    const unlinkedBefore = await snapshot();
    const http = await post(server.url, `/messages/${oldId}`, coach, { intent: "send", content: "Hello Una" });
    expect(http.status).toBe(403);
    expect(await http.text()).toContain(NO_GUARDIAN);
    const socket = await openSocket(server.url, coach);
    socket.send({ type: "send", conversationId: oldId, content: "Hello Una", ref: "c1" });
    await expect.poll(() => socket.events.find((e) => e.ref === "c1")?.error).toBe(NO_GUARDIAN);
    socket.close();
    const start = await post(server.url, "/messages", coach, { intent: "start", clientId: unlinkedId });
    expect(start.status).toBe(403);
    expect(await snapshot()).toEqual(unlinkedBefore);

    const after = await snapshot();
    expect(after.links).toEqual(before.links);
    expect(after.reports).toEqual(before.reports);
    expect(after.messages).toBe(before.messages);
  });

  it("a 15-year-old athlete cannot make himself a guardian or change his date of birth, on the page or by hand", async () => {
    // Signed up and in by the forms' posts (the sign-up page is the test above's).
    const t = await open();
    const teenEmail = uniqueEmail("teen");
    await createAccount(server.url, { fullName: "Theo Teen", email: teenEmail, password: "secret12", kind: "athlete", dateOfBirth: DOB_15 });
    const teen = { email: teenEmail, password: "secret12", fullName: "Theo Teen", cookie: await signInCookie(server.url, teenEmail, "secret12") };
    await useSession(t.context, server.url, teen);
    await t.visit("/account");
    // Their family's page is one tap away: no form there to change it, the page says who can.
    await t.page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Family" }).click();
    await t.page.getByText("Your date of birth and account type can only be changed by your parent or guardian").waitFor();
    expect(await t.page.getByLabel("I am a parent or guardian").count()).toBe(0);
    await t.page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Settings" }).click();
    // Where they are signed in, in the organisation's zone (it was GMT).
    expect(
      await t.page
        .getByText(/^Last active/)
        .first()
        .textContent(),
    ).not.toContain("GMT");
    // What the site keeps, as a page to read (the export was only a raw file).
    await t.page.getByRole("link", { name: "See my data" }).click();
    await t.page.getByRole("heading", { level: 1, name: "My data" }).waitFor();
    await t.page.getByRole("definition").filter({ hasText: DOB_15 }).waitFor();
    // By hand, as the report did it: refused, nothing changed, and the widget still says what is missing.
    const res = await post(server.url, "/account/family", teen, { intent: "kind", kind: "guardian", dateOfBirth: "" });
    expect(res.status).toBe(403);
    const d = await db();
    expect((await d.query("select client_kind, date_of_birth::text as dob from users where email = $1", [teenEmail])).rows).toEqual([
      { client_kind: "athlete", dob: DOB_15 },
    ]);
    await t.visit("/", { axe: false }); // checked with the widget open, after the test
    await t.page.getByRole("button", { name: "Message Your Coach" }).click();
    await t.page.getByText("Before you can send messages, a parent or guardian must be linked to your account").waitFor();
  });

  it("Sofia and Leo: the add form is empty for Leo, and Leo's invitation sent to Sofia's address cannot take Sofia's account", async () => {
    const parent = await makePerson(server.url, "Paz Parent", { env: env() });
    const g = await open();
    await useSession(g.context, server.url, parent);
    await g.visit("/account/family", { axe: false });
    const sofiaEmail = uniqueEmail("sofia");
    await g.page.getByLabel("Athlete's name").fill("Sofia Paz");
    await g.page.getByLabel("Athlete's date of birth").fill(DOB_15);
    await g.page.getByLabel("Athlete's email (optional)").fill(sofiaEmail);
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page.getByRole("status").getByText("Sofia Paz was added to your family.").waitFor();
    expect(await g.page.getByLabel("Athlete's name").inputValue()).toBe("");
    expect(await g.page.getByLabel("Athlete's email (optional)").inputValue()).toBe("");
    await g.page.getByLabel("Athlete's name").fill("Leo Paz");
    await g.page.getByLabel("Athlete's date of birth").fill(DOB_11);
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page.getByRole("status").getByText("Leo Paz was added to your family.").waitFor();
    // The mistake of the report, made on purpose: Leo's invitation to Sofia's address.
    const leoCard = g.page
      .getByRole("list", { name: "Your student-athletes" })
      .getByRole("listitem")
      .filter({ has: g.page.getByRole("heading", { name: /^Leo Paz/ }) });
    await leoCard.getByLabel("Leo Paz's own email, to invite them").fill(sofiaEmail);
    await leoCard.getByRole("button", { name: "Send an invitation" }).click();
    await g.page.getByRole("status").getByText(`We sent Leo Paz's invitation to ${sofiaEmail}.`).waitFor();

    const sofiaMail = await smtp.waitFor(sofiaEmail, (m) => m.text.includes("The student-athlete: Sofia Paz."));
    const s = await open();
    await s.visit(
      sofiaMail.links.find((l) => l.includes("/invitation?token="))!,
      { axe: false },
    );
    await s.page.getByLabel("Choose a password").fill("sofia123");
    await s.page.getByLabel("Repeat the password").fill("sofia123");
    await s.page.getByRole("button", { name: "Accept and create my sign-in" }).click();
    await s.page.waitForURL((u) => u.pathname === "/signin");
    await useSession(s.context, server.url, {
      email: sofiaEmail,
      password: "sofia123",
      fullName: "Sofia Paz",
      cookie: await signInCookie(server.url, sofiaEmail, "sofia123"),
    });
    // Leo's link, opened by Sofia signed in: it says why it cannot be hers, and offers nothing to accept.
    const leoMail = await smtp.waitFor(sofiaEmail, (m) => m.text.includes("The student-athlete: Leo Paz."));
    await s.visit(leoMail.links.find((l) => l.includes("/invitation?token="))!);
    await s.page.getByText("the account you are signed in with already belongs to someone, so it cannot take it").waitFor();
    expect(await s.page.getByRole("button", { name: /Accept/ }).count()).toBe(0);
    // Leo is still Leo, 11, in the family; Sofia is still Sofia, 15.
    await g.visit("/account/family");
    const list = g.page.getByRole("list", { name: "Your student-athletes" });
    await list.getByRole("heading", { name: /^Leo Paz · 11 years old/ }).waitFor();
    await list.getByRole("heading", { name: /^Sofia Paz · 15 years old/ }).waitFor();
  });

  it("at 21:00 (the clock set through the test hooks) refuses the coach, saying when, and never the family", async () => {
    await setServerSettings({ now: NIGHT });
    const conversationId = conversationPath.split("/").pop()!;
    const messages = await count("messages");

    // Both conversation pages as earlier tests left them; the refusal and the guardian's message are checked after.
    const c = await open();
    await useSession(c.context, server.url, coach);
    await c.visit(conversationPath, { axe: false });
    const box = c.page.getByPlaceholder("Type a message...");
    await box.fill("One more thing about Tuesday");
    await box.press("Enter");
    await c.page.getByRole("alert").getByText(QUIET).waitFor();
    const http = await post(server.url, conversationPath, coach, { intent: "send", content: "Late note" });
    expect(http.status).toBe(403);
    expect(await http.text()).toContain("You can send this after 8:00 AM.");
    const socket = await openSocket(server.url, coach);
    socket.send({ type: "send", conversationId, content: "Late note", ref: "n1" });
    await expect.poll(() => socket.events.find((e) => e.ref === "n1")?.error).toBe(QUIET);
    socket.close();
    expect(await count("messages")).toBe(messages);

    const g = await open();
    await useSession(g.context, server.url, guardian);
    await g.visit(conversationPath, { axe: false });
    const guardianBox = g.page.getByPlaceholder("Type a message...");
    await guardianBox.fill("Thank you, coach!");
    await guardianBox.press("Enter");
    await c.page.getByText("Thank you, coach!").waitFor();
    expect(await count("messages")).toBe(messages + 1);
  });
});
