// Places and eligibility as a family reads them on a phone (issue 39), in English and Spanish: a program page's session
// card says how many places are left (and what to bring), the registration form's session list says it too, a full session's card says "Full: join the waitlist" with a button to join it
// (never "Ask for a place online"), /calendar says the places left beside the session's day, and the enroll form offers
// only the athlete who fits, saying beside the 15-year-old why not; the request's answer and the family page say what
// it holds. The rules themselves are app/enrollment/places-eligibility.server.test.ts's. On the worker's shared server
// (decision 0034); every name here is this file's own.
import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, useSession } from "./support/messaging";
import { sharedServer } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";

const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
const PHONE = { width: 390, height: 844 };
const open = setupBrowser(() => server.url);
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const db = async () => (database ??= await openDatabase(server.dataDir));
afterAll(async () => {
  await database?.close();
});

/** A weekly winter session running now (Mondays and Wednesdays), with `capacity` places, `held` of them enrolled. */
async function session(title: string, capacity: number, held: number, extra: { agesFrom?: number; agesTo?: number } = {}) {
  const { rows } = await (
    await db()
  ).query<{ id: string }>(
    `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, ages_from, ages_to)
     values ($1, 'weekly', '{1,3}', '2026-11-02', '2027-02-26', '16:30', '18:00', 'Fort Dupont, Washington, DC', 'winter', $2, $3, $4) returning id`,
    [title, capacity, extra.agesFrom ?? null, extra.agesTo ?? null],
  );
  const id = rows[0]!.id;
  for (let i = 0; i < held; i++) {
    const athlete = crypto.randomUUID();
    await (
      await db()
    ).query(
      `insert into users (id, email, full_name, role, client_kind, date_of_birth, email_verified)
       values ($1, $2, 'Placeswatch Holder', 'client', 'athlete', '2016-01-01', true)`,
      [athlete, `placeswatch-holder-${athlete.slice(0, 8)}@example.com`],
    );
    await (
      await db()
    ).query(
      `insert into enrollments (event_id, athlete_id, status, emergency_name, emergency_phone) values ($1, $2, 'enrolled', 'Holder Contact', '202-555-0100')`,
      [id, athlete],
    );
  }
  return id;
}

describe("places left and who fits, on a phone", () => {
  it("says places left on the card, the calendar and the form; a full card offers the waitlist; the form says why a 15-year-old does not fit", async () => {
    const clinic = await session("Placeswatch Clinic", 3, 1, { agesFrom: 8, agesTo: 12 });
    await session("Placeswatch Full Clinic", 1, 1);

    // A visitor reads the program page: places left on one card, the full card's waitlist.
    const v = await open({ viewport: PHONE });
    await v.visit("/programs/winter");
    const card = v.page
      .locator("article, div")
      .filter({ has: v.page.getByRole("heading", { name: "Placeswatch Clinic", exact: true }) })
      .last();
    await card.getByText("2 places left").waitFor();
    const full = v.page
      .locator("article, div")
      .filter({ has: v.page.getByRole("heading", { name: "Placeswatch Full Clinic", exact: true }) })
      .last();
    await full.getByText("Full: join the waitlist").waitFor();
    await full.getByRole("link", { name: "Join the waitlist Placeswatch Full Clinic" }).waitFor();
    expect(await full.getByRole("link", { name: /Ask for a place online/ }).count()).toBe(0);
    // What to bring: no list written for this session, so the organisation's standing one.
    await card.getByText("a racquet if you have one (we lend them)", { exact: false }).waitFor();
    await v.visit("/calendar");
    await v.page.getByRole("listitem").filter({ hasText: "Placeswatch Clinic" }).first().getByText("2 places left").waitFor();
    // The registration form's session list says the same, from the same count.
    await v.visit("/programs/registration?program=winter");
    const sessions = await v.page.getByLabel("Session", { exact: true }).locator("option").allTextContents();
    expect(sessions.find((o) => o.startsWith("Placeswatch Clinic"))).toMatch(/ · 2 places left$/);
    expect(sessions.find((o) => o.startsWith("Placeswatch Full Clinic"))).toMatch(/ · Full: join the waitlist$/);
    await v.visit("/es/programs/winter");
    await v.page.getByText("Completa: únase a la lista de espera").waitFor();
    await v.page.getByText("Quedan 2 plazas").first().waitFor();

    // A guardian with a 10-year-old and a 15-year-old opens the clinic's form.
    const guardian = await makePerson(server.url, "Pia Placeswatch", { env: server.env });
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit("/account/family");
    for (const [name, born] of [
      ["Nico Placeswatch", "2016-05-01"],
      ["Teo Placeswatch", "2011-05-01"],
    ] as const) {
      await g.page.getByLabel("Athlete's name").fill(name);
      await g.page.getByLabel("Athlete's date of birth").fill(born);
      await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
      await g.page.getByRole("status").getByText(`${name} was added to your family.`, { exact: false }).waitFor();
    }
    await g.visit(`/enroll/${clinic}`);
    await g.page.getByTestId("places-left").getByText("2 places left").waitFor();
    const choice = g.page.getByLabel("Student-athlete");
    expect(await choice.locator("option").allTextContents()).toEqual(["Choose…", "Nico Placeswatch"]);
    await g.page
      .getByRole("region", { name: "Not for this session" })
      .getByText("Teo Placeswatch is 15 on this session's first day (November 2, 2026); it is for ages 8-12.")
      .waitFor();
    await g.visit(`/es/enroll/${clinic}`);
    await g.page.getByText("Quedan 2 plazas").waitFor();
    await g.page
      .getByRole("region", { name: "No corresponde a esta sesión" })
      .getByText("Teo Placeswatch tiene 15 años el primer día de esta sesión (2 de noviembre de 2026); la sesión es para edades de 8 a 12 años.")
      .waitFor();

    // Nico's request is sent: the answer and the family page say it holds no place yet.
    await g.visit(`/enroll/${clinic}`);
    await choice.selectOption({ label: "Nico Placeswatch" });
    await g.page.getByLabel("Emergency contact's name").fill("Pia Placeswatch");
    await g.page.getByLabel("Emergency contact's phone").fill("(202) 555-0177");
    await g.page.getByRole("button", { name: "Send the request" }).click();
    await g.page.waitForURL((u) => u.pathname === "/account/enrollments");
    await g.page
      .getByText("Request sent: its status is on this page and in your mail. This request does not hold a place yet", { exact: false })
      .first()
      .waitFor();
    await g.page.getByTestId("request-holds").getByText("This request does not hold a place yet", { exact: false }).waitFor();
  });
});
