// From a request to the court, end to end in Chromium on phone-sized screens (issue 29): a guardian asks a place for
// her son; a coach places him at level 4 and enrolls him; the guardian sees the status and the level history; the
// coach takes attendance with the browser offline (Playwright's offline mode), the marks stay on the phone and arrive
// once when it is back online (read in the database); the guardian sees the attendance. The clock is a Tuesday
// afternoon, a day the session meets, set on its worker's shared server by the test hooks (decision 0034); the funder
// report is read before and after, as other files' athletes may be counted on that server. Every page visited is
// checked with axe.
import { afterAll, describe, expect, it } from "vitest";
import { sharedServer, useServerSettings } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, useSession, type Person } from "./support/messaging";

// Tuesday 24 November 2026, 3 pm in New York.
const TUESDAY = "2026-11-24T15:00:00-05:00";
const PHONE = { width: 390, height: 844 };

let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const env = () => server.env;
const db = async () => (database ??= await openDatabase(server.dataDir));
const open = setupBrowser(() => server.url);

const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
useServerSettings({ now: TUESDAY });
afterAll(async () => {
  await database?.close();
});

describe("enrollment, levels and courtside attendance", () => {
  it("a guardian asks a place; a coach places and enrolls; attendance taken offline arrives once; the family sees it all", async () => {
    const [coach, guardian]: [Person, Person] = await Promise.all([
      makePerson(server.url, "Coach Carla Enrolls", { coach: true, env: env() }),
      makePerson(server.url, "Gwen Guardian", { env: env() }),
    ]);
    const { rows } = await (
      await db()
    ).query<{ id: string }>(
      `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, levels)
       values ('Enrollpath Clinic', 'weekly', '{2,4}', '2026-09-01', '2026-12-31', '16:30', '18:00', 'Fort Dupont, Washington, DC', 'fall', 12, '{3,4,5}')
       returning id`,
    );
    const sessionId = rows[0]!.id;
    // Carla coaches it (a session's roster is its coaches' only: decision 0033's addendum).
    await (await db()).query(`insert into session_coaches (event_id, coach_id) select $1, id from users where email = $2`, [sessionId, coach.email]);

    // Gwen adds Ari, 11, and asks a place for him in the clinic.
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, guardian);
    await g.visit("/account/family");
    await g.page.getByLabel("Athlete's name").fill("Ari Ace");
    await g.page.getByLabel("Athlete's date of birth").fill("2015-06-01");
    await g.page.getByRole("button", { name: "Add a student-athlete" }).click();
    await g.page.getByRole("status").getByText("Ari Ace was added to your family.", { exact: false }).waitFor();
    await g.visit(`/enroll/${sessionId}`);
    await g.page.getByRole("heading", { level: 1, name: "Ask for a place" }).waitFor();
    await g.page.getByLabel("Student-athlete").selectOption({ label: "Ari Ace" });
    await g.page.getByLabel("Medical notes and allergies (optional)").fill("Asthma: inhaler in his bag");
    await g.page.getByLabel("Who may pick them up (optional)").fill("Grandpa Joe");
    await g.page.getByLabel("Emergency contact's name").fill("Joe Ace");
    await g.page.getByLabel("Emergency contact's phone").fill("(202) 555-0199");
    await g.page.getByLabel("Photos of this athlete may appear", { exact: false }).check();
    await g.page.getByRole("button", { name: "Send the request" }).click();
    await g.page.waitForURL((u) => u.pathname === "/account/enrollments");
    await g.page.getByText("Requested", { exact: true }).waitFor();
    await g.visit("/account/enrollments");

    // The coach opens the roster on a phone: Ari, the on-court notes, Gwen's phone to tap.
    const c = await open({ viewport: PHONE });
    await useSession(c.context, server.url, coach);
    await c.visit("/rosters");
    await c.page.getByRole("link", { name: "Enrollpath Clinic" }).click();
    await c.page.getByRole("heading", { level: 1, name: "Roster: Enrollpath Clinic" }).waitFor();
    await c.page.getByText("Medical and allergies: Asthma: inhaler in his bag").waitFor();
    const call = c.page.getByRole("link", { name: /Gwen Guardian/ });
    expect(await call.count()).toBe(1);
    expect(await call.getAttribute("href")).toBe("tel:2025550111");
    await c.page.getByLabel("Level", { exact: true }).selectOption("4");
    await c.page.getByLabel("Note for the family (optional)").fill("Strong forehand; work on the serve");
    await c.page.getByRole("button", { name: "Place at this level" }).click();
    await c.page.getByText("Placed at a level", { exact: true }).waitFor();
    await c.page.getByRole("button", { name: "Enroll", exact: true }).click();
    await c.page.locator("[data-status=enrolled]").waitFor();
    await c.visit(`/rosters/${sessionId}`);

    // Gwen sees the status and the level with its history.
    await g.visit("/account/enrollments");
    await g.page.getByText("Enrolled", { exact: true }).waitFor();
    await g.page.getByText("Level 4", { exact: true }).waitFor();
    await g.page.getByText("Level 4 on November 24, 2026, by Coach Carla Enrolls", { exact: false }).waitFor();
    await g.page.getByText("“Strong forehand; work on the serve”").waitFor();

    // The funder report's totals before Ari's first attendance (files before this one on the server count too).
    const totals = async () => {
      const csv = (await (await c.page.request.get("/reports/funders.csv")).text()).split("\r\n");
      const line = (name: string) => csv.find((l) => l.includes(`"${name}",`)) ?? "";
      const value = (name: string) => Number(/,"([^"]*)"$/.exec(line(name))?.[1]?.replaceAll(",", "") ?? "0");
      return {
        participants: value("Participants (unique athletes)"),
        fresh: value("New participants"),
        held: value("Sessions held"),
        hours: value("Hours on court (athlete-hours)"),
      };
    };
    const before = await totals();

    // Courtside with no signal: two taps (absent, then present) stay on the phone; nothing reaches the server.
    await c.visit(`/rosters/${sessionId}/attendance`);
    await c.page.getByText("Every mark is saved.").waitFor();
    await c.context.setOffline(true);
    const ari = c.page.getByRole("group", { name: "Ari Ace" });
    await ari.getByText("Absent", { exact: true }).click();
    await ari.getByText("Present", { exact: true }).click();
    await c.page.getByText("Offline: 1 mark kept on this phone.", { exact: false }).waitFor();
    const marks = () =>
      database!.query<{ present: boolean; day: string }>(`select present, day::text from attendance_marks where event_id = $1`, [sessionId]);
    expect((await marks()).rows).toEqual([]);
    // Back online, with the first send lost (a phone says "online" a moment before requests go through): the kept
    // mark is sent again within seconds, not at the next 15-second round, and arrives once.
    let lost = 0;
    await c.page.route("**/marks", (route) => (lost++, route.abort("internetdisconnected")), { times: 1 });
    await c.context.setOffline(false);
    await c.page.getByText("1 mark saved.", { exact: true }).waitFor({ timeout: 5_000 });
    expect(lost).toBe(1);
    expect((await marks()).rows).toEqual([{ present: true, day: "2026-11-24" }]);
    await c.visit(`/rosters/${sessionId}/attendance`);
    expect(await ari.getByLabel("Present", { exact: true }).isChecked()).toBe(true);
    expect((await marks()).rows).toHaveLength(1);

    // The funder report counts him (this year so far): one participant more, new, one session held, 1.5 hours on court.
    await c.visit("/reports/funders");
    const row = (name: string) => c.page.getByRole("row", { name });
    const n = (v: number) => new Intl.NumberFormat("en-US").format(v);
    await row(`Participants (unique athletes) ${n(before.participants + 1)}`).waitFor();
    await row(`New participants ${n(before.fresh + 1)}`).waitFor();
    await row(`Sessions held ${n(before.held + 1)}`).waitFor();
    await row(`Hours on court (athlete-hours) ${n(before.hours + 1.5)}`).waitFor();
    const csv = await c.page.request.get("/reports/funders.csv");
    expect(csv.headers()["content-type"]).toContain("text/csv");
    // Issue 39: the CSV starts with the organisation, the period and the filters; the totals follow.
    expect((await csv.text()).split("\r\n")).toContain(`"Participants (unique athletes)","${n(before.participants + 1)}"`);

    // The same roster in Spanish.
    await c.visit(`/es/rosters/${sessionId}`);
    await c.page.getByRole("heading", { level: 1, name: "Lista: Enrollpath Clinic" }).waitFor();
    await c.page.getByText("Inscrito", { exact: true }).waitFor();

    // Gwen sees Ari's attendance.
    await g.visit("/account/enrollments");
    await g.page.getByText("Present at 1 of 1 sessions").waitFor();
    await g.page.getByTestId("attendance").getByText("Present", { exact: true }).waitFor();

    // Gwen cannot open the roster or the report.
    const refused = await g.page.goto(`/rosters/${sessionId}`);
    expect(refused?.status()).toBe(403);
    await g.page.goto("/account/enrollments");
  });
});
