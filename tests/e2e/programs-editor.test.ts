// Programs families can decide on (issue 28), on a phone in Chromium: a coach changes a session's fee, place and
// dates with JavaScript on; without JavaScript a bad form gets its message beside the field and stores nothing; a
// visitor sees the change on the program page and the home page's card at the next request, in English and at /es,
// in documents without React; a client is refused. Its own server (decision 0034), not its worker's shared one: it
// edits the starting season's first session (place, fee, dates, coaches) and the organisation's withdrawal notice,
// which other files' pages show as the starting content has them.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { useOwnServer } from "./support/own-server";
import { createAccount, uniqueEmail } from "./support/accounts";
import { expectAccessible, setupBrowser, type BrowserSession } from "./support/browser";
import { openDatabase, signInCookie, useSession } from "./support/messaging";
import { runScript } from "./support/server";
import { formatSpan } from "~/calendar/event-format";
import { startingScheduleTitle, startingSeason } from "~/calendar/starting-season";
import { PROGRAM_PAGES } from "~/content/pages";
import { addDays } from "~/lib/datetime";

const server = useOwnServer();
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
afterAll(async () => {
  await database?.close();
});

const open = setupBrowser(() => server.url);
const PHONE = { viewport: { width: 390, height: 844 } };
const PASSWORD = "secret-serve-12";

/** The spec's cards start in the season running when the site starts, or the next (migration 0040), named after it. */
const now = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
const START = startingSeason(now);
const TERM = START.term;
const FIRST = startingScheduleTitle(TERM);
const PROGRAM = `/programs/${TERM}`;
/** The coach's own dates for the session: inside its season, so it is still the current or next one's. */
const [FROM, TO] = [addDays(START.startsOn, 5), addDays(START.endsOn, 7)];

/** Signs a browser session in by request (signing in is not what this file tests). */
async function signIn(session: BrowserSession, email: string) {
  const cookie = await signInCookie(server.url, email, PASSWORD);
  await useSession(session.context, server.url, { email, password: PASSWORD, fullName: "", cookie });
}

async function scriptsOn(page: Page, path: string) {
  const scripts: string[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(path);
  await page.waitForLoadState("load");
  return scripts;
}

describe("programs edited from the site", () => {
  it("a coach changes a session's fee, place and dates; a bad form without JavaScript is refused beside the field; visitors see the change; a client is refused", async () => {
    const coachEmail = uniqueEmail("coach");
    const clientEmail = uniqueEmail("client");
    await createAccount(server.url, { fullName: "Carla Vega", email: coachEmail, password: PASSWORD });
    await createAccount(server.url, { fullName: "Pat Parent", email: clientEmail, password: PASSWORD });
    expect((await runScript(["cli/user-role.ts", coachEmail, "coach"], { DATA_DIR: server.dataDir, DATABASE_URL: "" })).code).toBe(0);

    // A visitor reads the starting season's program page twice: the second time it comes from memory (decision 0014). No "TBD" anywhere.
    const visitor = await open(PHONE);
    await visitor.visit(PROGRAM);
    await visitor.visit(PROGRAM, { axe: false });
    const sessions = visitor.page.getByRole("region", { name: "Sessions" });
    await sessions.getByRole("heading", { name: FIRST }).waitFor();
    expect(await visitor.page.getByText("TBD").count()).toBe(0);
    await visitor.page.locator("[data-fact=price]").getByRole("link", { name: "Ask us" }).waitFor();

    // The coach, on a phone with JavaScript, goes from the program page to its editor and to the session.
    const coach = await open(PHONE);
    await signIn(coach, coachEmail);
    await coach.visit(PROGRAM);
    await coach.page.getByRole("link", { name: "Edit this program" }).click();
    await coach.page.waitForURL((u) => u.pathname === `${PROGRAM}/edit`);
    await coach.page.getByRole("heading", { level: 1, name: `Edit ${PROGRAM_PAGES[TERM].heading}` }).waitFor();
    await expectAccessible(coach.page);
    await coach.page.getByRole("link", { name: `Edit session ${FIRST}` }).click();
    await coach.page.waitForURL(/\/calendar\/events\/[0-9a-f-]+$/);
    const sessionPath = new URL(coach.page.url()).pathname;
    await expectAccessible(coach.page);
    const form = coach.page.getByRole("main");
    await form.getByLabel("Place (optional)").fill("Anacostia Park courts");
    await form.getByLabel("Street address").fill("1800 Anacostia Dr SE, Washington, DC 20020");
    await form.getByLabel("Fee in dollars").fill("95");
    await form.getByLabel("First day (optional)").fill(FROM);
    await form.getByLabel("Last day (optional)").fill(TO);
    await form.getByRole("button", { name: "Save event" }).click();
    await coach.page.waitForURL(/\/calendar\/events$/);
    await coach.page.getByText("Event saved").first().waitFor();

    // The organisation's one withdrawal notice, set on /programs/edit, is what every page says.
    await coach.visit("/programs/edit", { axe: false }); // checked after the test, with the notice saved
    const policy = coach.page.getByRole("region", { name: "Withdrawal notice" });
    await policy.getByLabel("Days' notice to withdraw").fill("21");
    await policy.getByRole("button", { name: "Save notice" }).click();
    await coach.page.getByText("Withdrawal notice saved").first().waitFor();

    // Without JavaScript: a negative fee and a 5,000-character street address are refused beside their fields.
    const noScript = await open({ ...PHONE, javaScriptEnabled: false });
    await signIn(noScript, coachEmail);
    await noScript.page.goto(sessionPath);
    const main = noScript.page.getByRole("main");
    await main.getByLabel("Fee in dollars").fill("-5");
    await main.getByLabel("Street address").fill("1".repeat(5000));
    await main.getByLabel("Last day (optional)").fill(addDays(FROM, -1));
    await main.getByRole("button", { name: "Save event" }).click();
    const fee = main.getByLabel("Fee in dollars");
    expect(await fee.getAttribute("aria-invalid")).toBe("true");
    const feeError = noScript.page.locator(`#${await fee.getAttribute("aria-describedby")}`);
    expect(await feeError.textContent()).toBe("Enter a fee of 0 or more in dollars, such as 120 or 120.50.");
    await main.getByText("Keep the street address under 200 characters.").waitFor();
    await main.getByText("The last day must be on or after the first day").waitFor();
    expect(await fee.inputValue()).toBe("-5");

    // The visitor's next request shows the coach's change, not the refused one, in a document without React.
    const scripts = await scriptsOn(visitor.page, PROGRAM);
    expect(scripts.some((s) => s.includes("entry.client"))).toBe(false);
    const card = sessions.getByRole("listitem").filter({ has: visitor.page.getByRole("heading", { name: FIRST }) });
    await card.getByText("$95 a month").waitFor();
    await card.getByText("Anacostia Park courts, 1800 Anacostia Dr SE, Washington, DC 20020").waitFor();
    await card.getByText(formatSpan(FROM, TO, "en")).waitFor();
    expect(await card.getByRole("link", { name: "Map of Anacostia Park courts" }).getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=1800%20Anacostia%20Dr%20SE%2C%20Washington%2C%20DC%2020020",
    );
    await visitor.page.locator("[data-fact=price]").getByText("$95 a month").waitFor();
    await visitor.visit("/");
    await visitor.page.getByText("Anacostia Park courts").first().waitFor();

    await visitor.visit(`/es${PROGRAM}`);
    const sesiones = visitor.page.getByRole("region", { name: "Sesiones" });
    await sesiones.getByText("$95 al mes").waitFor();
    await sesiones.getByText(formatSpan(FROM, TO, "es")).waitFor();
    await sesiones.getByRole("link", { name: "Mapa de Anacostia Park courts" }).waitFor();
    await visitor.visit("/es");
    await visitor.page.getByText("Anacostia Park courts").first().waitFor();

    // A client is refused on the server, and nothing changes.
    const client = await open(PHONE);
    await signIn(client, clientEmail);
    const cookie = await signInCookie(server.url, clientEmail, PASSWORD);
    for (const path of ["/programs/edit", `${PROGRAM}/edit`, sessionPath])
      expect((await fetch(`${server.url}${path}`, { headers: { cookie } })).status).toBe(403);
    const refused = await fetch(`${server.url}/programs/edit`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ intent: "save-policy", days: "1" }),
    });
    expect(refused.status).toBe(403);
    expect((await fetch(`${server.url}/programs/edit`, { redirect: "manual" })).status).toBe(302);
    await client.visit("/programs/edit");
    await client.page.getByText("You do not have permission to do that.").waitFor();
    await visitor.visit("/faq");
    await visitor.page.getByText("How do I withdraw my child from a program?").click();
    await visitor.page.getByText("Once enrolled, please give 21 days' notice to withdraw.").waitFor();
    await visitor.visit("/programs");
    await visitor.page.getByText("Once enrolled, please give 21 days' notice to withdraw.").waitFor();
    await visitor.visit("/es/programs/registration");
    await visitor.page.getByText("Una vez inscrito, para retirarse avísenos con 21 días de anticipación.").waitFor();
  });

  it("a coach sets who coaches a session without JavaScript (at least one), and a session with a family's request cannot be deleted", async () => {
    const [danaEmail, eliEmail] = [uniqueEmail("dana"), uniqueEmail("eli")];
    await createAccount(server.url, { fullName: "Dana Deuce", email: danaEmail, password: PASSWORD });
    await createAccount(server.url, { fullName: "Eli Edge", email: eliEmail, password: PASSWORD });
    for (const email of [danaEmail, eliEmail])
      expect((await runScript(["cli/user-role.ts", email, "coach"], { DATA_DIR: server.dataDir, DATABASE_URL: "" })).code).toBe(0);
    const dana = await open({ ...PHONE, javaScriptEnabled: false });
    await signIn(dana, danaEmail);
    await dana.visit(`${PROGRAM}/edit`);
    const form = dana.page.getByRole("form", { name: `Coaches of ${FIRST}` });
    // The starting schedule's sessions were made before any coach: the editor says so.
    await dana.page.getByText("(no coach yet: only a session's coaches open its roster)").first().waitFor();
    await form.getByRole("button", { name: `Save coaches ${FIRST}` }).click();
    await form.getByText("Choose at least one coach for the session.").waitFor();
    await form.getByLabel("Dana Deuce").check();
    await form.getByLabel("Eli Edge").check();
    await form.getByRole("button", { name: `Save coaches ${FIRST}` }).click();
    await dana.page.waitForURL((u) => u.pathname === `${PROGRAM}/edit`);
    expect(await form.getByLabel("Dana Deuce").isChecked()).toBe(true);
    expect(await form.getByLabel("Eli Edge").isChecked()).toBe(true);
    database ??= await openDatabase(server.dataDir);
    const { rows } = await database.query<{ id: string; coaches: string[] }>(
      `select e.id, array(select u.full_name from session_coaches s join users u on u.id = s.coach_id where s.event_id = e.id order by 1) as coaches
       from events e where e.title = $1`,
      [FIRST],
    );
    expect(rows.map((r) => r.coaches)).toEqual([["Dana Deuce", "Eli Edge"]]);

    // A family's request is history: removing the session is refused, said beside it, and it stays.
    const sessionId = rows[0]!.id;
    await database.query(
      `with a as (insert into users (id, email, full_name, role, client_kind, date_of_birth) values (gen_random_uuid()::text, $2, 'Rae Request', 'client', 'athlete', '2014-01-01') returning id)
       insert into enrollments (event_id, athlete_id, status, emergency_name, emergency_phone) select $1, a.id, 'requested', 'Rae Parent', '202-555-0100' from a`,
      [sessionId, uniqueEmail("rae")],
    );
    await dana.visit("/calendar/events");
    await dana.page.getByRole("button", { name: `Remove ${FIRST}` }).click();
    await dana.page
      .getByRole("alert")
      .getByText("This session has families' requests or attendance on record, so it cannot be deleted", { exact: false })
      .waitFor();
    expect((await database.query(`select 1 from events where id = $1`, [sessionId])).rows).toHaveLength(1);
  });
});
