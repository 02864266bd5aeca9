// The retention job against a real PostgreSQL (issue 40): a database with data of every kind in the table, dated over
// six years, and a set clock. The job removes (or empties) exactly what is past each period and touches nothing else:
// forms in force, open requests, a reported message and the rows inside their period stay.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeFamily, makeSession, makeUser } from "~/enrollment/test-support";
import { createTestDatabase } from "../../tests/support/test-db";
import { applyRetention, getRetentionPeriods } from "./apply.server";
import { periodOf, RETENTION } from "./table";

const { db } = await createTestDatabase();
const NOW = new Date("2026-11-24T15:00:00-05:00");
/** Ages in days, spread over six years; each kind gets one row at each. */
const AGES = [10, 45, 100, 200, 400, 800, 1200, 1600, 2000, 2190];
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const day = (days: number) => ago(days).slice(0, 10);

async function count(query: ReturnType<typeof sql>) {
  const { rows } = await db.execute<{ n: number }>(query);
  return Number(rows[0]!.n);
}

async function seed() {
  const { guardian, athlete } = await makeFamily(db, "Retention");
  const session = await makeSession(db, null);
  const conversation = crypto.randomUUID();
  await db.execute(sql`insert into conversations (id, type) values (${conversation}, 'direct')`);
  const { rows: formRows } = await db.execute<{ id: string; form_id: string }>(sql`select id, form_id from consent_form_versions limit 1`);
  const version = formRows[0]!;
  for (const [i, age] of AGES.entries()) {
    const at = ago(age);
    await db.execute(sql`insert into visitor_enrollment_requests (student_name, date_of_birth, emergency_name, emergency_phone, email, created_at)
      values ('Kid', '2015-01-01', 'Rosa', '202-555-0100', ${`v${i}@example.com`}, ${at}::timestamptz)`);
    await db.execute(sql`insert into registration_requests (student_name, age, skill_level, program_interest, parent_name, email, phone, emergency_contact, created_at)
      values ('Kid', 10, 'beginner', 'fall', 'Parent', 'p@example.com', '202-555-0100', 'Rosa 202-555-0100', ${at}::timestamptz)`);
    await db.execute(
      sql`insert into contact_messages (name, email, message, created_at) values ('Parent', 'p@example.com', 'Hello', ${at}::timestamptz)`,
    );
    await db.execute(sql`insert into enrollments (event_id, athlete_id, requested_by, status, closed_reason, medical_notes, pickup_people, emergency_name, emergency_phone, status_changed_at)
      values (${session}, ${athlete.id}, ${guardian.id}, 'withdrawn', 'family', 'Peanut allergy', 'Grandma', 'Rosa', '202-555-0100', ${at}::timestamptz)`);
    await db.execute(sql`insert into attendance_marks (event_id, athlete_id, day, present, client_id, marked_at)
      values (${session}, ${athlete.id}, ${day(age)}, true, ${crypto.randomUUID()}, ${at}::timestamptz)`);
    const { rows: att } = await db.execute<{ id: string }>(sql`insert into attachments (conversation_id, file_name, mime_type, size, data, created_at)
      values (${conversation}, 'a.txt', 'text/plain', 1, '\\x41'::bytea, ${at}::timestamptz) returning id`);
    await db.execute(sql`insert into messages (conversation_id, sender_id, content, attachment_id, created_at)
      values (${conversation}, ${guardian.id}, ${`message ${i}`}, ${att[0]!.id}, ${at}::timestamptz)`);
    await db.execute(sql`insert into consent_signatures (form_id, version_id, athlete_id, signer_id, signer_role, athlete_name, typed_name, language,
        ip_address, user_agent, receipt_pdf, signed_at, state, ended_at)
      values (${version.form_id}, ${version.id}, ${athlete.id}, ${guardian.id}, 'guardian', 'Kid', 'Retention Parent', 'en', '203.0.113.1', 'test',
        '\\x25'::bytea, ${ago(age + 30)}::timestamptz, 'superseded', ${at}::timestamptz)`);
    await db.execute(sql`insert into mail_outbox (to_address, subject, text_body, html_body, kind, created_at)
      values ('p@example.com', 'Hi', 'Hi', '<p>Hi</p>', 'test', ${at}::timestamptz)`);
    // A read of the athlete's medical information, and a line of another kind the log keeps for ever.
    for (const action of ["medical details read", "household confirmed"])
      await db.execute(sql`insert into safeguarding_log (actor_id, athlete_id, actor_name, athlete_name, action, detail, created_at)
        values (${guardian.id}, ${athlete.id}, 'Staff', 'Kid', ${action}, 'retention test', ${at}::timestamptz)`);
  }
  // What no period ends: a form in force signed six years ago, an open request, and a reported message.
  await db.execute(sql`insert into consent_signatures (form_id, version_id, athlete_id, signer_id, signer_role, athlete_name, typed_name, language,
      ip_address, user_agent, receipt_pdf, signed_at)
    values (${version.form_id}, ${version.id}, ${athlete.id}, ${guardian.id}, 'guardian', 'Kid', 'Retention Parent', 'en', '203.0.113.1', 'test',
      '\\x25'::bytea, ${ago(2190)}::timestamptz)`);
  const openSession = await makeSession(db, null);
  await db.execute(sql`insert into enrollments (event_id, athlete_id, requested_by, status, medical_notes, emergency_name, emergency_phone, status_changed_at)
    values (${openSession}, ${athlete.id}, ${guardian.id}, 'enrolled', 'Asthma', 'Rosa', '202-555-0100', ${ago(2190)}::timestamptz)`);
  const { rows: reported } = await db.execute<{ id: string }>(sql`insert into messages (conversation_id, sender_id, content, created_at)
    values (${conversation}, ${guardian.id}, 'reported', ${ago(2190)}::timestamptz) returning id`);
  await db.execute(sql`insert into message_reports (message_id, conversation_id, reporter_id, reason)
    values (${reported[0]!.id}, ${conversation}, ${guardian.id}, 'unkind')`);
  return { athlete };
}

describe("the retention job", () => {
  it("deletes or empties exactly what each period says, and nothing else", async () => {
    await seed();
    const periods = await getRetentionPeriods(db);
    expect(periods).toEqual(Object.fromEntries(RETENTION.map((r) => [r.kind, r.days])));
    const past = (kind: keyof typeof periods) => AGES.filter((a) => a > periods[kind]).length;

    const counts = await applyRetention(db, NOW);
    expect(counts).toEqual({
      visitor_requests: past("visitor_requests"),
      public_forms: 2 * past("public_forms"),
      enrollment_notes: past("enrollment_notes"),
      medical_information: 0,
      medical_reads: past("medical_reads"),
      attendance: past("attendance"),
      messages: 2 * past("messages"),
      signed_forms: past("signed_forms"),
      mail_outbox: past("mail_outbox"),
      report_cards: 0, // none attached here: app/athletes/report-cards.server.test.ts ages its own
    });
    const kept = (kind: keyof typeof periods) => AGES.length - past(kind);
    expect(await count(sql`select count(*) as n from visitor_enrollment_requests`)).toBe(kept("visitor_requests"));
    expect(await count(sql`select count(*) as n from registration_requests`)).toBe(kept("public_forms"));
    expect(await count(sql`select count(*) as n from contact_messages`)).toBe(kept("public_forms"));
    expect(await count(sql`select count(*) as n from attendance_marks`)).toBe(kept("attendance"));
    expect(await count(sql`select count(*) as n from messages where content like 'message %'`)).toBe(kept("messages"));
    expect(await count(sql`select count(*) as n from messages where content = 'reported'`)).toBe(1);
    expect(await count(sql`select count(*) as n from attachments`)).toBe(kept("messages"));
    expect(await count(sql`select count(*) as n from consent_signatures where state = 'superseded'`)).toBe(kept("signed_forms"));
    expect(await count(sql`select count(*) as n from consent_signatures where state = 'active'`)).toBe(1);
    expect(await count(sql`select count(*) as n from mail_outbox where kind = 'test'`)).toBe(kept("mail_outbox"));
    const logLines = (action: string) => sql`select count(*) as n from safeguarding_log where action = ${action} and detail = 'retention test'`;
    expect(await count(logLines("medical details read"))).toBe(kept("medical_reads"));
    expect(await count(logLines("household confirmed"))).toBe(AGES.length);
    // Ended requests stay (the funder report counts them), emptied past their period; the open one keeps its notes.
    expect(await count(sql`select count(*) as n from enrollments where status = 'withdrawn'`)).toBe(AGES.length);
    expect(await count(sql`select count(*) as n from enrollments where status = 'withdrawn' and medical_notes = 'Peanut allergy'`)).toBe(
      kept("enrollment_notes"),
    );
    expect(await count(sql`select count(*) as n from enrollments where status = 'enrolled' and medical_notes = 'Asthma'`)).toBe(1);

    // A second run the same night finds nothing more.
    expect(Object.values(await applyRetention(db, NOW)).every((n) => n === 0)).toBe(true);
  });

  it("keeps the safeguarding log append-only for everyone but the job: no line of it is deleted or changed otherwise", async () => {
    const refused = { cause: { message: "the safeguarding log is append-only" } };
    await expect(db.execute(sql`delete from safeguarding_log where action = 'medical details read'`)).rejects.toMatchObject(refused);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('nlte.retention', 'medical_reads', true)`);
        await tx.execute(sql`delete from safeguarding_log where action = 'household confirmed'`);
      }),
    ).rejects.toMatchObject(refused);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('nlte.retention', 'medical_reads', true)`);
        await tx.execute(sql`update safeguarding_log set detail = 'changed' where action = 'medical details read'`);
      }),
    ).rejects.toMatchObject(refused);
  });

  it("takes the organisation's period within the table's bounds, and the table's outside them", async () => {
    const row = RETENTION.find((r) => r.kind === "attendance")!;
    expect(periodOf(row, "730")).toBe(730);
    expect(periodOf(row, "10")).toBe(row.days);
    expect(periodOf(row, "99999")).toBe(row.days);
    expect(periodOf(row, "abc")).toBe(row.days);
    await db.execute(sql`insert into app_settings (key, value) values ('retention.attendance', '400')`);
    expect((await getRetentionPeriods(db)).attendance).toBe(400);
    expect(await applyRetention(db, NOW)).toMatchObject({ attendance: AGES.filter((a) => a > 400 && a <= row.days).length });
  });

  it("keeps an athlete's medical information while they take part and deletes it a period after the last of it", async () => {
    const period = (await getRetentionPeriods(db)).medical_information;
    expect(period).toBe(365);
    const guardian = await makeUser(db, "client", "Medina Parent");
    const athlete = (name: string, extra = {}) =>
      makeUser(db, "client", `${name} Medina`, { clientKind: "athlete", dateOfBirth: "2014-02-02", ...extra });
    // Ana: enrolled in a session whose last day is 31 December 2026, 37 days after NOW. Bea: her request withdrawn 100
    // days ago. Cal: no request, the account deleted 200 days ago. Dee: no request, the information written 300 days
    // ago. Every row was last changed 800 days ago but Dee's.
    const [ana, bea, cal, dee] = [
      await athlete("Ana"),
      await athlete("Bea"),
      await athlete("Cal", { deletedAt: new Date(ago(200)) }),
      await athlete("Dee"),
    ];
    const session = await makeSession(db, null, { endsOn: "2026-12-31" });
    await db.execute(sql`insert into enrollments (event_id, athlete_id, requested_by, status, emergency_name, emergency_phone, status_changed_at)
      values (${session}, ${ana.id}, ${guardian.id}, 'enrolled', 'Rosa', '202-555-0100', ${ago(800)}::timestamptz)`);
    await db.execute(sql`insert into enrollments (event_id, athlete_id, requested_by, status, closed_reason, emergency_name, emergency_phone, status_changed_at)
      values (${session}, ${bea.id}, ${guardian.id}, 'withdrawn', 'family', 'Rosa', '202-555-0100', ${ago(100)}::timestamptz)`);
    for (const [person, age] of [
      [ana, 800],
      [bea, 800],
      [cal, 800],
      [dee, 300],
    ] as const)
      await db.execute(sql`insert into athlete_medical (athlete_id, allergies, courtside_alert, updated_by, updated_at)
        values (${person.id}, 'Bee stings', true, ${guardian.id}, ${ago(age)}::timestamptz)`);
    const left = async () => {
      const { rows } = await db.execute<{ full_name: string }>(sql`
        select u.full_name from athlete_medical m join users u on u.id = m.athlete_id where u.full_name like '% Medina' order by u.full_name`);
      return rows.map((r) => r.full_name.split(" ")[0]);
    };
    /** The job at NOW plus `days` (the site's clock set ahead), then whose information is left. */
    const after = async (days: number) => {
      await applyRetention(db, new Date(NOW.getTime() + days * 86_400_000));
      return left();
    };

    expect(await after(0)).toEqual(["Ana", "Bea", "Cal", "Dee"]);
    // Each goes the day its period has run out, and not the day before.
    expect(await after(period - 300 - 1)).toEqual(["Ana", "Bea", "Cal", "Dee"]);
    expect(await after(period - 300 + 1)).toEqual(["Ana", "Bea", "Cal"]);
    expect(await after(period - 200 - 1)).toEqual(["Ana", "Bea", "Cal"]);
    expect(await after(period - 200 + 1)).toEqual(["Ana", "Bea"]);
    expect(await after(period - 100 - 1)).toEqual(["Ana", "Bea"]);
    expect(await after(period - 100 + 1)).toEqual(["Ana"]);
    // Ana's session's last day counts whole: kept through its period, deleted the day after.
    expect(await after(37 + period)).toEqual(["Ana"]);
    expect(await after(37 + period + 1)).toEqual([]);
  });
});
