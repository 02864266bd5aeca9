// Fees, aid and paying online end to end in Chromium on a phone (issue 41): a Spanish-speaking guardian chooses Spanish,
// adds her daughter, asks her a place and financial help in the same request form, all in Spanish; the administrator
// who coaches the session places and enrolls her on its roster (her Spanish enrolled mail names no price while the
// request waits) and grants 75% on /aid; the guardian sees the rest due, pays it through Checkout (the tests' loopback
// payment service in Stripe's place, answering the official SDK and signing its webhook as Stripe does) and gets the
// receipt, page and mail with its PDF, in Spanish; staff read the family's account a page at a time, as the family
// does, without the page's script. A family asks a place with help, is granted a full waiver on /aid, is enrolled on
// the roster and is never asked to pay (page and mail); when the organisation cancels its clinic, a request still
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

/** A weekly season of the fall program starting in 40 days (levels 3-5, Fort Dupont), coached by the person with that address. */
async function seasonCoachedBy(title: string, weekdays: string, feeCents: number, coachEmail: string) {
  const starts = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const { rows } = await (
    await db()
  ).query<{ id: string }>(
    `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, fee_cents, fee_per, levels)
     values ($2, 'weekly', $3, $1, $1::date + 90, '16:30', '18:00', 'Fort Dupont', 'fall', $4, 'season', '{3,4,5}') returning id`,
    [starts, title, weekdays, feeCents],
  );
  await (await db()).query(`insert into session_coaches (event_id, coach_id) select $1, id from users where email = $2`, [rows[0]!.id, coachEmail]);
  return rows[0]!.id;
}

/**
 * Staff's steps for a place, as the site has them: a coach of the session places the one request on its roster at a
 * level, then enrolls it (the roster's steps are tested in enrollment.test.ts).
 */
async function enrollOnRoster(coach: Awaited<ReturnType<typeof open>>, sessionId: string) {
  await coach.visit(`/rosters/${sessionId}`);
  await coach.page.getByLabel("Level", { exact: true }).selectOption("4");
  await coach.page.getByRole("button", { name: "Place at this level" }).click();
  await coach.page.getByText("Placed at a level", { exact: true }).waitFor();
  await coach.page.getByRole("button", { name: "Enroll", exact: true }).click();
  await coach.page.locator("[data-status=enrolled]").waitFor();
}

describe("fees, financial aid and paying online", () => {
  it("a guardian asks for help in Spanish in the request for a place, is granted 75%, pays the rest through Checkout and gets the receipt", async () => {
    const [guardian, admin]: [Person, Person] = await Promise.all([
      makePerson(server.url, "Paloma Pagadora", { env: env() }),
      makePerson(server.url, "Tesorera Tomasa", { coach: true, env: env() }),
    ]);
    await (await db()).query(`update users set admin = true where email = $1`, [admin.email]);
    // She proved her address (receipts and status mails go to proved addresses only).
    await (await db()).query(`update users set email_verified = true where email = $1`, [guardian.email]);

    // Paloma reads the site in Spanish on her phone from the start: she chooses Español (kept on her account, so her
    // mails follow it) on her family page and adds her daughter there.
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit("/account/family");
    await g.page.getByRole("contentinfo").getByRole("button", { name: "Read this page in Español" }).click();
    await g.page.waitForURL((u) => u.pathname === "/es/account/family");
    await g.page.getByLabel("Nombre del estudiante-atleta").fill("Luz Pagadora");
    await g.page.getByLabel("Fecha de nacimiento del estudiante-atleta").fill("2014-03-01");
    await g.page.getByRole("button", { name: "Agregar un estudiante-atleta" }).click();
    await g.page.getByRole("status").getByText("Luz Pagadora se agregó a su familia.", { exact: false }).waitFor();

    // A $400 season of the fall program, coached by the administrator. Paloma asks Luz a place in it, in Spanish, and
    // ticks "I would like financial help" in the same form, with her household's size and the school lunch.
    const sessionId = await seasonCoachedBy("Clínica de Otoño Pagos", "{2,4}", 40000, admin.email);
    await g.visit(`/es/enroll/${sessionId}`);
    await g.page.getByLabel("Estudiante-atleta").selectOption({ label: "Luz Pagadora" });
    await g.page.getByLabel("Nombre del contacto de emergencia").fill("Paloma Pagadora");
    await g.page.getByLabel("Teléfono del contacto de emergencia").fill("(202) 555-0111");
    await g.page.getByLabel("Me gustaría recibir ayuda económica").check();
    await g.page.getByLabel("Personas en su hogar").fill("5");
    await g.page.getByLabel("Almuerzo escolar gratuito o reducido").selectOption({ label: "Almuerzo gratuito" });
    await g.page.getByRole("button", { name: "Enviar la solicitud" }).click();
    await g.page.waitForURL((u) => u.pathname === "/es/account/enrollments");

    // The administrator, who coaches the session, places Luz and enrolls her on its roster: the season is charged.
    const a = await open({ viewport: PHONE });
    await useSession(a.context, server.url, admin);
    await enrollOnRoster(a, sessionId);
    // Her enrolled mail, in Spanish, says the request for help is with staff and names no price.
    const enrolled = await sharedMailbox().waitFor(guardian.email, "Luz Pagadora ya tiene su plaza en Clínica de Otoño Pagos");
    expect(enrolled.text).toContain("Nuestro equipo está revisando su solicitud de ayuda económica");
    expect(enrolled.text).not.toContain("$");
    // Her pages say she is enrolled, and that the request for help is with staff, with no price.
    await g.visit("/es/account/enrollments");
    await g.page.getByRole("main").getByRole("region", { name: "Luz Pagadora" }).getByText("Inscrito", { exact: true }).waitFor();
    await g.visit("/es/account/payments");
    await g.page.getByText("Su solicitud de ayuda está con el personal. No se debe nada hasta que respondan.").first().waitFor();
    expect(await g.page.getByText("$400").count()).toBe(0);

    // The administrator grants 75% until next summer.
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
    await (await db()).query(`update users set email_verified = true where email = $1`, [guardian.email]);
    // A $250 season, coached by the administrator.
    const sessionId = await seasonCoachedBy("Waiver Clinic", "{3}", 25000, admin.email);

    // Wanda adds her son and asks him a place in it, ticking "I would like financial help" in the same form.
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    const addAthlete = async (name: string, born: string) => {
      await g.visit("/account/family");
      await g.page.getByLabel("Athlete's name").fill(name);
      await g.page.getByLabel("Athlete's date of birth").fill(born);
      await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
      await g.page.getByRole("status").getByText(`${name} was added to your family.`, { exact: false }).waitFor();
    };
    const askPlace = async (name: string, help: boolean) => {
      await g.visit(`/enroll/${sessionId}`);
      await g.page.getByLabel("Student-athlete").selectOption({ label: name });
      await g.page.getByLabel("Emergency contact's name").fill("Wanda Waived");
      await g.page.getByLabel("Emergency contact's phone").fill("(202) 555-0111");
      if (help) await g.page.getByLabel("I would like financial help").check();
      await g.page.getByRole("button", { name: "Send the request" }).click();
      await g.page.waitForURL((u) => u.pathname === "/account/enrollments");
    };
    await addAthlete("Walt Waived", "2015-02-01");
    await askPlace("Walt Waived", true);
    await g.page.getByText("Your request for help is with staff. Nothing is due until they answer.").first().waitFor();

    // The administrator grants a full waiver on /aid, then places Walt and enrolls him on the session's roster.
    const a = await open({ viewport: PHONE });
    await useSession(a.context, server.url, admin);
    await a.visit("/aid");
    const request = a.page.getByRole("listitem", { name: "Wanda Waived" }).first();
    await request.getByLabel("Decision").selectOption("waiver");
    await request.getByLabel("Until", { exact: false }).fill(`${new Date().getFullYear() + 1}-06-30`);
    await request.getByRole("button", { name: "Save the decision" }).click();
    await a.page.getByText("Decision saved.", { exact: false }).waitFor();
    await enrollOnRoster(a, sessionId);

    // Walt is enrolled; the waiver covers the season as it is charged: nothing is due, no way to pay is offered, and his
    // enrolled mail says the fee is covered and asks for nothing.
    await g.visit("/account/enrollments");
    await g.page.getByRole("main").getByRole("region", { name: "Walt Waived" }).getByText("Enrolled", { exact: true }).waitFor();
    await g.visit("/account/payments");
    await g.page.getByText("Your fees are waived: there is nothing to pay.").waitFor();
    await g.page.getByRole("cell", { name: "Fee: Waiver Clinic (for the season)" }).waitFor();
    await g.page.getByRole("table").getByRole("row", { name: "Balance $0", exact: true }).waitFor();
    expect(await g.page.getByRole("button", { name: /Pay .* online/ }).count()).toBe(0);
    const enrolled = await sharedMailbox().waitFor(guardian.email, "Walt Waived in Waiver Clinic: Enrolled");
    expect(enrolled.text).toContain("Your financial help covers the whole fee until");
    expect(enrolled.text).not.toContain("Due now");

    // Walt's sister asks a place in the same clinic (no tick: the waiver already answers for the family).
    await addAthlete("Wren Waived", "2016-04-01");
    await askPlace("Wren Waived", false);

    // The organisation cancels the clinic on /aid/sessions while a request of Walt's sister still waits in it: the
    // request ends in the same step (decision 0075) and the family's page says why; staff read what was done in place.
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
