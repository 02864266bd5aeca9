// A request's status mails as a family receives them (issue 39, decision 0052), against the real database, the real
// job queue and a real SMTP server on loopback: the "Enrolled" mail tells the first day, the days and times, the place
// with its map link, the fee and financial help, what to bring and who to call, in English and in Spanish, with the
// series as a calendar file that a real iCalendar parser (node-ical) reads; a coach's steps within the hold go as one
// mail with the latest state, steps further apart as two; the hold lives in the outbox and the queue, so a restart
// keeps it, and a held mail already being handed over is never replaced.
import { eq, sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelledDates, mailOutbox, users } from "../../db/schema";
import { createAuth } from "../../server/auth";
import { loadConfig } from "../../server/config";
import { startQueue, type Queue } from "../../server/queue";
import { startTestSmtp, type ReceivedMail, type TestSmtp } from "../../tests/support/smtp";
import { createTestDatabase } from "../../tests/support/test-db";
import { createEnrollmentRequest, takeCoachStep } from "~/enrollment/index.server";
import { makeFamily, makeSession, makeUser, onCourt, servicesFor, type Person } from "~/enrollment/test-support";
import { createAidRequest, decideAidRequest, getOrCreateAccountFor } from "~/payments/index.server";
import type { AidDecisionInput } from "~/payments/schemas";
import { requeueUnsentMail } from "./outbox.server";

const { db, url } = await createTestDatabase();
let smtp: TestSmtp;
let queue: Queue;

beforeAll(async () => {
  smtp = await startTestSmtp();
  const config = loadConfig({ SMTP_URL: smtp.url, ORG_NAME: "Test Tennis", PUBLIC_URL: "http://localhost:3000", DATA_DIR: "/nonexistent" });
  const secret = "x".repeat(40);
  queue = await startQueue({ db, config, secret, auth: createAuth(db, config, secret) }, url);
});
afterAll(async () => {
  await queue?.stop();
  await smtp?.stop();
});

/** Enrollment's services with the real SMTP server, holding status mails `holdSeconds`. */
function services(holdSeconds?: number) {
  const base = servicesFor(db);
  return { ...base, config: { ...base.config, mail: { smtpUrl: smtp.url, statusHoldSeconds: holdSeconds } } };
}

const coach = await makeUser(db, "coach", "Coach Marisa Vega");

/** The clinic at Fort Dupont (Tuesdays and Thursdays 4:30-6:00 PM, until December 17), $120 a month. */
const clinic = (title: string, titleEs: string | null = null) =>
  makeSession(
    db,
    10,
    {
      title,
      titleEs,
      startsOn: "2026-06-01",
      endsOn: "2026-12-17",
      place: "Fort Dupont Tennis Courts",
      streetAddress: "3779 Ely Pl SE, Washington, DC 20019",
      feeCents: 12000,
      feePer: "month",
      financialHelp: true,
    },
    [coach.id],
  );

/** A request walked to Enrolled by the coach (evaluated, placed at level 4, enrolled). */
async function enroll(s: ReturnType<typeof services>, guardian: Person, athleteId: string, session: string) {
  const made = await createEnrollmentRequest(s, guardian, session, onCourt(athleteId));
  if (!made.ok) throw new Error(JSON.stringify(made));
  expect(await takeCoachStep(s, coach, made.enrollmentId, "evaluate")).toMatchObject({ ok: true });
  expect(await takeCoachStep(s, coach, made.enrollmentId, "place", { level: 4, placedOn: "2026-06-10", note: "" })).toMatchObject({ ok: true });
  expect(await takeCoachStep(s, coach, made.enrollmentId, "enroll")).toMatchObject({ ok: true, status: "enrolled" });
  return made.enrollmentId;
}

/** The calendar file a mail carries, as a calendar app reads it. */
function seriesOf(mail: ReceivedMail) {
  const part = mail.raw.attachments.find((a) => a.contentType === "application/ics" || a.contentType === "text/calendar");
  expect(part, "an .ics attachment").toBeTruthy();
  const text = part!.content.toString("utf8");
  return { text, event: Object.values(ical.sync.parseICS(text)).find((c): c is VEvent => c?.type === "VEVENT")! };
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Tuesday 16 June is cancelled: the first day is Thursday 18 June (the services' clock: Monday 15 June, 2 PM).
await db.insert(cancelledDates).values({ day: "2026-06-16", note: "Courts resurfaced" });

describe("the Enrolled mail", () => {
  it("tells an English-speaking family the first day, days and times, place and map, fee, what to bring and who to call, with the series to import", async () => {
    const { guardian, athlete } = await makeFamily(db, "Bryce");
    const session = await clinic("Summer Youth Clinic");
    await enroll(services(1), guardian, athlete.id, session);
    const mail = await smtp.waitFor(guardian.email, "Bryce Kid in Summer Youth Clinic: Enrolled");
    expect(mail.text).toContain("Bryce Kid has a place in Summer Youth Clinic. Here is what you need for the first day.");
    expect(mail.text).toContain("First day: Thursday, June 18, 2026, 4:30-6:00 PM");
    expect(mail.text).toContain("Days and times: Tuesday and Thursday 4:30-6:00 PM");
    expect(mail.text).toContain("Last day: Thursday, December 17, 2026");
    expect(mail.text).toContain("Place: Fort Dupont Tennis Courts, 3779 Ely Pl SE, Washington, DC 20019");
    expect(mail.text).toContain("Map: https://www.google.com/maps/search/?api=1&query=3779%20Ely%20Pl%20SE%2C%20Washington%2C%20DC%2020019");
    expect(mail.text).toContain("Fee: $120 a month");
    expect(mail.text).toContain(
      "Due now on your account: $120. Pay or see the details on your payments page: http://localhost:3000/account/payments",
    );
    expect(mail.text).toContain(
      "What to bring: a racquet if you have one (we lend them), a full water bottle, sports shoes, and clothes for the weather.",
    );
    expect(mail.text).toContain("Coach: Coach Marisa Vega");
    expect(mail.text).toContain("Questions, or cannot come? Call us at (202) 555-0147 or write to info@test-tennis.example.org.");
    expect(mail.text).toContain("Level: 4");
    // One mail for the whole walk (requested, evaluation, placed, enrolled were steps within the hold).
    await settle(1500);
    expect(smtp.mailTo(guardian.email)).toHaveLength(1);

    const { text, event } = seriesOf(mail);
    expect(text).toContain("METHOD:PUBLISH");
    expect(event.uid).toBe(`event-${session}@localhost`);
    expect(event.summary).toBe("Summer Youth Clinic");
    expect(event.location).toBe("Fort Dupont Tennis Courts, 3779 Ely Pl SE, Washington, DC 20019");
    expect(text).toContain("RRULE:FREQ=WEEKLY;UNTIL=20261217T235900;BYDAY=TU,TH");
    const days = event.rrule!.between(new Date("2026-06-15T00:00:00Z"), new Date("2026-06-20T00:00:00Z")).map((d) => d.toISOString());
    // The cancelled Tuesday is in the rule and skipped by its EXDATE; Thursday starts at 4:30 PM in New York.
    expect(days).toContain("2026-06-18T20:30:00.000Z");
    expect(Object.values(event.exdate ?? {}).map((d) => (d as Date).toISOString())).toContain("2026-06-16T20:30:00.000Z");
  });

  it("tells a Spanish-speaking family the same in Spanish, with no gendered status word, and says a request for help puts the payment off", async () => {
    const { guardian, athlete } = await makeFamily(db, "Diego");
    await db.update(users).set({ locale: "es" }).where(eq(users.id, guardian.id));
    await db.update(users).set({ fullName: "Diego Gómez" }).where(eq(users.id, athlete.id));
    const account = await getOrCreateAccountFor(db, athlete.id);
    expect(await createAidRequest(db, account, guardian.id, { note: "" })).toMatchObject({ ok: true });
    const session = await clinic("Spring Teen Match Play", "Partidos de primavera para adolescentes");
    await enroll(services(1), guardian, athlete.id, session);
    const mail = await smtp.waitFor(guardian.email, "Diego Gómez ya tiene su plaza en Partidos de primavera para adolescentes");
    expect(mail.text).toContain(
      "Diego Gómez ya tiene su plaza en Partidos de primavera para adolescentes. Esto es lo que necesita para el primer día.",
    );
    expect(mail.text).toContain("Primer día: jueves, 18 de junio de 2026, de 4:30 a 6:00 p. m.");
    expect(mail.text).toContain("Días y horario: martes y jueves de 4:30 a 6:00 p. m.");
    expect(mail.text).toContain("Lugar: Fort Dupont Tennis Courts, 3779 Ely Pl SE, Washington, DC 20019");
    expect(mail.text).toContain("Mapa: https://www.google.com/maps/search/");
    // No price while the request for help waits (issue 41): only that staff have it.
    expect(mail.text).not.toContain("$120");
    expect(mail.text).toContain("no tiene que pagar nada hasta que le respondan");
    expect(mail.text).not.toContain("Pendiente de pago");
    expect(mail.text).toContain("Qué traer: una raqueta");
    expect(mail.text).toContain("Llámenos al (202) 555-0147 o escríbanos a info@test-tennis.example.org.");
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/Inscrit[oa]|Asignad[oa] a un nivel|está ahora así/);
    const { event } = seriesOf(mail);
    expect(event.summary).toBe("Partidos de primavera para adolescentes");
  });

  it("says granted help in its terms, and asks nothing when it waives the whole fee", async () => {
    const { guardian, athlete } = await makeFamily(db, "Wanda");
    const account = await getOrCreateAccountFor(db, athlete.id);
    const asked = await createAidRequest(db, account, guardian.id, { note: "" });
    if (!asked.ok) throw new Error("not asked");
    const staff = await makeUser(db, "coach", "Coach Aid Decider");
    expect(await decideAidRequest(db, asked.id, staff.id, { decision: "waiver", validUntil: "2027-06-30" } as AidDecisionInput)).toEqual({
      ok: true,
    });
    const session = await clinic("Waived Youth Clinic");
    await enroll(services(1), guardian, athlete.id, session);
    const mail = await smtp.waitFor(guardian.email, "Wanda Kid in Waived Youth Clinic: Enrolled");
    expect(mail.text).toContain("Fee: $120 a month");
    expect(mail.text).toContain("Your financial help covers the whole fee until June 30, 2027: there is nothing to pay.");
    expect(mail.text).not.toContain("Due now");
  });
});

describe("steps on one request", () => {
  it("go as one mail with the latest state when they come within the hold, and as two when further apart", async () => {
    const { guardian, athlete } = await makeFamily(db, "Tomasa");
    const session = await clinic("Autumn Rally Clinic");
    const s = services(2);
    const made = await createEnrollmentRequest(s, guardian, session, onCourt(athlete.id));
    if (!made.ok) throw new Error("not made");
    // Further apart: the request's mail has gone before the coach's next step.
    await smtp.waitFor(guardian.email, "Tomasa Kid in Autumn Rally Clinic: Requested");
    await takeCoachStep(s, coach, made.enrollmentId, "evaluate");
    await takeCoachStep(s, coach, made.enrollmentId, "place", { level: 3, placedOn: "2026-06-10", note: "" });
    await takeCoachStep(s, coach, made.enrollmentId, "enroll");
    await smtp.waitFor(guardian.email, "Tomasa Kid in Autumn Rally Clinic: Enrolled");
    await settle(2500);
    expect(smtp.mailTo(guardian.email).map((m) => m.subject)).toEqual([
      "Tomasa Kid in Autumn Rally Clinic: Requested",
      "Tomasa Kid in Autumn Rally Clinic: Enrolled",
    ]);
  });

  it("are held two minutes by default, in the outbox and the queue, and a restart's requeue keeps the hold", async () => {
    const { guardian, athlete } = await makeFamily(db, "Held");
    const session = await clinic("Winter Hold Clinic");
    const made = await createEnrollmentRequest(services(), guardian, session, onCourt(athlete.id));
    if (!made.ok) throw new Error("not made");
    await takeCoachStep(services(), coach, made.enrollmentId, "evaluate");
    const held = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, guardian.email));
    expect(held.map((m) => [m.kind, m.sentAt])).toEqual([["enrollment-evaluation", null]]);
    const waits = async () =>
      (
        await db.execute<{ outbox: number; job: number }>(sql`
          select extract(epoch from o.send_after - now())::float8 as outbox, extract(epoch from j.run_at - now())::float8 as job
          from mail_outbox o join graphile_worker.jobs j on j.key = 'send_mail:' || o.id::text where o.id = ${held[0]!.id}`)
      ).rows[0]!;
    const before = await waits();
    expect(before.outbox).toBeGreaterThan(100);
    expect(before.job).toBeGreaterThan(100);
    // A restart: the delivery job is gone (as when the queue's database was restored) and start-up queues it again.
    await db.execute(sql`select graphile_worker.remove_job(${`send_mail:${held[0]!.id}`})`);
    expect(await requeueUnsentMail(db)).toBeGreaterThanOrEqual(1);
    expect((await waits()).job).toBeGreaterThan(100);
    expect(smtp.mailTo(guardian.email)).toHaveLength(0);
  });

  it("never replaces a held mail an attempt has already handed to the mail server: the later one goes too", async () => {
    const { guardian, athlete } = await makeFamily(db, "Handed");
    const session = await clinic("Handover Clinic");
    const made = await createEnrollmentRequest(services(), guardian, session, onCourt(athlete.id));
    if (!made.ok) throw new Error("not made");
    await db.update(mailOutbox).set({ handedOverAt: new Date() }).where(eq(mailOutbox.toAddress, guardian.email));
    await takeCoachStep(services(), coach, made.enrollmentId, "evaluate");
    const rows = await db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, guardian.email))
      .orderBy(mailOutbox.createdAt);
    expect(rows.map((r) => r.kind)).toEqual(["enrollment-requested", "enrollment-evaluation"]);
  });
});

describe("Spanish status mails", () => {
  it("say each state in a sentence that fits any athlete", async () => {
    const { guardian, athlete } = await makeFamily(db, "Sofía");
    await db.update(users).set({ locale: "es" }).where(eq(users.id, guardian.id));
    const session = await clinic("Fall Level Clinic", "Clínica de otoño");
    const s = services(1);
    const made = await createEnrollmentRequest(s, guardian, session, onCourt(athlete.id));
    if (!made.ok) throw new Error("not made");
    await smtp.waitFor(guardian.email, "solicitud pendiente");
    await takeCoachStep(s, coach, made.enrollmentId, "evaluate");
    await takeCoachStep(s, coach, made.enrollmentId, "place", { level: 4, placedOn: "2026-06-10", note: "" });
    const placed = await smtp.waitFor(guardian.email, "Sofía Kid en Clínica de otoño: ya tiene nivel asignado");
    expect(placed.text).toContain("El equipo técnico asignó un nivel a Sofía Kid para Clínica de otoño.");
    expect(placed.text).toContain("Nivel: 4");
    expect(placed.text).toContain("¿Preguntas? Llámenos al (202) 555-0147 o escríbanos a info@test-tennis.example.org.");
    expect(placed.text).not.toMatch(/Asignad[oa]|Inscrit[oa]|está ahora así/);
  });
});
