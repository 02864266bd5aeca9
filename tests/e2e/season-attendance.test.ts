// Attendance that tells the truth, in Chromium on phones (issue 39, decision 0048). Monday 23 November 2026 on the
// shared server's clock: the Tuesday/Thursday clinic does not meet today, so the sheet opens on Thursday 19 and offers
// only meeting days (Monday is refused beside the picker, in English and Spanish). Marisol writes Sofía's medical
// information in Spanish on /account/family; Carla sees the flag and the head count, opens the details from the
// server (never kept on the phone) and the read is logged. Offline (Playwright's offline mode), Carla marks both
// children; meanwhile Dev marks Diego present; back online one sentence says what happened ("1 mark saved, 1 not
// saved: … A newer mark from Dev … was kept") and Diego's row shows Dev's mark. A day the organisation cancelled is not
// offered. The safeguarding lead reads Sofía's details on /staff/medical, logged. Without JavaScript the sheet's form
// saves and the flag opens its details. Every page visited with JavaScript is checked with axe.
import { afterAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, useSession, type Person } from "./support/messaging";
import { setServerSettings, sharedServer, useServerSettings } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";

const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
const MONDAY = "2026-11-23T15:00:00-05:00";
const PHONE = { viewport: { width: 390, height: 844 } };
useServerSettings({ now: MONDAY });
const open = setupBrowser(() => server.url);
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const db = async () => (database ??= await openDatabase(server.dataDir));
afterAll(async () => {
  await database?.close();
});

describe("attendance that tells the truth", () => {
  it("opens on a meeting day, flags medical information read on demand, and says what a sync did when a newer mark wins", async () => {
    const [carla, dev, marisol]: Person[] = await Promise.all([
      makePerson(server.url, "Carla Sheetcoach", { coach: true, env: server.env }),
      makePerson(server.url, "Dev Sheetcoach", { coach: true, env: server.env }),
      makePerson(server.url, "Marisol Asistencia", { env: server.env }),
    ]);
    const q = (await db()).query;
    const id = async (p: Person) => (await q<{ id: string }>(`select id from users where email = $1`, [p.email])).rows[0]!.id;
    const [carlaId, devId, marisolId] = [await id(carla!), await id(dev!), await id(marisol!)];
    // Sofía and Diego, in Marisol's household, enrolled in a clinic Carla and Dev coach.
    const kids = await q<{ id: string; full_name: string }>(
      `insert into users (id, email, full_name, role, client_kind, date_of_birth, email_verified)
       values (gen_random_uuid()::text, 'sofia-' || gen_random_uuid() || '@no-login.invalid', 'Sofía Asistencia', 'client', 'athlete', '2014-03-02', true),
              (gen_random_uuid()::text, 'diego-' || gen_random_uuid() || '@no-login.invalid', 'Diego Asistencia', 'client', 'athlete', '2015-07-09', true)
       returning id, full_name`,
    );
    const [sofiaId, diegoId] = ["Sofía Asistencia", "Diego Asistencia"].map((n) => kids.rows.find((k) => k.full_name === n)!.id);
    const household = (await q<{ id: string }>(`insert into households default values returning id`)).rows[0]!.id;
    await q(`insert into household_members (household_id, user_id, role) values ($1, $2, 'guardian'), ($1, $3, 'athlete'), ($1, $4, 'athlete')`, [
      household,
      marisolId,
      sofiaId,
      diegoId,
    ]);
    const session = (
      await q<{ id: string }>(
        `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity)
         values ('Season Attendance Clinic', 'weekly', '{2,4}', '2026-09-01', '2026-12-31', '16:30', '18:00', 'Fort Dupont, Washington, DC', 'fall', 12)
         returning id`,
      )
    ).rows[0]!.id;
    await q(`insert into session_coaches (event_id, coach_id) values ($1, $2), ($1, $3)`, [session, carlaId, devId]);
    for (const kid of [sofiaId, diegoId])
      await q(
        `insert into enrollments (event_id, athlete_id, requested_by, status, emergency_name, emergency_phone) values ($1, $2, $3, 'enrolled', 'Marisol Asistencia', '202-555-0142')`,
        [session, kid, marisolId],
      );

    // Marisol, on her phone in Spanish, writes Sofía's allergy and asks for a courtside alert.
    const g = await open(PHONE);
    await useSession(g.context, server.url, marisol!);
    await g.visit("/es/account/family");
    const sofiaForm = g.page.getByRole("form", { name: "Información médica de Sofía Asistencia" });
    await sofiaForm.getByLabel("Alergias").fill("Picaduras de abeja: EpiPen en la mochila roja");
    await sofiaForm.getByLabel("Alerta en la cancha", { exact: false }).check();
    await sofiaForm.getByRole("button", { name: "Guardar la información médica" }).click();
    await g.page.getByText("Se guardó la información médica de Sofía Asistencia.").waitFor();

    // Carla opens the sheet on Monday: it shows last Thursday, offers meeting days only (not Tuesday 17, a day the
    // organisation cancelled), and counts heads. The cancelled day is this step's alone: other files share the server.
    const c = await open(PHONE);
    await c.context.clock.setFixedTime(new Date(MONDAY));
    await useSession(c.context, server.url, carla!);
    await q(`insert into cancelled_dates (day, note) values ('2026-11-17', 'Season attendance: courts resurfaced')`);
    try {
      await c.visit(`/rosters/${session}/attendance`);
    } finally {
      await q(`delete from cancelled_dates where day = '2026-11-17'`);
    }
    await c.page.getByRole("heading", { level: 2, name: "Thursday, November 19" }).waitFor();
    const days = await c.page.getByLabel("Meeting day").locator("option").allTextContents();
    expect(days.slice(0, 3)).toEqual(["Thursday, November 19", "Thursday, November 12", "Tuesday, November 10"]);
    expect(days.some((d) => d.startsWith("Monday"))).toBe(false);
    await c.page.getByText("Present: 0 · Marked: 0 of 2").waitFor();

    // The flag, and the details one tap away, from the server: logged, and nowhere on the phone.
    const sofia = c.page.getByRole("group", { name: "Sofía Asistencia" });
    const diego = c.page.getByRole("group", { name: "Diego Asistencia" });
    expect(await c.page.getByRole("button", { name: "Medical notes", exact: false }).count()).toBe(0);
    await c.page.getByRole("button", { name: "Medical alert: show the details for Sofía Asistencia" }).click();
    await c.page.getByText("Picaduras de abeja: EpiPen en la mochila roja").waitFor();
    await c.page.getByText("The family asks the coach to know this courtside.").waitFor();
    const logged = await q(`select 1 from safeguarding_log where actor_id = $1 and athlete_id = $2 and action = 'medical details read'`, [
      carlaId,
      sofiaId,
    ]);
    expect(logged.rows).toHaveLength(1);

    // No signal: Carla marks both; nothing reaches the server.
    await c.context.setOffline(true);
    await sofia.getByText("Present", { exact: true }).click();
    await diego.getByText("Absent", { exact: true }).click();
    await c.page.getByText("Offline: 2 marks kept on this phone.", { exact: false }).waitFor();
    await c.page.getByText("Present: 1 · Marked: 2 of 2").waitFor();
    const stored = await c.page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain("abeja");
    // Ten minutes later Dev marks Diego present from his phone; then Carla's signal comes back.
    await setServerSettings({ now: "2026-11-23T15:10:00-05:00" });
    const devMark = await fetch(`${server.url}/rosters/${session}/marks`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, cookie: dev!.cookie },
      body: JSON.stringify({
        marks: [{ athleteId: diegoId, day: "2026-11-19", present: true, clientId: crypto.randomUUID(), markedAt: "2026-11-23T20:10:00Z" }],
      }),
    });
    expect(devMark.status).toBe(200);
    await c.context.setOffline(false);
    await c.page
      .getByText("1 mark saved, 1 not saved: Diego Asistencia: A newer mark from Dev Sheetcoach at 3:10 PM was kept: Present.", { exact: true })
      .waitFor();
    expect(await c.page.getByText("Every mark is saved.").count()).toBe(0);
    expect(await diego.getByLabel("Present", { exact: true }).isChecked()).toBe(true);
    await c.page.getByText("Present: 2 · Marked: 2 of 2").waitFor();
    const marks = await q<{ athlete_id: string; present: boolean }>(`select athlete_id, present from attendance_marks where event_id = $1`, [
      session,
    ]);
    expect(Object.fromEntries(marks.rows.map((r) => [r.athlete_id, r.present]))).toEqual({ [sofiaId!]: true, [diegoId!]: true });

    // Monday asked for by address: refused beside the picker, in English and in Spanish.
    await c.visit(`/rosters/${session}/attendance?day=2026-11-23`);
    await c.page.getByText("The session does not meet on Monday, November 23. Choose one of its days.").waitFor();
    await c.visit(`/es/rosters/${session}/attendance?day=2026-11-23`);
    await c.page.getByText("La sesión no se reúne el lunes, 23 de noviembre. Elija uno de sus días.").waitFor();
    await c.page.getByText("Presentes: 2 · Con marca: 2 de 2").waitFor();
    await c.page.getByRole("button", { name: "Alerta médica: ver los detalles de Sofía Asistencia" }).waitFor();
    // A tap in Spanish: one sentence.
    await c.page.getByRole("group", { name: "Sofía Asistencia" }).getByText("Ausente", { exact: true }).click();
    await c.page.getByText("1 marca guardada.", { exact: true }).waitFor();

    // The safeguarding lead, who coaches no session, reads it on /staff/medical: the list flags Sofía, the details
    // come on a tap, and the read is logged as the lead's.
    const lead = await makePerson(server.url, "Lena Sheetlead", { coach: true, env: server.env });
    const leadId = await id(lead);
    await q(`update users set safeguarding_lead = true where id = $1`, [leadId]);
    const l = await open(PHONE);
    await useSession(l.context, server.url, lead);
    await l.visit("/staff/medical");
    await l.page.getByRole("heading", { level: 1, name: "Medical information" }).waitFor();
    expect(await l.page.getByText("Picaduras de abeja", { exact: false }).count()).toBe(0);
    await l.page.getByRole("button", { name: "Medical alert: show the details for Sofía Asistencia" }).click();
    await l.page.getByText("Picaduras de abeja: EpiPen en la mochila roja").waitFor();
    const leadRead = await q(`select detail from safeguarding_log where actor_id = $1 and athlete_id = $2 and action = 'medical details read'`, [
      leadId,
      sofiaId,
    ]);
    expect(leadRead.rows).toEqual([{ detail: "staff medical information page" }]);

    // Without JavaScript (Dev's old phone): the sheet's form saves what changed, and the flag still opens the details.
    const d = await open({ ...PHONE, javaScriptEnabled: false });
    await useSession(d.context, server.url, dev!);
    await d.visit(`/rosters/${session}/attendance`);
    await d.page.getByRole("group", { name: "Sofía Asistencia" }).getByText("Present", { exact: true }).click();
    await d.page.getByRole("button", { name: "Save attendance" }).click();
    await d.page.waitForURL((u) => u.search === "?day=2026-11-19");
    expect(await d.page.getByRole("group", { name: "Sofía Asistencia" }).getByLabel("Present", { exact: true }).isChecked()).toBe(true);
    const sofiaRow = await q<{ present: boolean; marked_by: string }>(
      `select present, marked_by from attendance_marks where event_id = $1 and athlete_id = $2`,
      [session, sofiaId],
    );
    expect(sofiaRow.rows).toEqual([{ present: true, marked_by: devId }]);
    await d.page.getByRole("button", { name: "Medical alert: show the details for Sofía Asistencia" }).click();
    await d.page.getByText("Picaduras de abeja: EpiPen en la mochila roja").waitFor();
  });
});
