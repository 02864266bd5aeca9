// Coaches are cleared before they reach children (issue 37), in Chromium on a phone: a coach made a minute ago, with
// no Safe Play training or background check on record, is told so on every page (in English and in Spanish, with
// where to see who records it) and reads the roster of their own session without ages, medical notes, pick-up
// persons, emergency contacts or phones; the administrator sees them among the coaches not cleared on /staff and
// records current dates; the coach's next page has no banner and the roster shows everything. Every page visited is
// checked with axe. On its worker's shared server (decision 0034): its people have names no other file uses, it reads
// only its own coach in /staff's list, and its session ends with the file.
import { afterAll, describe, expect, it } from "vitest";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, signInCookie, useSession } from "./support/messaging";
import { runScript } from "./support/server";
import { sharedServer } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";

const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
const open = setupBrowser(() => server.url);
const PHONE = { viewport: { width: 390, height: 844 } };
const env = () => server.env;
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const db = async () => (database ??= await openDatabase(server.dataDir));
afterAll(async () => {
  await database?.close();
});

const MEDICAL = "Asthma: inhaler in the side pocket";
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A weekly session coached by `coachEmail`, and a guardian's 12-year-old enrolled in it with on-court notes. */
async function sessionWithMinor(coachEmail: string, guardianEmail: string) {
  const q = (await db()).query;
  const { rows } = await q<{ id: string }>(
    `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, levels)
     values ('Clearance Clinic', 'weekly', '{2,4}', current_date - 30, current_date + 90, '16:30', '18:00', 'Fort Dupont', 'fall', 12, '{4,5}')
     returning id`,
  );
  const sessionId = rows[0]!.id;
  await q(`insert into session_coaches (event_id, coach_id) select $1, id from users where email = $2`, [sessionId, coachEmail]);
  const guardian = (await q<{ id: string }>(`select id from users where email = $1`, [guardianEmail])).rows[0]!.id;
  const athlete = `athlete-${Date.now()}`;
  await q(
    `insert into users (id, email, full_name, role, client_kind, date_of_birth, email_verified)
     values ($1, $1 || '@no-login.invalid', 'Milo Minor', 'client', 'athlete', current_date - interval '12 years', false)`,
    [athlete],
  );
  const household = (await q<{ id: string }>(`insert into households default values returning id`)).rows[0]!.id;
  await q(`insert into household_members (household_id, user_id, role) values ($1, $2, 'guardian'), ($1, $3, 'athlete')`, [
    household,
    guardian,
    athlete,
  ]);
  await q(
    `insert into enrollments (event_id, athlete_id, requested_by, status, medical_notes, pickup_people, photo_consent, emergency_name, emergency_phone)
     values ($1, $2, $3, 'enrolled', $4, 'Aunt Bea', true, 'Bea Minor', '(202) 555-0177')`,
    [sessionId, athlete, guardian, MEDICAL],
  );
  return sessionId;
}

describe("a coach not yet cleared", () => {
  it("is told what is missing on every page and reads no family's personal data, until an administrator records current dates", async () => {
    const adminEmail = uniqueEmail("admin");
    await createAccount(server.url, { fullName: "Ada Clearwell", email: adminEmail, password: "secret-serve-12" });
    expect((await runScript(["cli/user-role.ts", adminEmail, "admin"], env())).code).toBe(0);
    const [coach, guardian] = await Promise.all([
      makePerson(server.url, "Nico Newcoach", { coach: true, uncleared: true, env: env() }),
      makePerson(server.url, "Gina Clearwell", { env: env() }),
    ]);
    const sessionId = await sessionWithMinor(coach.email, guardian.email);

    // On every page: the banner, both checks missing, and the way to who records them.
    const c = await open(PHONE);
    await useSession(c.context, server.url, coach);
    await c.visit("/");
    const banner = c.page.getByRole("region", { name: "Safe Play clearance" });
    await banner.getByText("Your Safe Play clearance is not complete", { exact: false }).waitFor();
    await banner.getByText("Safe Play training: not on record or expired.").waitFor();
    await banner.getByText("Background check: not on record or expired.").waitFor();
    await banner.getByRole("link", { name: "Who records it" }).click();
    await c.page.waitForURL((u) => u.pathname === "/staff/profile");
    // Every administrator of the site is named (others' files on this server made some): Ada among them.
    const ask = c.page.getByTestId("own-clearance").getByText("An administrator records them. Ask:", { exact: false });
    expect(await ask.textContent()).toContain(`Ada Clearwell (${adminEmail})`);
    // In Spanish too.
    await c.visit("/es/messages");
    await c.page
      .getByRole("region", { name: "Autorización de Safe Play" })
      .getByText("Su autorización de Safe Play no está completa", { exact: false })
      .waitFor();

    // The roster of the coach's own session: names, levels and statuses; nothing personal.
    await c.visit(`/rosters/${sessionId}`);
    const milo = c.page.locator('[data-athlete="Milo Minor"]');
    await milo.getByRole("heading", { name: "Milo Minor" }).waitFor();
    await milo.getByText("Personal details hidden.").waitFor();
    await c.page.getByTestId("roster-not-cleared").waitFor();
    const hidden = await c.page.content();
    for (const secret of [MEDICAL, "Aunt Bea", "555-0177", "12 years old"]) expect(hidden).not.toContain(secret);
    expect(await c.page.getByRole("link", { name: /Call/ }).count()).toBe(0);

    // The administrator sees Nico among the coaches not cleared, and records the training and the check.
    const a = await open(PHONE);
    await useSession(a.context, server.url, {
      email: adminEmail,
      password: "secret-serve-12",
      fullName: "Ada Clearwell",
      cookie: await signInCookie(server.url, adminEmail, "secret-serve-12"),
    });
    await a.visit("/staff");
    const list = a.page.getByTestId("uncleared-coaches");
    await list.getByRole("link", { name: "Nico Newcoach" }).waitFor();
    await expect
      .poll(async () => list.getByRole("listitem").filter({ hasText: "Nico Newcoach" }).textContent())
      .toContain("Safe Play training: not on record · Background check: not on record");
    const card = a.page.getByRole("article", { name: "Nico Newcoach" });
    await card.getByLabel("Safe Play training completed on").fill(daysAgo(20));
    await card.getByLabel("Background check cleared on").fill(daysAgo(40));
    await card.getByRole("button", { name: "Save checks (Nico Newcoach)" }).click();
    await card.getByText("Checks saved.").waitFor();
    await card.getByText("Cleared: the next date expires on", { exact: false }).waitFor();
    expect(await list.getByRole("link", { name: "Nico Newcoach" }).count()).toBe(0);

    // The coach's next page: no banner, and the roster shows the notes and the guardian's phone.
    await c.visit(`/rosters/${sessionId}`);
    await milo.getByText(`Medical and allergies: ${MEDICAL}`, { exact: false }).waitFor();
    await milo.getByText("Aunt Bea", { exact: false }).waitFor();
    const call = milo.getByRole("link", { name: /Gina Clearwell/ });
    await call.first().waitFor();
    expect(await call.count()).toBe(1);
    expect(await c.page.getByRole("region", { name: "Safe Play clearance" }).count()).toBe(0);
    expect(await c.page.getByTestId("roster-not-cleared").count()).toBe(0);
  });
});
