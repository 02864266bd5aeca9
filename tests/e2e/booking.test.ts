// Private lessons booked online, end to end in Chromium with real mail (issue 30): a coach publishes Fridays, a
// guardian on a phone adds her 14-year-old (who accepts the mailed invitation and so has a login), books a Friday
// lesson for him; both get the invitation (METHOD:REQUEST, read by a real iCalendar parser), and so does the coach
// (the same UID); the coach finds it on /appointments with the guardian's phone to tap. The clock is set by the test
// hooks (decision 0034) at Wednesday noon, then moved to the Friday morning, where the family's cancellation is refused
// (24-hour rule) and the coach's, with a reason, goes through and mails the family the CANCEL with the same UID (not
// the coach: they did it). Without JavaScript the guardian books and cancels next Friday; the coach gets both.
// Every page visited is checked with axe.
import ical, { type VEvent } from "node-ical";
import { afterAll, describe, expect, it } from "vitest";
import { sharedMailbox } from "./support/mail";
import { setServerSettings, sharedServer, useServerSettings } from "./support/shared-server";
import type { ReceivedMail } from "../support/smtp";
import { uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, post, signInCookie, useSession, type Person } from "./support/messaging";

// Wednesday 25 November 2026, noon in New York; Friday's lesson is two days ahead.
const WEDNESDAY = "2026-11-25T12:00:00-05:00";
// Friday 27 November, 9 am: the 16:00 lesson is 7 hours away.
const FRIDAY_MORNING = "2026-11-27T09:00:00-05:00";
const PHONE = { width: 390, height: 844 };

let coach: Person;
let guardian: Person;
let athlete: Person;
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const env = () => server.env;
const db = async () => (database ??= await openDatabase(server.dataDir));
const open = setupBrowser(() => server.url);

// Its worker's shared server: Coach Casey is this file's only, and it reads only the bookings with him. Its clock is
// set through the test hooks (decision 0034), at Wednesday noon, then Friday morning.
const server = sharedServer();
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
  const event = Object.values(ical.sync.parseICS(text)).find((c) => c?.type === "VEVENT") as VEvent;
  return { text, event };
}

describe("private lessons", () => {
  it("a guardian books a Friday lesson for her son; both get the invitation; the coach sees it on /appointments", async () => {
    [coach, guardian] = await Promise.all([
      makePerson(server.url, "Coach Casey", { coach: true, env: env() }),
      makePerson(server.url, "Gwen Guardian", { env: env() }),
    ]);
    // Gwen and the coach confirmed their addresses (personal data of a minor goes only to confirmed addresses).
    await (await db()).query("update users set email_verified = true where email in ($1, $2)", [guardian.email, coach.email]);

    // The coach publishes Fridays 15:00-19:00 from a phone.
    const c = await open({ viewport: PHONE });
    await useSession(c.context, server.url, coach);
    await c.visit("/appointments/availability");
    await c.page.getByLabel("Place", { exact: true }).fill("Fort Stanton Park");
    await c.page.getByRole("button", { name: "Add a weekly time" }).click();
    await c.page.getByText("Private lesson: Friday 3:00 PM–7:00 PM, Fort Stanton Park").waitFor();
    // A window ending before it starts is refused beside the field.
    await c.page.getByLabel("From", { exact: true }).fill("19:00");
    await c.page.getByLabel("Until", { exact: true }).fill("15:00");
    await c.page.getByLabel("Place", { exact: true }).fill("Anacostia Park");
    await c.page.getByRole("button", { name: "Add a weekly time" }).click();
    await c.page.getByText("The end must be after the start.").waitFor();
    expect(await c.page.getByText("Anacostia Park").count()).toBe(0);

    // Gwen adds Ari, 14, with an invitation; Ari chooses a password, so he has a login and a confirmed address.
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit("/account/family");
    const athleteEmail = uniqueEmail("ari");
    await g.page.getByLabel("Athlete's name").fill("Ari Ace");
    await g.page.getByLabel("Athlete's date of birth").fill("2012-06-01");
    await g.page.getByLabel("Athlete's email (optional)").fill(athleteEmail);
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page.getByRole("status").getByText("Ari Ace was added to your family.", { exact: false }).waitFor();
    const invitation = await smtp.waitFor(athleteEmail, "your own student-athlete login");
    const a = await open();
    await a.visit(invitation.links.find((l) => l.includes("/invitation?token="))!);
    await a.page.getByLabel("Choose a password").fill("athlete12");
    await a.page.getByLabel("Repeat the password").fill("athlete12");
    await a.page.getByRole("button", { name: "Accept and create my sign-in" }).click();
    await a.page.waitForURL((u) => u.pathname === "/signin");
    athlete = { email: athleteEmail, password: "athlete12", fullName: "Ari Ace", cookie: await signInCookie(server.url, athleteEmail, "athlete12") };

    // Gwen books Friday 16:00 with Coach Casey.
    await g.visit("/lessons");
    await g.page.getByRole("link", { name: "Friday, November 27, 4:00 PM with Coach Casey" }).click();
    await g.page.getByRole("heading", { name: "Book this time?" }).waitFor();
    await g.page.getByText("Friday, November 27, 4:00 PM–5:00 PM with Coach Casey, at Fort Stanton Park.").waitFor();
    await g.page.getByLabel("Anything the coach should know (optional)").fill("Working on his serve");
    await g.page.getByRole("button", { name: "Book this time" }).click();
    const yours = g.page.getByRole("region", { name: "Your bookings" });
    await yours.getByRole("heading", { name: "Private lesson: Friday, November 27, 4:00 PM–5:00 PM" }).waitFor();
    await yours.getByRole("button", { name: "Cancel this booking" }).waitFor();
    await g.page.waitForLoadState("networkidle");
    await g.visit("/lessons");

    // Both get the invitation; the same event, in New York time.
    const uids = new Set<string>();
    for (const to of [guardian.email, athlete.email]) {
      const mail = await smtp.waitFor(to, "Private lesson booked");
      expect(mail.text).toContain("Ari Ace with Coach Casey");
      expect(mail.text).toContain("(202) 555-0147");
      const { text, event } = invitationOf(mail);
      expect(text).toContain("METHOD:REQUEST");
      expect(text).toContain("DTSTART;TZID=America/New_York:20261127T160000");
      expect(new Date(event.start).toISOString()).toBe("2026-11-27T21:00:00.000Z");
      expect(Number(event.sequence)).toBe(0);
      uids.add(event.uid);
    }
    // The coach is told too, in the same invitation: the one event in every calendar.
    const coachMail = await smtp.waitFor(coach.email, "New booking: Private lesson with Ari Ace");
    expect(coachMail.text).toContain("Private lesson for Ari Ace is booked with you for Friday, November 27, 4:00 PM–5:00 PM, at Fort Stanton Park.");
    expect(coachMail.text).toContain("Working on his serve");
    const coachInvite = invitationOf(coachMail);
    expect(coachInvite.text).toContain("METHOD:REQUEST");
    uids.add(coachInvite.event.uid);
    expect(uids.size).toBe(1);

    // The coach's appointments: Friday, Ari, the note, Gwen's phone to tap.
    await c.visit("/appointments");
    const lesson = c.page.getByRole("article", { name: "4:00 PM Private lesson: Ari Ace" });
    await lesson.getByText("Working on his serve").waitFor();
    expect(await lesson.getByRole("link", { name: "Call Gwen Guardian: (202) 555-0111" }).getAttribute("href")).toBe("tel:2025550111");
    await c.page.getByRole("link", { name: "Registration requests and messages" }).click();
    await c.page.getByRole("heading", { level: 1, name: "Registration requests and messages" }).waitFor();
  });

  it("inside 24 hours the family's cancellation is refused; the coach cancels with a reason and the family gets the CANCEL", async () => {
    await setServerSettings({ now: FRIDAY_MORNING }, server);
    const [booking] = (
      await (
        await db()
      ).query<{ id: string }>("select b.id from bookings b join users u on u.id = b.coach_id where u.email = $1 and b.cancelled_at is null", [
        coach.email,
      ])
    ).rows;

    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit("/lessons");
    const yours = g.page.getByRole("region", { name: "Your bookings" });
    await yours.getByText("It starts in less than 24 hours: to cancel or move it, please call or message the coach.").waitFor();
    expect(await yours.getByRole("button", { name: "Cancel this booking" }).count()).toBe(0);
    // The form posted anyway (an old tab, a script), even confirmed, is refused on the server, and says how to reach the coach.
    const refused = await post(server.url, "/lessons", guardian, { intent: "cancel", bookingId: booking!.id, confirmed: "yes" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("cannot be cancelled online in the last 24 hours before it starts. Please call (202) 555-0147");
    expect((await (await db()).query("select 1 from bookings where id = $1 and cancelled_at is null", [booking!.id])).rows).toHaveLength(1);

    const c = await open({ viewport: PHONE });
    await useSession(c.context, server.url, coach);
    await c.visit("/appointments");
    const lesson = c.page.getByRole("article", { name: "4:00 PM Private lesson: Ari Ace" });
    await lesson.getByText("Cancel Ari Ace's booking").click();
    await lesson.getByLabel("Reason for cancelling (the family reads it)").fill("Rain: the courts are closed");
    await lesson.getByRole("button", { name: "Cancel and tell the family" }).click();
    // Asked once (issue 39, decision 0049): the dialog names the athlete and the day.
    await c.page
      .getByRole("alertdialog", { name: "Cancel Ari Ace's lesson on Friday, November 27, 4:00 PM?" })
      .getByRole("button", { name: "Yes, cancel it" })
      .click();
    await c.page.getByText("Cancelled. The family has been told.").waitFor();
    // It stays on the coach's day, struck through and marked cancelled (issue 39).
    await c.page.getByRole("article", { name: "4:00 PM Private lesson: Ari Ace", exact: true }).waitFor({ state: "detached" });
    await c.page.getByRole("article", { name: "Cancelled: 4:00 PM Private lesson: Ari Ace" }).waitFor();

    for (const to of [guardian.email, athlete.email]) {
      const mail = await smtp.waitFor(to, "Private lesson cancelled");
      expect(mail.text).toContain("Rain: the courts are closed");
      const { text, event } = invitationOf(mail);
      expect(text).toContain("METHOD:CANCEL");
      expect(event.status).toBe("CANCELLED");
      expect(Number(event.sequence)).toBe(1);
      expect(event.uid).toMatch(new RegExp(`^booking-${booking!.id}@`));
    }
    await g.visit("/lessons");
    await g.page.getByText("Cancelled by the coach: Rain: the courts are closed").waitFor();
    // The coach cancelled it: nothing is mailed back to them (the outbox, where every mail is queued first).
    const toCoach = await (
      await db()
    ).query("select kind from mail_outbox where to_address = $1 and kind like 'booking-%' order by created_at", [coach.email]);
    expect(toCoach.rows.map((r) => r.kind)).toEqual(["booking-coach-booked"]);
  });

  it("works without JavaScript: a guardian books next Friday with plain links and a form post", async () => {
    const g = await open({ viewport: PHONE, javaScriptEnabled: false });
    await useSession(g.context, server.url, guardian);
    await g.page.goto("/lessons");
    // Ari's Friday the 27th was cancelled by the coach; the 4th is more than 24 hours away.
    await g.page.getByRole("link", { name: "Friday, December 4, 5:00 PM with Coach Casey" }).click();
    await g.page.getByRole("button", { name: "Book this time" }).click();
    await g.page
      .getByRole("region", { name: "Your bookings" })
      .getByRole("heading", { name: "Private lesson: Friday, December 4, 5:00 PM–6:00 PM" })
      .waitFor();
    await smtp.waitFor(guardian.email, (mail) => mail.subject.startsWith("Private lesson booked") && mail.subject.includes("December 4"));
    const booked = invitationOf(
      await smtp.waitFor(coach.email, (mail) => mail.subject.startsWith("New booking") && mail.subject.includes("December 4")),
    );

    // A week ahead, the family may cancel online, asked once on the page (issue 39); the coach gets the CANCEL of the same event.
    await g.page.getByRole("button", { name: "Cancel this booking" }).click();
    await g.page
      .getByRole("group", { name: "Cancel Ari Ace's lesson on Friday, December 4, 5:00 PM?" })
      .getByRole("button", { name: "Yes, cancel it" })
      .click();
    await g.page.getByText("Cancelled.", { exact: true }).waitFor();
    // Written in the list, and the document opens focused at it (no JavaScript: the attribute does it).
    const said = g.page.getByRole("region", { name: "Your bookings" }).getByRole("status");
    expect(await said.textContent()).toBe("Cancelled. We have emailed you the cancellation.");
    expect(await said.evaluate((el) => el === document.activeElement)).toBe(true);
    const cancelled = await smtp.waitFor(
      coach.email,
      (mail) => mail.subject.startsWith("Cancelled by the family") && mail.subject.includes("December 4"),
    );
    const { text, event } = invitationOf(cancelled);
    expect(text).toContain("METHOD:CANCEL");
    expect(event.uid).toBe(booked.event.uid);
    expect(Number(event.sequence)).toBe(Number(booked.event.sequence) + 1);
  });
});
