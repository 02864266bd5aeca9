// Fees, aid and paying online end to end in Chromium on a phone (issue 41): a Spanish-speaking guardian asks a place for
// her daughter and financial help in the same request form, and is told it is with staff; an administrator grants 75% on /aid;
// the guardian sees the rest due, pays it through Checkout (the tests' loopback payment service in Stripe's place,
// answering the official SDK and signing its webhook as Stripe does) and gets the receipt, page and mail with its PDF, in
// Spanish; staff read the family's account a page at a time, as the family does, without the page's script. A family
// granted a full waiver is enrolled and never asked to pay; when the organisation cancels its clinic, a request still
// waiting in it ends and the family's page says the session was cancelled; the enrolled son's family is told by mail
// that nothing was owed for it.
// Its own server (useOwnServer, not the worker's shared one): Checkout needs STRIPE_* pointed at the loopback payment
// service, which the shared servers' settable parts (useServerSettings) do not include.
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaymentService } from "../support/payment-service";
import { setupBrowser } from "./support/browser";
import { sharedMailbox } from "./support/mail";
import { makePerson, openDatabase, useSession, type Person } from "./support/messaging";
import { useOwnServer } from "./support/own-server";

const PHONE = { width: 390, height: 844 };
const service = await startPaymentService();
const server = useOwnServer({ STRIPE_SECRET_KEY: service.secretKey, STRIPE_WEBHOOK_SECRET: service.webhookSecret, STRIPE_API_URL: service.url });
const open = setupBrowser(() => server.url);
const env = () => ({ DATA_DIR: server.dataDir, DATABASE_URL: "" });
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const db = async () => (database ??= await openDatabase(server.dataDir));

beforeAll(() => {
  service.webhookUrl = `${server.url}/payments/webhook`;
});
afterAll(async () => {
  await database?.close();
  await service.close();
});

describe("fees, financial aid and paying online", () => {
  it("a guardian asks for help in Spanish in the request for a place, is granted 75%, pays the rest through Checkout and gets the receipt", async () => {
    const [guardian, admin]: [Person, Person] = await Promise.all([
      makePerson(server.url, "Paloma Pagadora", { env: env() }),
      makePerson(server.url, "Tesorera Tomasa", { coach: true, env: env() }),
    ]);
    await (await db()).query(`update users set admin = true where email = $1`, [admin.email]);

    // Paloma adds her daughter (the family page, in English as the enrollment test does), then reads Spanish.
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit("/account/family");
    await g.page.getByLabel("Athlete's name").fill("Luz Pagadora");
    await g.page.getByLabel("Athlete's date of birth").fill("2014-03-01");
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page.getByRole("status").getByText("Luz Pagadora was added to your family.", { exact: false }).waitFor();
    // She reads the site in Spanish and proved her address (receipts go to proved addresses only).
    await (await db()).query(`update users set locale = 'es', email_verified = true where email = $1`, [guardian.email]);

    // A $400 season of the fall program. Paloma asks Luz a place in it, in Spanish, and ticks "I would like financial
    // help" in the same form, with her household's size and the school lunch.
    const starts = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const { rows } = await (
      await db()
    ).query<{ id: string }>(
      `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, fee_cents, fee_per)
       values ('Clínica de Otoño Pagos', 'weekly', '{2,4}', $1, $1::date + 90, '16:30', '18:00', 'Fort Dupont', 'fall', 40000, 'season') returning id`,
      [starts],
    );
    await g.visit(`/es/enroll/${rows[0]!.id}`);
    await g.page.getByLabel("Estudiante-atleta").selectOption({ label: "Luz Pagadora" });
    await g.page.getByLabel("Nombre del contacto de emergencia").fill("Paloma Pagadora");
    await g.page.getByLabel("Teléfono del contacto de emergencia").fill("(202) 555-0111");
    await g.page.getByLabel("Me gustaría recibir ayuda económica").check();
    await g.page.getByLabel("Personas en su hogar").fill("5");
    await g.page.getByLabel("Almuerzo escolar gratuito o reducido").selectOption({ label: "Almuerzo gratuito" });
    await g.page.getByRole("button", { name: "Enviar la solicitud" }).click();
    await g.page.waitForURL((u) => u.pathname.endsWith("/account/enrollments"));
    // Staff enroll Luz (enrollment's steps are tested in enrollment.test.ts): the database charges the season. Her
    // payments page says the request for help is with staff and shows no price.
    await (await db()).query(`update enrollments set status = 'enrolled' where event_id = $1`, [rows[0]!.id]);
    await g.visit("/es/account/payments");
    await g.page.getByText("Su solicitud de ayuda está con el personal. No se debe nada hasta que respondan.").first().waitFor();
    expect(await g.page.getByText("$400").count()).toBe(0);

    // The administrator grants 75% until next summer.
    const a = await open({ viewport: PHONE });
    await useSession(a.context, server.url, admin);
    await a.visit("/aid");
    const request = a.page.getByRole("listitem", { name: "Paloma Pagadora" }).first();
    await request.getByText("Free lunch", { exact: false }).waitFor();
    await request.getByLabel("Decision").selectOption("percent");
    await request.getByLabel("Percentage off", { exact: false }).fill("75");
    await request.getByLabel("Until", { exact: false }).fill(`${new Date().getFullYear() + 1}-06-30`);
    await request.getByRole("button", { name: "Save the decision" }).click();
    await a.page.getByText("No request is waiting.").waitFor();

    // Paloma sees the rest due and pays it on the (loopback) Checkout page.
    await g.visit("/es/account/payments");
    await g.page.getByText("75 % de descuento en cada cargo", { exact: false }).waitFor();
    await g.page.getByText("A pagar: $100", { exact: false }).waitFor();
    await g.page.getByRole("button", { name: "Pagar $100 en línea" }).click();
    await g.page.waitForURL((u) => u.origin === service.url);
    await g.page.getByRole("button", { name: "Pay $100.00" }).click();
    await g.page.waitForURL((u) => u.origin === server.url && u.pathname === "/es/account/payments");
    await g.page.getByText("Gracias. Se está confirmando su pago con tarjeta", { exact: false }).waitFor();
    await g.visit("/es/account/payments");
    await g.page.getByText("No se debe nada.").waitFor();
    await g.page.getByRole("cell", { name: "Pago: Tarjeta (en línea)" }).waitFor();

    // The receipt: the page and the mail, in Spanish.
    await g.page.getByRole("link", { name: "Recibo" }).click();
    await g.page.getByText("Monto: $100").waitFor();
    const mail = await sharedMailbox().waitFor(guardian.email, "recibo por $100");
    expect(mail.text).toContain("Gracias por su pago.");
    const pdf = mail.raw.attachments.find((f) => f.contentType === "application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf!.content)), { mergePages: true });
    expect(text).toContain("Monto: $100");

    // The administrator refunds $10 of it to the card (asked once); more than was paid is refused beside the amount.
    const { rows: acct } = await (
      await db()
    ).query<{ id: string }>(
      `select account_id as id from ledger_entries where kind = 'payment' and reference like 'pi_%' and account_id = payment_account_of(
         (select id from users where email = $1))`,
      [guardian.email],
    );
    await a.visit(`/aid/accounts/${acct[0]!.id}`);
    await a.page.getByText("Refund this payment").click();
    await a.page.getByLabel("Amount to refund", { exact: false }).fill("100.01");
    await a.page.getByLabel("Reason (the family reads it)").fill("Un día de lluvia sin clase");
    await a.page.getByRole("button", { name: "Refund…" }).click();
    await a.page.getByText("At most $100 can be refunded", { exact: false }).waitFor();
    await a.page.getByLabel("Amount to refund", { exact: false }).fill("10");
    await a.page.getByLabel("Reason (the family reads it)").fill("Un día de lluvia sin clase");
    await a.page.getByRole("button", { name: "Refund…" }).click();
    await a.page.getByRole("button", { name: "Yes, refund $10" }).click();
    await a.page.getByText("Refund recorded. The family was told by mail.").waitFor();
    await g.visit("/es/account/payments");
    await g.page.getByRole("cell", { name: "Un día de lluvia sin clase", exact: false }).waitFor();
    await g.page.getByText("A pagar: $10", { exact: false }).waitFor();

    // Years later the family's account has more rows than a page: staff's page of it is the family's paging (decision
    // 0075), the newest rows with what the older ones sum to, and plain links to older and newer rows (no script).
    await (
      await db()
    ).query(
      `insert into ledger_entries (account_id, kind, amount_cents, reason)
       select $1, 'correction', case when i % 2 = 1 then 500 else -500 end, 'Ajuste ' || i from generate_series(1, 40) i`,
      [acct[0]!.id],
    );
    const s = await open({ viewport: PHONE, javaScriptEnabled: false });
    await useSession(s.context, server.url, admin);
    await s.visit(`/aid/accounts/${acct[0]!.id}`);
    const history = s.page.getByRole("table");
    await history.getByRole("rowheader", { name: "Earlier entries, all together" }).waitFor();
    await history.getByRole("cell", { name: "Correction: Ajuste 40" }).waitFor();
    expect(await history.getByText("Fee: Clínica de Otoño Pagos (for the season)").count()).toBe(0);
    await s.page.getByText("Page 1 of 2").waitFor();
    await s.page.getByRole("link", { name: "Older entries" }).click();
    await s.page.waitForURL((u) => u.search === "?page=2");
    await history.getByRole("cell", { name: "Fee: Clínica de Otoño Pagos (for the season)" }).waitFor();
    await history.getByRole("rowheader", { name: "Balance after these entries" }).waitFor();
    await s.page.getByRole("link", { name: "Newer entries" }).click();
    await s.page.waitForURL((u) => u.search === "");
    await history.getByRole("row", { name: "Balance $10", exact: true }).waitFor();
  });

  it("a family granted a full waiver is enrolled and never asked to pay", async () => {
    const [guardian, admin]: [Person, Person] = await Promise.all([
      makePerson(server.url, "Wanda Waived", { env: env() }),
      makePerson(server.url, "Tesorero Teo", { coach: true, env: env() }),
    ]);
    await (await db()).query(`update users set admin = true where email = $1`, [admin.email]);
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit("/account/payments");
    await g.page.getByLabel("I would like financial help").check();
    await g.page.getByRole("button", { name: "Ask for help" }).click();
    await g.page.getByText("Your request for help is with staff. Nothing is due until they answer.").first().waitFor();

    const a = await open({ viewport: PHONE });
    await useSession(a.context, server.url, admin);
    await a.visit("/aid");
    const request = a.page.getByRole("listitem", { name: "Wanda Waived" }).first();
    await request.getByLabel("Decision").selectOption("waiver");
    await request.getByLabel("Until", { exact: false }).fill(`${new Date().getFullYear() + 1}-06-30`);
    await request.getByRole("button", { name: "Save the decision" }).click();
    await a.page.getByText("Decision saved.", { exact: false }).waitFor();

    // Her son is then enrolled in a $250 session: the waiver covers it as it is charged.
    await g.visit("/account/family");
    await g.page.getByLabel("Athlete's name").fill("Walt Waived");
    await g.page.getByLabel("Athlete's date of birth").fill("2015-02-01");
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page.getByRole("status").getByText("Walt Waived was added to your family.", { exact: false }).waitFor();
    const starts = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const { rows } = await (
      await db()
    ).query<{ id: string }>(
      `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, fee_cents, fee_per)
       values ('Waiver Clinic', 'weekly', '{3}', $1, $1::date + 90, '16:30', '18:00', 'Fort Dupont', 'fall', 25000, 'season') returning id`,
      [starts],
    );
    await (
      await db()
    ).query(
      `insert into enrollments (event_id, athlete_id, status, emergency_name, emergency_phone)
       select $1, id, 'enrolled', 'Wanda Waived', '202-555-0111' from users where full_name = 'Walt Waived'`,
      [rows[0]!.id],
    );
    await g.visit("/account/payments");
    await g.page.getByText("Your fees are waived: there is nothing to pay.").waitFor();
    await g.page.getByRole("cell", { name: "Fee: Waiver Clinic (for the season)" }).waitFor();
    expect(await g.page.getByRole("button", { name: /Pay .* online/ }).count()).toBe(0);

    // The organisation cancels the clinic on /aid/sessions while a request of Walt's sister still waits in it: the
    // request ends in the same step (decision 0075) and the family's page says why; staff read what was done in place.
    await g.visit("/account/family");
    await g.page.getByLabel("Athlete's name").fill("Wren Waived");
    await g.page.getByLabel("Athlete's date of birth").fill("2016-04-01");
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page.getByRole("status").getByText("Wren Waived was added to your family.", { exact: false }).waitFor();
    await (
      await db()
    ).query(
      `insert into enrollments (event_id, athlete_id, status, emergency_name, emergency_phone)
       select $1, id, 'requested', 'Wanda Waived', '202-555-0111' from users where full_name = 'Wren Waived'`,
      [rows[0]!.id],
    );
    await (await db()).query(`update users set email_verified = true where email = $1`, [guardian.email]);
    await a.visit("/aid/sessions");
    const clinic = a.page.getByRole("listitem", { name: "Waiver Clinic" });
    await clinic.getByLabel("Why (families and staff read it)").fill("Courts closed for repairs");
    await clinic.getByLabel("I understand", { exact: false }).check();
    await clinic.getByRole("button", { name: "Cancel this session and credit its families" }).click();
    await a.page.getByRole("status").getByText("Session cancelled:", { exact: false }).waitFor();
    await g.visit("/account/enrollments");
    await g.page.getByText("The session was cancelled", { exact: false }).waitFor();
    // Walt's place is credited what it was charged after aid (nothing: the waiver), and his family is told by mail.
    const told = await sharedMailbox().waitFor(guardian.email, "Walt Waived in Waiver Clinic: the organisation cancelled the session");
    expect(told.text).toContain("Why: Courts closed for repairs");
    expect(told.text).toContain("Nothing was owed for that session, so there is nothing to credit.");
  });
});
