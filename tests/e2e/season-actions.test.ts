// Nothing irreversible at one tap (issue 39), in Chromium on a phone. A guardian, Marisol Quintero, has her daughter
// Sofía's private lesson today (no longer cancellable online) and her evaluation tomorrow: the evaluation's "Cancel this
// booking" sits in its own card and asks in a dialog naming Sofía and the day; "No, keep it" leaves everything and
// gives focus back; "Yes, cancel it" cancels; the coach's /appointments keeps it struck through, "Cancelled" written
// out, with who cancelled. Without JavaScript, in Spanish, "Retirar la solicitud" first answers the same question on the
// page and withdraws only once confirmed; the coach's Decline asks too; both requests then stay listed under their
// own heading, for the family and on the roster. The rules themselves are app/**/one-tap.server.test.ts's.
// Cancelling a whole session (issue 41, decision 0068): Marisol asks Diego a place in the Dusk Rally Clinic in Spanish
// and reads the success message on the next page; the session's coach cancels it from the roster after one question in
// place (another coach is refused and changes nothing); the administrator cancels a second one from the programs
// editor without JavaScript, in Spanish; /aid/sessions lists both; Marisol reads the credit on her payments page.
import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateIn } from "~/lib/datetime";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, post, useSession, type Person } from "./support/messaging";
import { setServerSettings, sharedServer, useServerSettings } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";
import { waitFor } from "../support/wait-for";

const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
const open = setupBrowser(() => server.url);
const PHONE = { width: 390, height: 844 };
const ZONE = "America/New_York";
// Friday 27 November 2026, noon in New York, to book; then Monday 30 November, 9 am: the lesson at 4 pm is inside 24
// hours, the evaluation on Tuesday at 4:30 pm is not.
const FRIDAY = "2026-11-27T12:00:00-05:00";
const MONDAY = "2026-11-30T09:00:00-05:00";
const SESSION = "Dawn Patrol Clinic";
/** A done action's answer written in place (issue 41): waits until it holds the focus, as the page gives it. */
const focusedAnswer = (status: Locator) => waitFor(() => status.evaluate((el) => el === document.activeElement), { what: "the answer, focused" });

const RALLY = "Dusk Rally Clinic";
const SERVE = "Dusk Serve Clinic";
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
    // Written in the list where she cancelled, focused (not a toast gone before a phone read it).
    await focusedAnswer(yours.getByRole("status").filter({ hasText: "Cancelled. We have emailed you the cancellation." }));
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

describe("cancelling a session", () => {
  it("asks once where the coach stands, credits the family, refuses anyone else; the editor and /aid/sessions agree", async () => {
    const q = await db();
    const session = async (title: string) =>
      (
        await q.query<{ id: string }>(
          `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, fee_cents, fee_per)
           values ($1, 'weekly', '{2,4}', '2026-09-01', '2026-12-31', '17:00', '18:00', 'Dusk Courts', 'fall', 12, 20000, 'season') returning id`,
          [title],
        )
      ).rows[0]!.id;
    const [rally, serve] = [await session(RALLY), await session(SERVE)];
    await q.query("insert into session_coaches (event_id, coach_id) select $1, id from users where email = $2", [rally, coach.email]);
    const [stray, admin] = await Promise.all([
      makePerson(server.url, "Coach Ivo Stray", { coach: true, env: server.env }),
      makePerson(server.url, "Nell Quartermain", { coach: true, env: server.env }),
    ]);
    await q.query("update users set admin = true where email = $1", [admin.email]);

    // Marisol asks in Spanish, with JavaScript: the next page writes that it was sent, in place (the review's finding:
    // a toast was gone in seconds).
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit(`/es/enroll/${rally}`);
    await g.page.getByLabel("Estudiante-atleta").selectOption({ label: "Diego Quintero" });
    await g.page.getByLabel("Nombre del contacto de emergencia").fill("Rosa Quintero");
    await g.page.getByLabel("Teléfono del contacto de emergencia").fill("(202) 555-0188");
    await g.page.getByRole("button", { name: "Enviar la solicitud" }).click();
    await g.page.waitForURL((u) => u.pathname === "/es/account/enrollments");
    await g.page.getByRole("status").getByText("Solicitud enviada: su estado aparece en esta página", { exact: false }).waitFor();
    // Staff enroll Diego in both (enrollment's steps are tested elsewhere): the database charges each season.
    await q.query(
      `insert into enrollments (event_id, athlete_id, status, emergency_name, emergency_phone)
       select $1, id, 'enrolled', 'Rosa Quintero', '(202) 555-0188' from users where full_name = 'Diego Quintero'`,
      [serve],
    );
    await q.query("update enrollments set status = 'enrolled' where event_id = $1", [rally]);

    // Another coach sees nothing of it and changes nothing.
    const refused = await post(server.url, `/rosters/${rally}`, stray, {
      intent: "cancel-session",
      eventId: rally,
      reason: "Not mine",
      confirmed: "yes",
    });
    expect(refused.status).toBe(403);

    // The coach, on the roster: why, then one question in place naming the session; only "Yes" cancels.
    const c = await open({ viewport: PHONE });
    await useSession(c.context, server.url, coach);
    await c.visit(`/rosters/${rally}`);
    const section = c.page.getByRole("region", { name: "Cancel this session" });
    await section.getByLabel("Why (families and staff read it)").fill("Courts resurfaced");
    await section.getByRole("button", { name: `Review and cancel ${RALLY}` }).click();
    const question = section.getByRole("group", { name: new RegExp(`^Cancel ${RALLY} \\(.+\\) for good\\?$`) });
    await question.getByText("Athletes enrolled: 1.", { exact: false }).waitFor();
    expect(await question.evaluate((el) => el === document.activeElement)).toBe(true);
    await question.getByRole("button", { name: "Yes, cancel the session" }).click();
    await section.getByText("This session was cancelled on", { exact: false }).waitFor();
    await section.getByText("Why: Courts resurfaced").waitFor();
    await focusedAnswer(section.getByRole("status").filter({ hasText: "Session cancelled: 1 charge(s) credited to families." }));

    // The administrator, in the programs editor, without JavaScript, in Spanish.
    const a = await open({ viewport: PHONE, javaScriptEnabled: false });
    await useSession(a.context, server.url, admin);
    await a.visit("/es/programs/fall/edit");
    const card = a.page.getByRole("listitem").filter({ has: a.page.getByText(SERVE, { exact: true }) });
    await card.getByText("Cancelar esta sesión").click();
    await card.getByLabel("Motivo (lo leen las familias y el personal)").fill("Sin entrenador esta temporada");
    await card.getByRole("button", { name: `Revisar y cancelar ${SERVE}` }).click();
    const pregunta = a.page.getByRole("group", { name: new RegExp(`^¿Cancelar ${SERVE} .*para siempre\\?$`) });
    await pregunta.getByRole("button", { name: "Sí, cancelar la sesión" }).click();
    await card.getByText("Esta sesión se canceló el", { exact: false }).waitFor();
    await card.getByText("Motivo: Sin entrenador esta temporada", { exact: false }).waitFor();
    // On the card of the session cancelled (the editor lists several), focused by the document itself (no JavaScript).
    await focusedAnswer(card.getByRole("status").filter({ hasText: "Sesión cancelada: 1 cargo(s) acreditado(s) a las familias." }));
    expect(await a.page.getByRole("status").filter({ hasText: "Sesión cancelada" }).count()).toBe(1);
    await a.visit("/aid/sessions");
    const done = a.page.getByRole("region", { name: "Cancelled sessions" });
    await done.getByText(`${RALLY}: cancelled on`, { exact: false }).waitFor();
    await done.getByText(`${SERVE}: cancelled on`, { exact: false }).waitFor();
    expect(await q.query("select 1 from session_cancellations where event_id in ($1, $2)", [rally, serve]).then((r) => r.rowCount)).toBe(2);

    // Marisol is told as /aid/sessions' cancellations tell families: a credit on her payments page, in her language.
    await g.visit("/es/account/payments");
    expect(await g.page.getByText("Crédito: la organización canceló la sesión; se guarda para otras clínicas o clases").count()).toBe(2);
  });
});
