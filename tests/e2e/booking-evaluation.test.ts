// An evaluation booked from an enrollment request, end to end in Chromium on a phone with real mail (issues 29 and 30):
// a coach publishes Friday evaluations; a guardian asks a place in the clinic for her son, then books his evaluation
// from /account/enrollments; the request moves to "In evaluation"; she gets the invitation and the status mail, the
// coach gets the same invitation (one UID, read by a real iCalendar parser); the coach finds the evaluation on
// /appointments with the session it is for and records a placement at level 3; the guardian is mailed and sees level 3
// with its history on /account/enrollments. On its worker's shared server, its clock set by the test hooks (decision
// 0034); its coach and session have names no other file uses. Every page visited is checked with axe.
import ical, { type VEvent } from "node-ical";
import { afterAll, describe, expect, it } from "vitest";
import { sharedMailbox } from "./support/mail";
import { sharedServer, useServerSettings } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";
import type { ReceivedMail } from "../support/smtp";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, useSession } from "./support/messaging";

// Wednesday 25 November 2026, noon in New York; Friday's evaluation is two days ahead.
const WEDNESDAY = "2026-11-25T12:00:00-05:00";
const PHONE = { width: 390, height: 844 };

let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const env = () => server.env;
const db = async () => (database ??= await openDatabase(server.dataDir));
const open = setupBrowser(() => server.url);

const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
useServerSettings({ now: WEDNESDAY });
const smtp = sharedMailbox();
afterAll(async () => {
  await database?.close();
});

/** The calendar invitation a mail carries, read as a calendar app reads it. */
function invitationOf(mail: ReceivedMail) {
  const part = mail.raw.attachments.find((a) => a.contentType === "application/ics" || a.contentType === "text/calendar");
  expect(part, "an .ics attachment").toBeTruthy();
  const text = part!.content.toString("utf8");
  return { text, event: Object.values(ical.sync.parseICS(text)).find((c) => c?.type === "VEVENT") as VEvent };
}

describe("an evaluation booked from an enrollment request", () => {
  it("moves the request to evaluation, reaches the coach's day, and its placement reaches the family", async () => {
    const [coach, guardian] = await Promise.all([
      makePerson(server.url, "Coach Evan", { coach: true, env: env() }),
      makePerson(server.url, "Gwen Guardian", { env: env() }),
    ]);
    // Both confirmed their addresses (a minor's evaluation is personal data: it goes only to confirmed addresses).
    await (await db()).query("update users set email_verified = true where email in ($1, $2)", [coach.email, guardian.email]);
    const { rows } = await (
      await db()
    ).query<{ id: string }>(
      `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, levels)
       values ('Evalbook Clinic', 'weekly', '{2,4}', '2026-09-01', '2026-12-31', '16:30', '18:00', 'Fort Dupont, Washington, DC', 'fall', 12, '{1,2,3,4,5}')
       returning id`,
    );
    const sessionId = rows[0]!.id;
    // Coach Evan coaches the clinic (set on the program's editor in real life): he may place its requests.
    await (await db()).query("insert into session_coaches (event_id, coach_id) select $1, id from users where email = $2", [sessionId, coach.email]);

    // The coach publishes Friday evaluations, 15:00-17:00, from a phone.
    const c = await open({ viewport: PHONE });
    await useSession(c.context, server.url, coach);
    await c.visit("/appointments/availability");
    await c.page.getByLabel("What", { exact: true }).selectOption("evaluation");
    await c.page.getByLabel("Until", { exact: true }).fill("17:00");
    await c.page.getByLabel("Place", { exact: true }).fill("Fort Stanton Park");
    await c.page.getByRole("button", { name: "Add a weekly time" }).click();
    await c.page.getByText("Evaluation: Friday 3:00 PM–5:00 PM, Fort Stanton Park").waitFor();

    // Gwen adds Ari, 11, and asks a place for him in the clinic.
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit("/account/family");
    await g.page.getByLabel("Athlete's name").fill("Ari Ace");
    await g.page.getByLabel("Athlete's date of birth").fill("2015-06-01");
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page.getByRole("status").getByText("Ari Ace was added to your family.", { exact: false }).waitFor();
    await g.visit(`/enroll/${sessionId}`);
    await g.page.getByLabel("Student-athlete").selectOption({ label: "Ari Ace" });
    await g.page.getByLabel("Emergency contact's name").fill("Joe Ace");
    await g.page.getByLabel("Emergency contact's phone").fill("(202) 555-0199");
    await g.page.getByRole("button", { name: "Send the request" }).click();
    await g.page.waitForURL((u) => u.pathname === "/account/enrollments");
    await g.page.getByText("Requested", { exact: true }).waitFor();

    // From the request, she books his evaluation: the page knows who and what, she picks the time.
    await g.visit("/account/enrollments");
    await g.page.getByRole("link", { name: "Book an evaluation" }).click();
    await g.page.waitForURL((u) => u.pathname === "/lessons" && u.searchParams.has("enrollment"));
    expect(new URL(g.page.url()).search).not.toContain("Ari");
    await g.page.getByText("An evaluation for Ari Ace, who asked for a place in Evalbook Clinic.", { exact: false }).waitFor();
    const forRequest = new URL(g.page.url());
    await g.visit(`${forRequest.pathname}${forRequest.search}`);
    await g.page.getByRole("link", { name: "Friday, November 27, 3:00 PM with Coach Evan" }).click();
    await g.page.getByRole("heading", { name: "Book this time?" }).waitFor();
    await g.page.getByText("For Ari Ace's request for a place in Evalbook Clinic", { exact: false }).waitFor();
    await g.page.getByRole("button", { name: "Book this time" }).click();
    await g.page
      .getByRole("region", { name: "Your bookings" })
      .getByRole("heading", { name: "Evaluation: Friday, November 27, 3:00 PM–3:30 PM" })
      .waitFor();
    await g.page.waitForLoadState("networkidle");
    await g.visit("/account/enrollments");
    await g.page.getByText("In evaluation", { exact: true }).waitFor();
    expect(await g.page.getByRole("link", { name: "Book an evaluation" }).count()).toBe(0);

    // Gwen: the invitation and the request's new status. Coach Evan: the same invitation.
    const familyInvite = invitationOf(await smtp.waitFor(guardian.email, "Evaluation booked"));
    expect(familyInvite.text).toContain("METHOD:REQUEST");
    expect(new Date(familyInvite.event.start).toISOString()).toBe("2026-11-27T20:00:00.000Z");
    const status = await smtp.waitFor(guardian.email, "Ari Ace in Evalbook Clinic: In evaluation");
    expect(status.text).toContain("Ari Ace's request for Evalbook Clinic is now: In evaluation.");
    const coachMail = await smtp.waitFor(coach.email, "New booking: Evaluation with Ari Ace");
    expect(coachMail.text).toContain("It is the evaluation for Ari Ace's request for a place in Evalbook Clinic");
    const coachInvite = invitationOf(coachMail);
    expect(coachInvite.text).toContain("METHOD:REQUEST");
    expect(coachInvite.event.uid).toBe(familyInvite.event.uid);
    expect(coachInvite.event.summary).toBe("Evaluation: Ari Ace with Coach Evan");

    // The coach's day: the evaluation, the session it is for, no level yet; he records the placement at level 3.
    await c.visit("/appointments");
    const evaluation = c.page.getByRole("article", { name: "3:00 PM Evaluation: Ari Ace" });
    await evaluation.getByText("Evalbook Clinic (In evaluation)").waitFor();
    await evaluation.getByText("not recorded yet").waitFor();
    await evaluation.getByText("Record placement", { exact: true }).click();
    await evaluation.getByLabel("Level", { exact: true }).selectOption("3");
    await evaluation.getByLabel("Note for the family (optional)").fill("Good hands at the net");
    await evaluation.getByRole("button", { name: "Record this placement" }).click();
    await c.page.getByText("Placed at level 3. The family has been told.").waitFor();
    const after = c.page.getByRole("article", { name: "3:00 PM Evaluation: Ari Ace" });
    await after
      .getByRole("definition")
      .filter({ hasText: /^Level 3$/ })
      .waitFor();
    await after.getByText("Evalbook Clinic (Placed at a level)").waitFor();
    await c.visit("/appointments");

    // Gwen is mailed the placement and sees level 3 with its history.
    const placed = await smtp.waitFor(guardian.email, "Ari Ace in Evalbook Clinic: Placed at a level");
    expect(placed.text).toContain("Level: 3");
    await g.visit("/account/enrollments");
    await g.page.getByText("Placed at a level", { exact: true }).waitFor();
    await g.page.getByText("Level 3", { exact: true }).waitFor();
    await g.page.getByText("Level 3 on November 25, 2026, by Coach Evan", { exact: false }).waitFor();
    await g.page.getByText("“Good hands at the net”").waitFor();
  });
});
