// Lesson fees end to end in Chromium on a phone (issue 41, decision 0058): an administrator gives a coach a price of
// their own on /staff/lesson-prices; a guardian sees it on /lessons before booking, books, and finds the charge on
// /account/payments; the coach cancels through the confirm dialog (without JavaScript, the question is asked in place
// first), and the guardian reads the credit, in Spanish.
// The integration tests (app/payments/lesson-fees.server.test.ts) carry the rules; this file what a person sees.
// On its worker's shared server (decision 0034): only this file's coach has a price, so no other file's booking is
// charged; the clock is the file's own.
import { afterAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, useSession } from "./support/messaging";
import { sharedServer, useServerSettings } from "./support/shared-server";

// Wednesday 25 November 2026, noon in New York; the Friday lesson is two days ahead.
useServerSettings({ now: "2026-11-25T12:00:00-05:00" });
const server = sharedServer();
const PHONE = { width: 390, height: 844 };
const open = setupBrowser(() => server.url);
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const db = async () => (database ??= await openDatabase(server.dataDir));
afterAll(async () => {
  await database?.close();
});

describe("lesson fees", () => {
  it("a family sees the coach's price, books and owes it; the coach cancels through the dialog and the family is credited", async () => {
    const [admin, coach, guardian] = await Promise.all([
      makePerson(server.url, "Admin Feeset", { coach: true, env: server.env }),
      makePerson(server.url, "Coach Lena Fees", { coach: true, env: server.env }),
      makePerson(server.url, "Fiona Feeson", { env: server.env }),
    ]);
    const sql = await db();
    await sql.query("update users set admin = true where email = $1", [admin.email]);
    await sql.query("update users set email_verified = true where email in ($1, $2)", [coach.email, guardian.email]);
    // Coach Lena's Fridays, 15:00-17:00 (publishing them is booking.test.ts's).
    const { rows } = await sql.query<{ id: string }>(
      `insert into booking_windows (coach_id, kind, weekday, start_time, end_time, place)
       select id, 'lesson', 5, '15:00', '17:00', 'Feeson Park' from users where email = $1 returning coach_id as id`,
      [coach.email],
    );
    const coachId = rows[0]!.id;

    // The administrator gives Coach Lena a 60-minute price of her own; a negative one is refused beside the field.
    const a = await open({ viewport: PHONE });
    await useSession(a.context, server.url, admin);
    await a.visit("/staff/lesson-prices");
    const lena = a.page.getByRole("listitem").filter({ has: a.page.getByRole("heading", { name: "Coach Lena Fees" }) });
    const sixty = lena.getByLabel("Lesson, 60 minutes (US dollars); the organisation's: none");
    await sixty.fill("-45");
    await lena.getByRole("button", { name: "Save Coach Lena Fees's prices" }).click();
    await lena.getByText("Enter a price from $0 to $500, like 45 or 45.50.").waitFor();
    await sixty.fill("45");
    await lena.getByRole("button", { name: "Save Coach Lena Fees's prices" }).click();
    await a.page.getByText("Prices saved").waitFor();

    // Fiona adds her son and chooses Friday 3 pm with Coach Lena: the price is said before she books.
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit("/account/family");
    await g.page.getByLabel("Athlete's name").fill("Felix Feeson");
    await g.page.getByLabel("Athlete's date of birth").fill("2013-04-01");
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page.getByRole("status").getByText("Felix Feeson was added to your family.", { exact: false }).waitFor();
    await g.visit(`/lessons?coach=${coachId}&minutes=60`);
    await g.page.getByText("Price: $45", { exact: true }).waitFor();
    await g.page.getByRole("link", { name: "Friday, November 27, 3:00 PM with Coach Lena Fees" }).click();
    await g.page.getByRole("heading", { name: "Book this time?" }).waitFor();
    await g.page.getByText("Price: $45", { exact: true }).waitFor();
    await g.page.getByLabel("I would like financial help").waitFor();
    await g.page.getByRole("button", { name: "Book this time" }).click();
    await g.page
      .getByRole("region", { name: "Your bookings" })
      .getByRole("heading", { name: "Private lesson: Friday, November 27, 3:00 PM–4:00 PM" })
      .waitFor();

    await g.visit("/account/payments");
    const history = g.page.getByRole("region", { name: "Your account" });
    await history.getByRole("cell", { name: "Fee: Private lesson, 60 minutes, November 27, 2026, with Coach Lena Fees" }).waitFor();
    expect(await history.getByRole("cell", { name: "$45", exact: true }).count()).toBeGreaterThan(0);

    // Without JavaScript, the coach's first post only asks, in place, with the reason kept (decision 0049).
    const plain = await open({ viewport: PHONE, javaScriptEnabled: false });
    await useSession(plain.context, server.url, coach);
    await plain.visit("/appointments");
    const card = plain.page.getByRole("article", { name: "3:00 PM Private lesson: Felix Feeson" });
    await card.getByText("Cancel Felix Feeson's booking").click();
    await card.getByLabel("Reason for cancelling (the family reads it)").fill("The courts are flooded");
    await card.getByRole("button", { name: "Cancel and tell the family" }).click();
    const asked = plain.page.getByRole("group", { name: "Cancel Felix Feeson's lesson on Friday, November 27, 3:00 PM?" });
    await asked.getByRole("button", { name: "Yes, cancel it" }).waitFor();
    expect(await asked.locator('input[name="reason"]').inputValue()).toBe("The courts are flooded");
    expect((await sql.query("select 1 from bookings where cancelled_at is null and place = 'Feeson Park'")).rows).toHaveLength(1);

    // The coach cancels from a phone: the reason, then the dialog that names Felix and the day and says the credit.
    const c = await open({ viewport: PHONE });
    await useSession(c.context, server.url, coach);
    await c.visit("/appointments");
    const lesson = c.page.getByRole("article", { name: "3:00 PM Private lesson: Felix Feeson" });
    await lesson.getByText("Cancel Felix Feeson's booking").click();
    await lesson.getByLabel("Reason for cancelling (the family reads it)").fill("The courts are flooded");
    await lesson.getByRole("button", { name: "Cancel and tell the family" }).click();
    const dialog = c.page.getByRole("alertdialog", { name: "Cancel Felix Feeson's lesson on Friday, November 27, 3:00 PM?" });
    await dialog.getByText("whatever they were charged for it is credited to their account in full", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Yes, cancel it" }).click();
    await c.page.getByText("Cancelled. The family has been told.").waitFor();

    // Fiona reads the credit and why, in Spanish: she owes nothing for it.
    await g.visit("/es/account/payments");
    const historial = g.page.getByRole("region", { name: "Su cuenta" });
    await historial.getByRole("cell", { name: "Crédito: quien entrena canceló la clase del 27 de noviembre de 2026" }).waitFor();
    await historial.getByRole("cell", { name: "Cuota: Clase privada, 60 minutos, 27 de noviembre de 2026, con Coach Lena Fees" }).waitFor();
  });
});
