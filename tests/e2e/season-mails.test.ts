// Mails of a season (issue 39), as a coach sees them on a phone: a coach whose address is unconfirmed is told on
// /appointments, in English and in Spanish, that booking and cancellation mails are held back, and the link to confirm
// it is sent again from there (without leaving the page); once confirmed, the notice is gone. The status mails' rules
// (the Enrolled mail's contents, steps within two minutes as one mail) are app/mail/status-mails.server.test.ts's, with
// the real queue and SMTP server. A message kept at the end of quiet hours and refused when it came due (the family's
// confirmation withdrawn meanwhile) reaches its coach as a mail that says to whom, when, why and what it said, and its
// link opens the conversation, where the refusal is listed (decision 0063; the rules, the push and the Spanish mail are
// app/messaging/scheduled-refusal.server.test.ts's). On its worker's shared server, whose mail goes to the shared sink
// (decision 0034).
import { afterAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { sharedMailbox } from "./support/mail";
import { makePerson, openDatabase, useSession } from "./support/messaging";
import { resetServerSettings, setServerSettings, sharedServer } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";

const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
const smtp = sharedMailbox();
const open = setupBrowser(() => server.url);
const PHONE = { width: 390, height: 844 };

let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const db = async () => (database ??= await openDatabase(server.dataDir));
afterAll(async () => {
  await resetServerSettings();
  await database?.close();
});

describe("a coach whose address is unconfirmed", () => {
  it("is told on /appointments what is held back, in English and Spanish, and can have the link sent again", async () => {
    const coach = await makePerson(server.url, "Holly Heldmail", { coach: true, env: server.env });
    const { context, page, visit } = await open({ viewport: PHONE });
    await useSession(context, server.url, coach);

    await visit("/appointments");
    const notice = page.getByRole("region", { name: "Booking and cancellation mails are held back" });
    await notice
      .getByText(`Booking and cancellation mails are not sent until you confirm your address (${coach.email}).`, { exact: false })
      .waitFor();

    await visit("/es/appointments");
    const aviso = page.getByRole("region", { name: "Los correos de reservas y cancelaciones están retenidos" });
    await aviso
      .getByText(`No le enviamos correos de reservas ni de cancelaciones hasta que confirme su dirección (${coach.email}).`, { exact: false })
      .waitFor();
    const before = (await smtp.mailTo(coach.email)).length;
    await aviso.getByRole("button", { name: "Enviar de nuevo el enlace de confirmación" }).click();
    await page.waitForURL((u) => u.pathname === "/es/appointments");
    await expect.poll(async () => (await smtp.mailTo(coach.email)).length, { timeout: 30_000 }).toBe(before + 1);
    const link = (await smtp.mailTo(coach.email)).at(-1)!.links.find((l) => l.includes("/verify-email?token="))!;
    await visit(new URL(link).pathname + new URL(link).search);

    await visit("/appointments");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("region", { name: "Booking and cancellation mails are held back" }).count()).toBe(0);
  });
});

// Thursday 3 December 2026 in New York, 15 seconds before quiet hours end (8 PM to 8 AM): the message kept for 8:00 AM
// is queued to run 15 seconds after it is kept (the queue waits on the wall clock). Rather than wait them out, the test
// sets the site's clock to 8:00:30 and brings the job's time forward with the queue's own reschedule_jobs, as an
// operator would: the queue then runs it as it runs any job that has come due.
const BEFORE_EIGHT = "2026-12-03T07:59:45-05:00";
const AFTER_EIGHT = "2026-12-03T08:00:30-05:00";

/** A session coached by `coachEmail` with one minor, Pilar, whose family (her guardian Quentin) staff confirmed. */
async function refusalmailRoster(coachEmail: string) {
  const q = await db();
  const stamp = Date.now();
  const [pilar, quentin] = [`pilar-${stamp}`, `quentin-${stamp}`];
  const { rows } = await q.query<{ id: string }>(
    `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, levels)
     values ('Refusalmail Morning Clinic', 'weekly', '{4}', '2026-09-01', '2026-12-31', '16:00', '17:30', 'Fort Dupont', 'fall', 8, '{1,2,3,4,5}')
     returning id`,
  );
  const sessionId = rows[0]!.id;
  await q.query("insert into session_coaches (event_id, coach_id) select $1, id from users where email = $2", [sessionId, coachEmail]);
  // The coach's address is confirmed: the refusal is mailed to it.
  await q.query("update users set email_verified = true where email = $1", [coachEmail]);
  await q.query(
    `insert into users (id, email, full_name, role, client_kind, date_of_birth, email_verified) values
       ($1, $1 || '@no-login.invalid', 'Pilar Refusalmail', 'client', 'athlete', '2013-04-04', false),
       ($2, $2 || '@example.com', 'Quentin Refusalmail', 'client', 'guardian', '1982-02-02', true)`,
    [pilar, quentin],
  );
  const household = (await q.query<{ id: string }>("insert into households default values returning id")).rows[0]!.id;
  await q.query(`insert into household_members (household_id, user_id, role) values ($1, $2, 'guardian'), ($1, $3, 'athlete')`, [
    household,
    quentin,
    pilar,
  ]);
  await q.query(
    `begin; select set_config('nlte.staff_confirmation', 'on', true);
     update household_members set confirmed_at = now(), confirmed_how = 'met at the evaluation' where household_id = '${household}'; commit`,
  );
  await q.query(
    `insert into enrollments (event_id, athlete_id, requested_by, status, emergency_name, emergency_phone) values ($1, $2, $3, 'enrolled', 'Rosa Refusalmail', '202-555-0177')`,
    [sessionId, pilar, quentin],
  );
  const withdrawConfirmation = () =>
    q.query("update household_members set confirmed_at = null, confirmed_by = null, confirmed_how = null where household_id = $1", [household]);
  return { sessionId, withdrawConfirmation };
}

describe("a kept message refused when it comes due", () => {
  it("reaches its coach as a mail saying to whom, when, why and what it said; its link shows the refusal", async () => {
    const coach = await makePerson(server.url, "Coach Dario Refusalmail", { coach: true, env: server.env });
    const { sessionId, withdrawConfirmation } = await refusalmailRoster(coach.email);
    await setServerSettings({ now: BEFORE_EIGHT });
    const { context, page, visit } = await open({ viewport: PHONE });
    await useSession(context, server.url, coach);

    // Quiet hours: the roster's message is kept for 8:00 AM.
    await visit(`/rosters/${sessionId}`);
    await page.getByLabel("Message", { exact: true }).fill("Refusalmail: courts 5 and 6 this afternoon");
    await page.getByRole("button", { name: "Send to each family" }).click();
    const answer = page.getByTestId("roster-message-result");
    await answer.getByText(/^Not sent for Pilar Refusalmail: Quiet hours/).waitFor();
    await answer.getByRole("button", { name: "Send at 8:00 AM" }).click();
    await page.getByText(/^Scheduled for 1 family: it will be sent on Dec 3, 2026, 8:00 AM EST/).waitFor();

    // The job is queued for 8:00 on the site's clock: 15 seconds after it was queued, on the wall clock.
    const job = await (
      await db()
    ).query<{ id: string; wait: number }>(
      `select j.id, extract(epoch from j.run_at - j.created_at)::float as wait from graphile_worker.jobs j
        join scheduled_messages s on j.key = 'send_scheduled_message:' || s.id
        join users u on u.id = s.sender_id where u.email = $1 and s.status = 'scheduled'`,
      [coach.email],
    );
    expect(job.rows).toHaveLength(1);
    expect(job.rows[0]!.wait).toBeGreaterThan(14);
    expect(job.rows[0]!.wait).toBeLessThan(16.5);

    // Meanwhile the family's confirmation is withdrawn; at 8:00 Safe Play is asked again and refuses.
    await withdrawConfirmation();
    await setServerSettings({ now: AFTER_EIGHT });
    await (await db()).query("select graphile_worker.reschedule_jobs(array[$1::bigint], run_at := now())", [job.rows[0]!.id]);
    const mail = await smtp.waitFor(coach.email, "A scheduled message was not sent", 60_000);
    expect(mail.text).toMatch(/Your message to Pilar Refusalmail, Quentin Refusalmail, scheduled for Dec 3, 2026,? 8:00\sAM/);
    // Safe Play's reason, as the roster would say it: the family is no longer confirmed.
    expect(mail.text).toMatch(/was not sent: [^\n]*(not been confirmed|confirmed by staff)/);
    expect(mail.text).toContain("Refusalmail: courts 5 and 6 this afternoon");
    expect(mail.text).toContain("nothing was sent to the family");

    // The mail's link opens the conversation: Safe Play's pause, and the kept message listed as not sent, with why.
    const link = new URL(mail.links.find((l) => l.includes("/messages/"))!);
    await visit(link.pathname);
    const refused = page.getByTestId("scheduled-messages").locator('li[data-scheduled="refused"]');
    await refused.getByText("Refusalmail: courts 5 and 6 this afternoon").waitFor();
    await refused.getByText(/^Not sent on Dec 3, 2026,? 8:00\sAM EST: .*(not been confirmed|confirmed by staff)/).waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: /not been confirmed|confirmed by staff/ })
      .first()
      .waitFor();
    expect(await page.locator('[data-scheduled="scheduled"]').count()).toBe(0);
  });
});
