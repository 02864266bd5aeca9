// Nothing irreversible at one tap (issue 39), in Chromium on a phone. A guardian, Marisol Quintero, has her daughter
// Sofía's private lesson today (no longer cancellable online) and her evaluation tomorrow: the evaluation's "Cancel this
// booking" sits in its own card and asks in a dialog naming Sofía and the day; "No, keep it" leaves everything and
// gives focus back; "Yes, cancel it" cancels; the coach's /appointments keeps it struck through, "Cancelled" written
// out, with who cancelled. Without JavaScript, in Spanish, "Retirar la solicitud" first answers the same question on the
// page and withdraws only once confirmed; the coach's Decline asks too; both requests then stay listed under their
// own heading, for the family and on the roster. The rules themselves are app/**/one-tap.server.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateIn } from "~/lib/datetime";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, post, useSession, type Person } from "./support/messaging";
import { setServerSettings, sharedServer, useServerSettings } from "./support/shared-server";

const server = sharedServer();
const open = setupBrowser(() => server.url);
const PHONE = { width: 390, height: 844 };
const ZONE = "America/New_York";
// Friday 27 November 2026, noon in New York, to book; then Monday 30 November, 9 am: the lesson at 4 pm is inside 24
// hours, the evaluation on Tuesday at 4:30 pm is not.
const FRIDAY = "2026-11-27T12:00:00-05:00";
const MONDAY = "2026-11-30T09:00:00-05:00";
const SESSION = "Dawn Patrol Clinic";
useServerSettings({ now: FRIDAY });

let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const db = async () => (database ??= await openDatabase(server.dataDir));
afterAll(async () => {
  await database?.close();
});

let coach: Person;
let guardian: Person;
let sessionId = "";
// The requests and the cancellation are stamped by the database's own clock: today's date, as the pages write it.
const today = (locale: "en" | "es") => formatDateIn(new Date(), ZONE, locale);

async function expectOk(res: Response, what: string) {
  expect(res.status, `${what}: ${res.status} ${res.status === 302 ? "" : await res.text()}`).toBeLessThan(400);
}

beforeAll(async () => {
  [coach, guardian] = await Promise.all([
    makePerson(server.url, "Coach Wren Tapley", { coach: true, env: server.env }),
    makePerson(server.url, "Marisol Quintero", { env: server.env }),
  ]);
  const q = await db();
  const { rows } = await q.query<{ id: string }>(
    `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, levels)
     values ($1, 'weekly', '{2,4}', '2026-09-01', '2026-12-31', '16:30', '18:00', 'Fort Dupont, Washington, DC', 'fall', 12, '{1,2,3,4,5}')
     returning id`,
    [SESSION],
  );
  sessionId = rows[0]!.id;
  await q.query("insert into session_coaches (event_id, coach_id) select $1, id from users where email = $2", [sessionId, coach.email]);
  for (const window of [
    { kind: "lesson", weekday: "1", startTime: "15:00", endTime: "19:00" },
    { kind: "evaluation", weekday: "2", startTime: "15:00", endTime: "18:00" },
  ])
    await expectOk(await post(server.url, "/appointments/availability", coach, { intent: "add-window", place: "Dawn Courts", ...window }), "window");
  for (const [name, born] of [
    ["Sofía Quintero", "2014-03-03"],
    ["Diego Quintero", "2012-07-07"],
  ])
    await expectOk(await post(server.url, "/account/family", guardian, { intent: "add-athlete", fullName: name!, dateOfBirth: born! }), name!);
  const ids = await q.query<{ id: string; full_name: string }>(
    "select id, full_name from users where full_name in ('Sofía Quintero', 'Diego Quintero')",
  );
  const id = (name: string) => ids.rows.find((r) => r.full_name === name)!.id;
  const coachId = (await q.query<{ id: string }>("select id from users where email = $1", [coach.email])).rows[0]!.id;
  const book = (kind: string, start: string) =>
    post(server.url, "/lessons", guardian, { intent: "book", athleteId: id("Sofía Quintero"), coachId, kind, minutes: "60", start });
  await expectOk(await book("lesson", "2026-11-30T21:00:00.000Z"), "the lesson"); // Monday 4 pm
  await expectOk(await book("evaluation", "2026-12-01T21:30:00.000Z"), "the evaluation"); // Tuesday 4:30 pm
  for (const name of ["Sofía Quintero", "Diego Quintero"])
    await expectOk(
      await post(server.url, `/enroll/${sessionId}`, guardian, {
        athleteId: id(name),
        emergencyName: "Rosa Quintero",
        emergencyPhone: "(202) 555-0188",
      }),
      `${name}'s request`,
    );
  await setServerSettings({ now: MONDAY });
});

describe("cancelling a booking", () => {
  it("asks in a dialog naming the athlete and the day; keeping it changes nothing; confirmed, the coach sees it struck through", async () => {
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit("/lessons");
    const yours = g.page.getByRole("region", { name: "Your bookings" });
    // English 12-hour times; the lesson of today has no button, the evaluation's button is in its own card.
    const lesson = yours.getByRole("article", { name: "Private lesson: Monday, November 30, 4:00 PM–5:00 PM" });
    await lesson.getByText("It starts in less than 24 hours", { exact: false }).waitFor();
    expect(await lesson.getByRole("button").count()).toBe(0);
    const evaluation = yours.getByRole("article", { name: "Evaluation: Tuesday, December 1, 4:30 PM–5:00 PM" });
    const cancel = evaluation.getByRole("button", { name: "Cancel this booking" });

    await cancel.click();
    const question = "Cancel Sofía Quintero's evaluation on Tuesday, December 1, 4:30 PM?";
    const dialog = g.page.getByRole("alertdialog", { name: question });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await dialog.getByRole("button", { name: "No, keep it" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await evaluation.getByText("Cancelled.").count()).toBe(0);

    await cancel.click();
    await dialog.getByRole("button", { name: "Yes, cancel it" }).click();
    await evaluation.getByText("Cancelled.", { exact: true }).waitFor();
    await lesson.getByText("It starts in less than 24 hours", { exact: false }).waitFor();

    const c = await open({ viewport: PHONE });
    await useSession(c.context, server.url, coach);
    await c.visit("/appointments");
    await c.page.getByRole("article", { name: "4:00 PM Private lesson: Sofía Quintero", exact: true }).waitFor();
    const cancelled = c.page.getByRole("article", { name: "Cancelled: 4:30 PM Evaluation: Sofía Quintero" });
    await cancelled.getByText("Cancelled", { exact: true }).waitFor();
    await cancelled.getByText(new RegExp(`^Cancelled by Marisol Quintero on \\w+day, \\w+ \\d+, \\d{1,2}:\\d\\d [AP]M\\.$`)).waitFor();
    expect(await cancelled.locator("s").evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
    expect(await cancelled.getByRole("button").count()).toBe(0);
  });
});

describe("ending a request", () => {
  it("without JavaScript, in Spanish, asks on the page first; the coach's Decline asks too; both stay listed under their heading", async () => {
    const g = await open({ viewport: PHONE, javaScriptEnabled: false });
    await useSession(g.context, server.url, guardian);
    await g.visit("/es/account/enrollments");
    const sofia = g.page.getByRole("region", { name: "Sofía Quintero" });
    await sofia.getByRole("button", { name: "Retirar la solicitud" }).click();
    const step = sofia.getByRole("group", {
      name: `¿Retirar la solicitud de Sofía Quintero para ${SESSION}, enviada el ${today("es")}?`,
    });
    await step.waitFor();
    await sofia.getByText("Solicitada", { exact: true }).waitFor(); // nothing changed yet
    await step.getByRole("button", { name: "Sí, retirar" }).click();
    const ended = sofia.getByRole("region", { name: "No aceptadas y retiradas" });
    await ended.getByText(`Retirada el ${today("es")}`, { exact: false }).waitFor();
    expect(await sofia.getByRole("button", { name: "Retirar la solicitud" }).count()).toBe(0);

    const c = await open({ viewport: PHONE });
    await useSession(c.context, server.url, coach);
    await c.visit(`/rosters/${sessionId}`);
    const diego = c.page.locator('[data-athlete="Diego Quintero"]');
    await diego.getByRole("button", { name: "Decline" }).click();
    const dialog = c.page.getByRole("alertdialog", { name: `Decline Diego Quintero's request for ${SESSION}, sent on ${today("en")}?` });
    await dialog.getByRole("button", { name: "Yes, decline" }).click();
    const closed = c.page.getByRole("region", { name: "Declined and withdrawn" });
    await closed.getByText(`Declined on ${today("en")}`, { exact: false }).waitFor();
    await closed.getByText(`Withdrawn on ${today("en")}`, { exact: false }).waitFor();
    expect(await c.page.locator("[data-athlete]").count()).toBe(0);
  });
});
