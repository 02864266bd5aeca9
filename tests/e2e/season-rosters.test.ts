// Coaches reach families (issue 39), in Chromium on a phone. The roster marks each family's Safe Play state: Tomás's
// family confirmed; Sofía's waiting, with who to call (her guardian's name and phone) and the confirm form right on her
// card, which the coach uses. At 9:30 PM "Message every family" accounts for both families (sent to none, quiet hours)
// and offers "Send at 8:00 AM"; kept, both are listed and one is cancelled. In Spanish, the states and the offer
// ("Enviar a las 8:00 a. m.") read the same way. The rules (the queue sends at its time, Safe Play asked again then,
// who may keep or cancel) are app/messaging/scheduled.server.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, useSession, type Person } from "./support/messaging";
import { setServerSettings, sharedServer, useServerSettings } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";

const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
const open = setupBrowser(() => server.url);
const PHONE = { width: 390, height: 844 };
// Wednesday 2 December 2026 in New York: the afternoon, then 9:30 PM (quiet hours: 8 PM to 8 AM).
const AFTERNOON = "2026-12-02T14:00:00-05:00";
const NIGHT = "2026-12-02T21:30:00-05:00";
useServerSettings({ now: AFTERNOON });

let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const db = async () => (database ??= await openDatabase(server.dataDir));
afterAll(async () => {
  await database?.close();
});

let coach: Person;
let sessionId = "";

beforeAll(async () => {
  let guardian: Person;
  [coach, guardian] = await Promise.all([
    makePerson(server.url, "Coach Rhea Rosterline", { coach: true, env: server.env }),
    makePerson(server.url, "Marisol Rosterline", { env: server.env }),
  ]);
  const q = await db();
  const { rows } = await q.query<{ id: string }>(
    `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, levels)
     values ('Rosterline Evening Clinic', 'weekly', '{1,3}', '2026-09-01', '2026-12-31', '16:30', '18:00', 'Fort Dupont', 'fall', 12, '{1,2,3,4,5}')
     returning id`,
  );
  sessionId = rows[0]!.id;
  await q.query("insert into session_coaches (event_id, coach_id) select $1, id from users where email = $2", [sessionId, coach.email]);
  const guardianId = (await q.query<{ id: string }>("select id from users where email = $1", [guardian.email])).rows[0]!.id;
  // Sofía's family: her guardian (with a phone on record) and Sofía, 12, both waiting for staff.
  // Tomás's family: his guardian (no phone on record) and Tomás, 13, confirmed by staff.
  const stamp = Date.now();
  await q.query(
    `insert into users (id, email, full_name, role, client_kind, date_of_birth, email_verified) values
       ($1, $1 || '@no-login.invalid', 'Sofía Rosterline', 'client', 'athlete', '2014-05-05', false),
       ($2, $2 || '@no-login.invalid', 'Tomás Baselinez', 'client', 'athlete', '2013-03-03', false),
       ($3, $3 || '@example.com', 'Inés Baselinez', 'client', 'guardian', '1984-04-04', true)`,
    [`sofia-${stamp}`, `tomas-${stamp}`, `ines-${stamp}`],
  );
  await q.query("update users set phone = '(202) 555-0142' where id = $1", [guardianId]);
  const household = async () => (await q.query<{ id: string }>("insert into households default values returning id")).rows[0]!.id;
  const [sofias, tomass] = [await household(), await household()];
  await q.query(
    `insert into household_members (household_id, user_id, role) values ($1, $2, 'guardian'), ($1, $3, 'athlete'), ($4, $5, 'guardian'), ($4, $6, 'athlete')`,
    [sofias, guardianId, `sofia-${stamp}`, tomass, `ines-${stamp}`, `tomas-${stamp}`],
  );
  // Staff confirmed Tomás's family (the database lets only a transaction that says so confirm anyone).
  await q.query(
    `begin; select set_config('nlte.staff_confirmation', 'on', true);
     update household_members set confirmed_at = now(), confirmed_how = 'met at the evaluation' where household_id = '${tomass}'; commit`,
  );
  for (const athlete of [`sofia-${stamp}`, `tomas-${stamp}`])
    await q.query(
      `insert into enrollments (event_id, athlete_id, requested_by, status, emergency_name, emergency_phone) values ($1, $2, $3, 'enrolled', 'Rosa Rosterline', '202-555-0188')`,
      [sessionId, athlete, guardianId],
    );
});

const card = (page: import("playwright-core").Page, athlete: string) => page.locator(`li[data-athlete="${athlete}"]`);

describe("the roster on a coach's phone", () => {
  it("marks each family's state, confirms a waiting family where the coach stands, and keeps a message held by quiet hours for 8:00 AM", async () => {
    const c = await open({ viewport: PHONE });
    await useSession(c.context, server.url, coach);
    await c.visit(`/rosters/${sessionId}`);
    const tomas = card(c.page, "Tomás Baselinez");
    await tomas.getByText("Family confirmed for messages").waitFor();
    const sofia = card(c.page, "Sofía Rosterline");
    await sofia.getByText("Waiting for confirmation: Marisol Rosterline, Sofía Rosterline").waitFor();
    await sofia.getByText("Who to call: Marisol Rosterline").waitFor();
    // One tap-to-call link for her, the card's, though her family waits and the state names her too.
    const call = sofia.getByRole("link", { name: /Marisol Rosterline/ });
    expect(await call.count()).toBe(1);
    expect(await call.getAttribute("href")).toBe("tel:2025550142");
    expect(await call.textContent()).toBe("Call Marisol Rosterline");

    // Confirming needs the people named and how: without them, the reasons beside the fields and nothing changes.
    await sofia.getByRole("button", { name: "Confirm the people ticked" }).click();
    await card(c.page, "Sofía Rosterline").getByText("Waiting for confirmation", { exact: false }).waitFor();
    // By role: the card's closed "Withdraw Sofía Rosterline's place" dialog is labelled with her name too.
    await card(c.page, "Sofía Rosterline").getByRole("checkbox", { name: "Marisol Rosterline" }).check();
    await card(c.page, "Sofía Rosterline").getByRole("checkbox", { name: "Sofía Rosterline" }).check();
    await card(c.page, "Sofía Rosterline").getByLabel("How do you know this family?").fill("Met them at the evaluation");
    await card(c.page, "Sofía Rosterline").getByRole("button", { name: "Confirm the people ticked" }).click();
    await card(c.page, "Sofía Rosterline").getByText("Family confirmed for messages").waitFor();

    // 9:30 PM: quiet hours hold the message back for both families, and it can be kept for their end.
    await setServerSettings({ now: NIGHT });
    await c.visit(`/rosters/${sessionId}`);
    await c.page.getByLabel("Message", { exact: true }).fill("Bring a water bottle tomorrow");
    await c.page.getByRole("button", { name: "Send to each family" }).click();
    const answer = c.page.getByTestId("roster-message-result");
    await answer.getByText("Sent to 0 families.").waitFor();
    await answer.getByText(/^Not sent for Sofía Rosterline: Quiet hours/).waitFor();
    await answer.getByText(/^Not sent for Tomás Baselinez: Quiet hours/).waitFor();
    await answer.getByRole("button", { name: "Send at 8:00 AM" }).click();
    await c.page.getByText(/^Scheduled for 2 families: it will be sent on Dec 3, 2026, 8:00 AM EST/).waitFor();
    const kept = c.page.getByTestId("scheduled-messages");
    // The list follows the answer (the page's data reloads after the step).
    await expect.poll(() => kept.locator('li[data-scheduled="scheduled"]').count()).toBe(2);
    await kept.getByText("To Marisol Rosterline, Sofía Rosterline").waitFor();
    await kept.locator("li").first().getByRole("button", { name: "Cancel this message" }).click();
    await c.page.getByText("The scheduled message was cancelled; it will not be sent.").waitFor();
    await expect.poll(() => c.page.getByTestId("scheduled-messages").locator("li").count()).toBe(1);

    // The conversation's composer offers the same when its send (over the socket) is held by quiet hours.
    const { rows } = await (
      await db()
    ).query<{ id: string }>(
      `select p.conversation_id as id from conversation_participants p join users u on u.id = p.user_id
       where u.full_name = 'Tomás Baselinez' limit 1`,
    );
    await c.visit(`/messages/${rows[0]!.id}`);
    await c.page.getByLabel("Message", { exact: true }).fill("Courts 3 and 4 tomorrow");
    await c.page.getByRole("button", { name: "Send", exact: true }).click();
    await c.page
      .getByRole("alert")
      .getByText(/^Quiet hours/)
      .waitFor();
    await c.page.getByRole("button", { name: "Send at 8:00 AM" }).click();
    await c.page.getByText("Scheduled: it will be sent at 8:00 AM, if Safe Play still allows it then.").waitFor();
    await c.page.getByTestId("scheduled-messages").getByText("Courts 3 and 4 tomorrow").waitFor();
    expect(await c.page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
  });

  it("reads the same in Spanish: the families' states and the offer to send at 8:00", async () => {
    await setServerSettings({ now: NIGHT });
    const c = await open({ viewport: PHONE, locale: "es-US" });
    await useSession(c.context, server.url, coach);
    await c.visit(`/es/rosters/${sessionId}`);
    await card(c.page, "Tomás Baselinez").getByText("Familia confirmada para mensajes").waitFor();
    await c.page.getByLabel("Mensaje", { exact: true }).fill("Mañana traigan agua");
    await c.page.getByRole("button", { name: "Enviar a cada familia" }).click();
    const answer = c.page.getByTestId("roster-message-result");
    await answer.getByText("Enviado a 0 familias.").waitFor();
    await answer.getByText(/^No se envió para Tomás Baselinez: Horario de descanso/).waitFor();
    await answer.getByRole("button", { name: "Enviar a las 8:00 a. m." }).waitFor();
  });
});
