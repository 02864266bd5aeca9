// From court to college, end to end in Chromium on a phone (issue 42): a coach's roster says Sofía has no evaluation
// this season, and the coach evaluates her on her page; her guardian reads it in Spanish with the change since last
// season; Sofía (16) records a term's grade band; education staff record a college commitment and a scholarship; the
// guardian agrees to list it and /scholarships shows "Sofía G., University of Maryland, 2027"; Lucía attaches a term's
// report card and sees it listed. Another family's guardian is refused her page and the report card. On its worker's
// shared server (decision 0034), its clock set by the test hooks; when it ends, the guardian's yes is withdrawn and its
// session ended, so later files there find /scholarships and the schedule as they left them. Every page visited is
// checked with axe.
import { afterAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, useSession, type Person } from "./support/messaging";
import { sharedServer, useServerSettings } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";

const TUESDAY = "2026-11-24T15:00:00-05:00";
const PHONE = { viewport: { width: 390, height: 844 } };
const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
useServerSettings({ now: TUESDAY });
const open = setupBrowser(() => server.url);
const env = () => server.env;
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const db = async () => (database ??= await openDatabase(server.dataDir));
let listed: string | undefined;
afterAll(async () => {
  // Sofía's listing ends with the file: /scholarships is as it found it (its session ends by endEventsItMakes).
  if (listed) await database?.query("update athlete_milestones set listing_agreed_at = null where athlete_id = $1", [listed]);
  await database?.close();
});

describe("an athlete's path", () => {
  it("is evaluated on a phone, read in Spanish, kept by the family and education staff, and listed only with the guardian's yes", async () => {
    const [coach, guardian, sofia, educator, stranger]: Person[] = await Promise.all([
      makePerson(server.url, "Carmen Pathcoach", { coach: true, env: env() }),
      makePerson(server.url, "Lucia Garcia", { env: env() }),
      makePerson(server.url, "Sofia Garcia", { env: env() }),
      makePerson(server.url, "Edna Educator", { env: env() }),
      makePerson(server.url, "Sam Stranger", { env: env() }),
    ]);
    const q = (await db()).query;
    const id = async (p: Person) => (await q<{ id: string }>(`select id from users where email = $1`, [p.email])).rows[0]!.id;
    const [coachId, guardianId, sofiaId, educatorId] = [await id(coach!), await id(guardian!), await id(sofia!), await id(educator!)];
    // Sofía, 16, in Lucía's household; an after-school session of tennis and homework help that Carmen coaches.
    // Signed up with a plain-letter name (the helper makes the address from it), then named as her family writes it.
    await q(`update users set client_kind = 'athlete', date_of_birth = '2010-04-02', full_name = 'Sofía García' where id = $1`, [sofiaId]);
    const household = (await q<{ id: string }>(`insert into households default values returning id`)).rows[0]!.id;
    await q(`insert into household_members (household_id, user_id, role) values ($1, $2, 'guardian'), ($1, $3, 'athlete')`, [
      household,
      guardianId,
      sofiaId,
    ]);
    const session = (
      await q<{ id: string }>(
        `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, session_kind)
         values ('Court and Homework', 'weekly', '{2,4}', '2026-09-01', '2026-12-31', '15:30', '17:30', 'Fort Dupont, Washington, DC', 'after-school', 12, 'both')
         returning id`,
      )
    ).rows[0]!.id;
    await q(`insert into session_coaches (event_id, coach_id) values ($1, $2)`, [session, coachId]);
    await q(
      `insert into enrollments (event_id, athlete_id, requested_by, status, emergency_name, emergency_phone) values ($1, $2, $3, 'enrolled', 'Lucía García', '202-555-0142')`,
      [session, sofiaId, guardianId],
    );
    await q(`insert into education_staff (user_id) values ($1)`, [educatorId]);
    // Last season's evaluation: every skill "developing" at level 4.
    await q(
      `with e as (insert into athlete_evaluations (athlete_id, coach_id, evaluated_on, level, note, goal_one)
         values ($1, $2, '2026-05-20', 4, 'Good start.', 'Serve 6 of 10 in') returning id)
       insert into athlete_evaluation_scores (evaluation_id, skill_id, score) select e.id, s.id, 2 from e cross join athlete_skills s`,
      [sofiaId, coachId],
    );

    // Carmen's roster, in Spanish, says Sofía has had no evaluation since the season began (last May's is last season's).
    const c = await open(PHONE);
    await useSession(c.context, server.url, coach!);
    await c.visit(`/es/rosters/${session}`);
    const onRoster = c.page.locator('[data-athlete="Sofía García"]');
    await onRoster.getByText("Sin evaluación esta temporada").waitFor();
    expect(await onRoster.getByRole("link", { name: "Evaluar a Sofía García" }).getAttribute("href")).toBe(`/es/athletes/${sofiaId}`);

    // Carmen evaluates Sofía on her phone: her forehand is now secure.
    await c.visit(`/athletes/${sofiaId}`);
    const form = c.page.getByRole("form", { name: "New evaluation" });
    await form.getByLabel("Level").selectOption("4");
    for (const skill of ["Backhand", "Serve", "Volley", "Movement", "Match play"]) await form.getByLabel(skill).selectOption("2");
    await form.getByLabel("Forehand").selectOption("3");
    await form.getByLabel("Note for the family").fill("Her forehand holds up under pressure now.");
    await form.getByLabel("Goal set with the athlete").fill("Come to the net after a deep approach");
    await form.getByRole("button", { name: "Save" }).click();
    await c.page.getByText("Evaluation saved.").waitFor();

    // Lucía reads it in Spanish, with the change since last season.
    const g = await open(PHONE);
    await useSession(g.context, server.url, guardian!);
    await g.visit(`/es/athletes/${sofiaId}`);
    const latest = g.page.getByRole("article", { name: "Evaluación del 24 de noviembre de 2026" });
    await latest.getByText("Derecha").waitFor();
    await latest.getByText("1 más que en la evaluación anterior").waitFor();
    await latest.getByText("Her forehand holds up under pressure now.").waitFor();
    await g.page.getByText("Come to the net after a deep approach").first().waitFor();

    // Sofía records her spring term's grade band.
    const s = await open(PHONE);
    await useSession(s.context, server.url, sofia!);
    await s.visit(`/athletes/${sofiaId}`);
    const term = s.page.getByRole("form", { name: "Record a term" });
    await term.getByLabel("Term").selectOption("spring");
    await term.getByLabel("Year").fill("2026");
    await term.getByLabel("Grade-point band").selectOption("3.5-4");
    await term.getByRole("button", { name: "Save" }).click();
    await s.page.getByText("Term saved.").waitFor();
    await s.page.getByText("Spring 2026: 3.5–4.0").waitFor();

    // Edna, education staff, records the commitment and the scholarship; a scholarship without its amount is refused.
    const e = await open(PHONE);
    await useSession(e.context, server.url, educator!);
    await e.visit(`/athletes/${sofiaId}`);
    const milestone = () => e.page.getByRole("form", { name: "Record a milestone" });
    await milestone().getByLabel("What happened").selectOption("committed");
    await milestone().getByLabel("College").fill("University of Maryland");
    await milestone().getByLabel("A commitment to play tennis").check();
    await milestone().getByRole("button", { name: "Save" }).click();
    await e.page.getByText("Milestone saved.").waitFor();
    await milestone().getByLabel("What happened").selectOption("scholarship");
    await milestone().getByLabel("College").fill("University of Maryland");
    await milestone().getByLabel("Kind of scholarship").selectOption("athletic");
    await milestone().getByLabel("Class year (for a scholarship)").fill("2027");
    await milestone().getByRole("button", { name: "Save" }).click();
    await milestone().getByText("Choose the scholarship's amount.").waitFor();
    await milestone().getByLabel("Scholarship amount").selectOption("5k-20k");
    await milestone().getByRole("button", { name: "Save" }).click();
    await e.page.getByText("Milestone saved.").waitFor();

    // Not public until Lucía says yes; then /scholarships lists it.
    const v = await open(PHONE);
    await v.visit("/scholarships");
    expect(await v.page.getByText("Sofía G., University of Maryland, 2027").count()).toBe(0);
    await g.visit(`/athletes/${sofiaId}`);
    listed = sofiaId;
    await g.page.getByRole("button", { name: "List it on the Scholarships page" }).click();
    await g.page.getByText("The scholarship will be listed on the Scholarships page.").waitFor();
    await v.visit("/scholarships");
    await v.page.getByText("Sofía G., University of Maryland, 2027").waitFor();

    // Lucía attaches the spring term's report card on her phone (a PDF: its bytes say so, whatever its name); it is
    // listed under the term and downloads from an address that holds ids only.
    const card = g.page.getByRole("form", { name: "Attach a report card" });
    await card.getByLabel("Term").selectOption("2026-spring");
    await card.getByLabel("Report card file").setInputFiles({
      name: "Sofia spring report.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
    });
    await card.getByRole("button", { name: "Save" }).click();
    await g.page.getByText("Report card attached.").waitFor();
    const link = g.page.getByRole("link", { name: "Download the report card for Spring 2026 (Sofia spring report.pdf, 1 KB)" });
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(new RegExp(`^/athletes/${sofiaId}/report-cards/[0-9a-f-]{36}$`)); // ids only, never a name
    const file = await g.context.request.get(`${server.url}${href}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");

    // Another family's guardian is refused her page, and sees nothing of it.
    const x = await open(PHONE);
    await useSession(x.context, server.url, stranger!);
    await x.visit(`/athletes/${sofiaId}`);
    await x.page.getByText("This athlete's page does not exist, or is not open to you.").waitFor();
    expect(await x.page.getByText("University of Maryland").count()).toBe(0);
    expect((await x.context.request.get(`${server.url}${href}`)).status()).toBe(404);
  });
});
