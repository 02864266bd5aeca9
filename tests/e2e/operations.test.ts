// Running the site for years, as its volunteer operator would: backups that restore, taken while the site is used.
// The running site's side (a data folder that never silently starts empty, health endpoints, the request log, visitor
// pages kept until content changes, a clean stop) is in operations-running.test.ts.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { backupFileName, NOT_BACKED_UP } from "../../server/backup";
import { get, makePerson, openDatabase, openSocket, post, signInCookie, startConversation } from "./support/messaging";
import { runScript, startServer, type RunningServer } from "./support/server";
import { step } from "../support/wait-for";
import { temporaryFolders } from "./support/operator";

const folders = temporaryFolders();
const tempDir = folders.make;

/** Every table of the public schema with each row as JSON text, as PostgreSQL prints it. */
async function tableContents(query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }>) {
  const { rows: tables } = await query(
    "select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and relkind = 'r' order by 1",
  );
  const out = new Map<string, string[]>();
  for (const { relname } of tables as Array<{ relname: string }>) {
    const { rows } = await query(`select row_to_json(t)::text as j from public."${relname}" t`);
    out.set(relname, (rows as Array<{ j: string }>).map((r) => r.j).sort());
  }
  return out;
}

describe("backup and restore drill", () => {
  it("restores every acknowledged row of a backup taken while messages are being sent, and the site starts on it", async () => {
    const dataDir = tempDir("nlte-drill-");
    // The drill is about backups, not the send allowance: room for many quick messages.
    const limits = { MESSAGE_BURST: "10000", MESSAGE_RATE_PER_SECOND: "1000" };
    const server = await startServer({ dataDir, env: limits });
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    let restored: RunningServer | undefined;
    let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
    try {
      const { coach, conversationId, sockets, before } = await step("a coach and a client fill every table of the running site", async () => {
        const coach = await makePerson(server.url, "Drill Coach", { coach: true, env });
        const client = await makePerson(server.url, "Drill Client", { env });
        const database = await openDatabase(dataDir);
        db = database;
        const clientId = (await database.query<{ id: string }>("select id from users where email = $1", [client.email])).rows[0]!.id;
        const conversationId = await startConversation(server.url, coach, clientId);
        // Fill every table: through the site where a form does it, by hand for what only other parts write.
        expect(
          (
            await post(server.url, "/testimonials", coach, {
              intent: "create",
              name: "Drill Parent",
              content: "Wonderful coaches and a great program",
              rating: "5",
            })
          ).status,
        ).toBeLessThan(400);
        await database.query(
          "insert into attachments (conversation_id, uploader_id, file_name, mime_type, size, data) values ($1, $2, 'serve.png', 'image/png', 4, '\\x89504e47')",
          [conversationId, clientId],
        );
        await database.query(
          "insert into registration_requests (student_name, age, skill_level, program_interest, parent_name, email, phone, emergency_contact) values ('Drill Student', 11, 'Beginner', 'Tennis', 'Drill Parent', 'parent@example.com', '(202) 555-0100', 'Aunt (202) 555-0101')",
        );
        await database.query(
          "insert into contact_messages (name, email, message) values ('Drill Visitor', 'visitor@example.com', 'When do lessons start?')",
        );
        await database.query(
          "insert into verifications (id, identifier, value, expires_at) values ('drill-verification', 'drill', 'v', now() + interval '1 hour')",
        );
        await database.query("insert into app_settings (key, value) values ('drill', 'kept') on conflict do nothing");
        await database.query("insert into videos (source_id, title) values ('drillVideo01', 'Drill video') on conflict do nothing");
        const photo = await database.query<{ id: string }>(
          "insert into gallery_photos (alt, width, height, consent) values ('Drill photo', 4, 3, true) returning id",
        );
        await database.query("insert into gallery_photo_files (photo_id, format, width, data) values ($1, 'webp', 4, '\\x52494646')", [
          photo.rows[0]!.id,
        ]);
        await database.query("insert into gallery_starting_photos (file, position, removed) values ('gallery/photo-02.svg', 5, true)");
        await database.query(
          "insert into mail_outbox (to_address, subject, text_body, html_body, kind) values ('parent@example.com', 'Drill mail', 'Queued before the backup', '<p>Queued before the backup</p>', 'drill')",
        );
        await database.query("insert into message_notices (user_id, conversation_id, last_sent_at) values ($1, $2, now())", [
          clientId,
          conversationId,
        ]);
        expect((await post(server.url, `/messages/${conversationId}`, coach, { intent: "send", content: "Before the drill" })).status).toBe(200);
        // Safe Play's tables: a family, an invitation, a report of the message above, and their log lines.
        const coachId = (await database.query<{ id: string }>("select id from users where email = $1", [coach.email])).rows[0]!.id;
        await database.query(
          "insert into users (id, full_name, email, role, client_kind, date_of_birth) values ('drill-athlete', 'Drill Athlete', 'drill-athlete@no-login.invalid', 'client', 'athlete', '2012-02-29')",
        );
        await database.query(
          "with h as (insert into households (confirmed_at, confirmed_how) values (now(), 'met at the drill') returning id) insert into household_members (household_id, user_id, role) select id, 'drill-athlete', 'athlete' from h union all select id, $1, 'guardian' from h",
          [clientId],
        );
        await database.query(
          "insert into family_invitations (kind, athlete_id, inviter_id, email, token_hash, expires_at) values ('athlete', 'drill-athlete', $1, 'athlete@example.com', 'drill-hash', now() + interval '14 days')",
          [clientId],
        );
        await database.query(
          "insert into safeguarding_log (actor_id, athlete_id, action, detail) values ($1, 'drill-athlete', 'athlete added', 'drill')",
          [clientId],
        );
        await database.query(
          "insert into message_reports (message_id, conversation_id, reporter_id, reason) select id, conversation_id, $1, 'Drill report' from messages where conversation_id = $2 limit 1",
          [coachId, conversationId],
        );
        await database.query("insert into safeguarding_reviews (lead_id, reviewed_up_to) values ($1, now())", [coachId]);
        // A message kept for the end of quiet hours (issue 39).
        await database.query(
          "insert into scheduled_messages (conversation_id, sender_id, content, send_at) values ($1, $2, 'Drill kept message', now() + interval '1 day')",
          [conversationId, coachId],
        );
        // A change that would lift a protection, waiting for the lead, and a clearance reminder sent (issue 37).
        await database.query(
          "insert into protection_requests (user_id, requested_by, field, from_value, to_value) values ('drill-athlete', $1, 'date_of_birth', '2012-02-29', '2007-02-28')",
          [clientId],
        );
        await database.query("insert into clearance_reminders (coach_id, check_kind, expires_on) values ($1, 'training', current_date + 60)", [
          coachId,
        ]);
        // A device that turned notifications on (issue 27).
        await database.query(
          "insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent) values ($1, 'https://fcm.googleapis.com/fcm/send/drill', 'BDrillKey', 'drillAuth', 'Mozilla/5.0 (Linux; Android 14)')",
          [clientId],
        );
        // A coach's staff photo and an invitation to coach (issue 28).
        const coachPhoto = await database.query<{ id: string }>("insert into coach_photos (user_id, width, height) values ($1, 4, 3) returning id", [
          coachId,
        ]);
        await database.query("insert into coach_photo_files (photo_id, format, width, data) values ($1, 'webp', 4, '\\x52494646')", [
          coachPhoto.rows[0]!.id,
        ]);
        await database.query(
          "insert into staff_invitations (email, token_hash, inviter_id, expires_at) values ('new-coach@example.com', 'drill-staff-hash', $1, now() + interval '14 days')",
          [coachId],
        );
        // A coach's availability and a booked lesson with its calendar mail (issue 30); a request, a level and an
        // attendance mark for the drill's athlete in a program's session (issue 29). Programs, their sections and
        // seasons come with the site (issue 28).
        await database.query("insert into booking_settings (coach_id, lesson_minutes, buffer_minutes) values ($1, '{60}', 15)", [coachId]);
        await database.query(
          "insert into booking_windows (coach_id, kind, weekday, start_time, end_time, place) values ($1, 'lesson', 5, '15:00', '19:00', 'Fort Stanton Park')",
          [coachId],
        );
        await database.query("insert into booking_days_off (coach_id, day) values ($1, '2030-01-04')", [coachId]);
        await database.query("insert into booking_feeds (user_id, token_hash) values ($1, 'drill-feed-hash')", [clientId]);
        await database.query(
          "insert into bookings (coach_id, athlete_id, booked_by, kind, starts_at, ends_at, blocked_until, place) values ($1, 'drill-athlete', $2, 'lesson', '2030-01-11 20:00Z', '2030-01-11 21:00Z', '2030-01-11 21:15Z', 'Fort Stanton Park')",
          [coachId, clientId],
        );
        await database.query(
          "insert into mail_calendar_parts (mail_id, method, content) select id, 'REQUEST', 'BEGIN:VCALENDAR' from mail_outbox where kind = 'drill'",
        );
        const session = (await database.query<{ id: string }>("select id from events where program_slug is not null limit 1")).rows[0]!.id;
        const enrollment = await database.query<{ id: string }>(
          "insert into enrollments (event_id, athlete_id, requested_by, status, emergency_name, emergency_phone) values ($1, 'drill-athlete', $2, 'enrolled', 'Drill Aunt', '(202) 555-0101') returning id",
          [session, clientId],
        );
        await database.query(
          "insert into athlete_levels (athlete_id, level, placed_on, coach_id, enrollment_id) values ('drill-athlete', 4, '2026-09-10', $1, $2)",
          [coachId, enrollment.rows[0]!.id],
        );
        await database.query(
          "insert into attendance_marks (event_id, athlete_id, day, present, client_id, marked_by, marked_at) values ($1, 'drill-athlete', '2026-09-13', true, gen_random_uuid(), $2, now())",
          [session, coachId],
        );
        // The session's coach, and a visitor's request for a place kept until they verify their address (issue 29).
        await database.query("insert into session_coaches (event_id, coach_id) values ($1, $2) on conflict do nothing", [session, coachId]);
        await database.query(
          "insert into visitor_enrollment_requests (event_id, student_name, date_of_birth, emergency_name, emergency_phone, email) values ($1, 'Drill Visitor Kid', '2015-05-05', 'Drill Uncle', '(202) 555-0102', 'drill-visitor@example.com')",
          [session],
        );
        // Paperwork (issue 40): the drill's program requires the waiver, which the guardian signed; a request waits for forms.
        const waiver = "40000000-0000-4000-8000-000000000001";
        await database.query(
          "insert into consent_form_programs (form_id, program_slug) select $1, program_slug from events where id = $2 on conflict do nothing",
          [waiver, session],
        );
        await database.query(
          "insert into consent_signatures (form_id, version_id, athlete_id, signer_id, signer_role, athlete_name, typed_name, language, ip_address, user_agent, receipt_pdf) select $1, id, 'drill-athlete', $2, 'guardian', 'Drill Athlete', 'Drill Guardian', 'en', '127.0.0.1', 'Mozilla/5.0', '\\x255044462d' from consent_form_versions where form_id = $1 order by version desc limit 1",
          [waiver, clientId],
        );
        await database.query("insert into consent_enrollment_waits (enrollment_id, athlete_id) values ($1, 'drill-athlete')", [
          enrollment.rows[0]!.id,
        ]);
        // Money (issue 41): the family's account with a charge, aid on it, a check paid; an aid request decided; a
        // Checkout opened and the provider's event; payment staff; a receipt's PDF attached to the drill's mail.
        const account = await database.query<{ id: string }>(
          "insert into payment_accounts (household_id) select household_id from household_members where user_id = 'drill-athlete' returning id",
        );
        const accountId = account.rows[0]!.id;
        const charge = await database.query<{ id: string }>(
          "insert into ledger_entries (account_id, kind, amount_cents, reason, enrollment_id, due_on) values ($1, 'charge', 12000, 'Drill clinic fee', $2, '2030-01-01') returning id",
          [accountId, enrollment.rows[0]!.id],
        );
        await database.query(
          "insert into ledger_entries (account_id, kind, amount_cents, reason, applies_to) values ($1, 'aid', 3000, 'Drill aid (25%)', $2)",
          [accountId, charge.rows[0]!.id],
        );
        await database.query(
          "insert into ledger_entries (account_id, kind, amount_cents, reason, method, reference, recorded_by) values ($1, 'payment', 4000, 'Drill check', 'check', 'drill-check-101', $2)",
          [accountId, coachId],
        );
        await database.query(
          "insert into aid_requests (account_id, requested_by, household_size, school_lunch, status, decision, percent, valid_until, decided_by, decided_at) values ($1, $2, 4, 'free', 'granted', 'percent', 25, '2027-08-31', $3, now())",
          [accountId, clientId, coachId],
        );
        await database.query("insert into payment_checkouts (id, account_id, amount_cents, opened_by) values ('cs_drill_1', $1, 5000, $2)", [
          accountId,
          clientId,
        ]);
        await database.query(
          "insert into payment_provider_events (id, type, outcome) values ('evt_drill_1', 'checkout.session.completed', 'recorded')",
        );
        await database.query("insert into payment_staff (user_id, granted_by) values ($1, $1)", [coachId]);
        // Lesson fees (issue 41, decision 0058): the drill coach's own price for a 60-minute lesson.
        await database.query("insert into lesson_prices (coach_id, kind, minutes, amount_cents, set_by) values ($1, 'lesson', 60, 4500, $1)", [
          coachId,
        ]);
        // Season fees (issue 41, decision 0059): a later month of the charge, and the session cancelled by the organisation.
        await database.query(
          "insert into season_fee_months (enrollment_id, period, charge_id) values ($1, '2030-02-01', $2) on conflict do nothing",
          [enrollment.rows[0]!.id, charge.rows[0]!.id],
        );
        await database.query("insert into session_cancellations (event_id, reason) values ($1, 'Drill cancellation')", [session]);
        // Refunds and gifts (issue 41, decision 0060): part of the check handed back, and a gift given online.
        await database.query(
          "insert into ledger_entries (account_id, kind, amount_cents, reason, applies_to, method) select account_id, 'refund', 1000, 'Drill refund', id, 'cash' from ledger_entries where reference = 'drill-check-101'",
        );
        await database.query(
          "insert into donation_checkouts (id, session_id, kind, gift_cents, fee_cents, total_cents) values ('00000000-0000-4000-8000-00000000d011', 'cs_drill_gift', 'once', 2500, 106, 2606)",
        );
        await database.query(
          "insert into donations (checkout_id, amount_cents, gift_cents, fee_cents, email, reference, provider_event_id) values ('00000000-0000-4000-8000-00000000d011', 2606, 2500, 106, 'drill-donor@example.com', 'pi_drill_gift', 'evt_drill_gift')",
        );
        await database.query(
          "insert into mail_attachments (mail_id, filename, content_type, content) select id, 'receipt.pdf', 'application/pdf', '\\x255044462d' from mail_outbox where kind = 'drill'",
        );
        // The athlete's path (issue 42): school, a term, an evaluation with a score, a milestone, a check-in, education staff.
        await database.query("insert into education_staff (user_id, granted_by) values ($1, $1)", [coachId]);
        await database.query(
          "insert into athlete_schools (athlete_id, school, grade, updated_by) values ('drill-athlete', 'Drill Middle School', 8, $1)",
          [clientId],
        );
        await database.query(
          "insert into athlete_terms (athlete_id, year, term, band, recorded_by) values ('drill-athlete', 2026, 'fall', '3-3.5', $1)",
          [clientId],
        );
        const evaluation = await database.query<{ id: string }>(
          "insert into athlete_evaluations (athlete_id, coach_id, evaluated_on, level, note, goal_one) values ('drill-athlete', $1, '2026-09-10', 4, 'Drill evaluation', 'Serve deeper') returning id",
          [coachId],
        );
        await database.query("insert into athlete_evaluation_scores (evaluation_id, skill_id, score) select $1, id, 3 from athlete_skills limit 1", [
          evaluation.rows[0]!.id,
        ]);
        await database.query(
          "insert into athlete_milestones (athlete_id, kind, happened_on, detail, recorded_by) values ('drill-athlete', 'test', '2026-10-03', 'PSAT', $1)",
          [clientId],
        );
        await database.query("insert into athlete_check_ins (athlete_id, staff_id, note) values ('drill-athlete', $1, 'Homework help going well')", [
          coachId,
        ]);
        // A term's report card and a session's evaluation reminder (issue 42, migration 0056).
        await database.query(
          "insert into athlete_report_cards (athlete_id, term_id, file_name, mime_type, size, data, uploaded_by) select athlete_id, id, 'report.pdf', 'application/pdf', 5, '\\x255044462d', $1 from athlete_terms where athlete_id = 'drill-athlete'",
          [clientId],
        );
        await database.query("insert into athlete_evaluation_reminders (event_id, season_start, athletes) values ($1, '2026-09-01', 1)", [session]);
        // An athlete's medical information (issue 39, migration 0038).
        await database.query(
          "insert into athlete_medical (athlete_id, allergies, courtside_alert, updated_by) values ('drill-athlete', 'Bee stings', true, $1)",
          [clientId],
        );
        // A family's answers to what grant forms ask (issue 39, migration 0041).
        await database.query(
          "insert into athlete_demographics (athlete_id, gender, zip, school, grade, school_lunch, updated_by) values ('drill-athlete', 'female', '20019', 'Drill Elementary', 4, 'free', $1)",
          [clientId],
        );
        // A guardian's request to delete a child's data (issue 40, migration 0046).
        await database.query(
          "insert into child_data_requests (athlete_id, asked_by, asked_at, due_by) values ('drill-athlete', $1, now(), now() + interval '30 days')",
          [clientId],
        );
        // A guardian's answer to one disclosure, and an athlete named on a photo (issue 40, migration 0054).
        await database.query(
          "insert into disclosure_consents (athlete_id, kind, given, by_id, by_role) values ('drill-athlete', 'photo', true, $1, 'guardian')",
          [clientId],
        );
        await database.query("insert into gallery_photo_athletes (photo_id, athlete_id, named_by) values ($1, 'drill-athlete', $2)", [
          photo.rows[0]!.id,
          coachId,
        ]);
        // Messages will flow on four sockets while the backup runs (open now: the site records its sockets too).
        const sockets = await Promise.all([coach, client, coach, client].map((p) => openSocket(server.url, p)));
        const before = await tableContents((q) => database.query(q));
        const empty = [...before].filter(([, rows]) => rows.length === 0).map(([t]) => t);
        expect(empty, "tables the drill leaves empty (fill them above)").toEqual([]);
        return { coach, conversationId, sockets, before };
      });

      const { acknowledged, acknowledgedBeforeBackup, backupFile } = await step("messages flow on four sockets while a backup is taken", async () => {
        const acknowledged = new Map<string, string>();
        const acknowledgedBeforeBackup = new Map<string, string>();
        let sending = true;
        let sent = 0;
        for (const [i, s] of sockets.entries()) {
          const next = () => {
            const ref = `d${i}-${sent++}`;
            if (sending && s.ws.readyState === WebSocket.OPEN) s.send({ type: "send", conversationId, content: `drill ${ref}`, ref });
          };
          s.ws.on("message", (raw) => {
            const e = JSON.parse(String(raw)) as { type: string; message?: { id: string; content: string } };
            if (e.type !== "ack") return;
            acknowledged.set(e.message!.id, e.message!.content);
            next();
          });
          for (let k = 0; k < 3; k++) next();
        }
        await expect.poll(() => acknowledged.size, { timeout: 20_000 }).toBeGreaterThanOrEqual(40);
        for (const [id, content] of acknowledged) acknowledgedBeforeBackup.set(id, content);
        const backupFile = path.join(tempDir("nlte-drill-out-"), "drill.jsonl.gz");
        const backup = await runScript(["cli/backup.ts", "--out", backupFile], env);
        expect(backup.code, backup.stderr).toBe(0);
        expect(backup.stdout).toMatch(/^Backup written: .*drill\.jsonl\.gz \(\d+ tables, [\d.]+ KB\)/);
        const sentDuringBackup = acknowledged.size - acknowledgedBeforeBackup.size;
        sending = false;
        for (const s of sockets) s.close();
        expect(sentDuringBackup, "messages acknowledged while the backup ran").toBeGreaterThan(0);
        await db!.close();
        db = undefined;
        expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
        return { acknowledged, acknowledgedBeforeBackup, backupFile };
      });

      await step("the backups folder keeps the newest BACKUP_KEEP", async () => {
        // The default: into DATA_DIR/backups. Two older backups lie there already, named as the site names them for
        // the time they were taken (two days and a day ago): the new one is the third, and the oldest goes.
        const folder = path.join(dataDir, "backups");
        fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
        const oldest = backupFileName(new Date(Date.now() - 2 * 86_400_000));
        for (const name of [oldest, backupFileName(new Date(Date.now() - 86_400_000))]) fs.copyFileSync(backupFile, path.join(folder, name));
        const r = await runScript(["cli/backup.ts"], { ...env, BACKUP_KEEP: "2" });
        expect(r.code, r.stderr).toBe(0);
        const written = path.basename(/^Backup written: (\S+)/m.exec(r.stdout)?.[1] ?? "");
        const kept = fs.readdirSync(folder).filter((f) => f.endsWith(".jsonl.gz"));
        expect(kept).toHaveLength(2);
        expect(kept).toContain(written);
        expect(kept).not.toContain(oldest);
      });

      await step("a backup cut short (a full disk, a copy interrupted) is refused", async () => {
        const lines = zlib.gunzipSync(fs.readFileSync(backupFile)).toString("utf8").split("\n");
        const truncated = path.join(path.dirname(backupFile), "truncated.jsonl.gz");
        fs.writeFileSync(truncated, zlib.gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join("\n") + "\n"));
        const cut = await runScript(["cli/restore.ts", truncated], { DATA_DIR: tempDir("nlte-drill-cut-"), DATABASE_URL: "" });
        expect(cut.code).toBe(1);
        expect(cut.stderr.trim()).toBe("Error: this backup is incomplete: it stops before its end");
      });

      const freshDir = await step("it restores into a fresh data folder; a folder that holds a database is refused without --force", async () => {
        const freshDir = tempDir("nlte-drill-restored-");
        const restoreEnv = { DATA_DIR: freshDir, DATABASE_URL: "" };
        const r = await runScript(["cli/restore.ts", backupFile], restoreEnv);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toMatch(/^Restored .*drill\.jsonl\.gz \(taken .+\): \d+ tables, \d+ rows\.$/m);
        const again = await runScript(["cli/restore.ts", backupFile], restoreEnv);
        expect(again.code).toBe(1);
        expect(again.stderr.trim()).toBe("Error: the database is not empty: restoring would replace what it holds; add --force to do so");
        expect(fs.readFileSync(path.join(freshDir, "auth-secret"), "utf8")).toBe(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8"));
        return freshDir;
      });

      const newestRestored = await step("every acknowledged row of the backup is back, and nothing else", async () => {
        const after = await openDatabase(freshDir);
        try {
          const restoredTables = await tableContents((q) => after.query(q));
          for (const [table, rows] of before) {
            // Never backed up (decision 0025): nobody's session or pending verification comes back with a restore.
            if (NOT_BACKED_UP.tables.has(table)) {
              expect(restoredTables.get(table), `rows of ${table} after the restore`).toEqual([]);
              continue;
            }
            // Still changing while the backup ran: messages, their conversation, senders' allowances, open sockets.
            if (["messages", "conversations", "message_allowances", "realtime_sockets"].includes(table)) continue;
            // Columns never backed up (the outbox's sealed links) come back empty; the rest of the row as it was.
            const leftOut = NOT_BACKED_UP.columns.get(table) ?? new Set<string>();
            const kept = (row: string) =>
              leftOut.size ? JSON.stringify(Object.entries(JSON.parse(row) as object).filter(([column]) => !leftOut.has(column))) : row;
            const restoredRows = (restoredTables.get(table) ?? []).map((row) => JSON.parse(row) as Record<string, unknown>);
            for (const column of leftOut)
              expect(
                restoredRows.filter((row) => row[column] !== null),
                `${table}.${column} after the restore`,
              ).toEqual([]);
            const restoredKept = new Set((restoredTables.get(table) ?? []).map(kept));
            const missing = rows.filter((row) => !restoredKept.has(kept(row)));
            expect(missing, `rows of ${table} missing after the restore`).toEqual([]);
          }
          const { rows } = await after.query<{ id: string; content: string }>(
            "select id, content from messages where conversation_id = $1 order by created_at desc, id desc",
            [conversationId],
          );
          const stored = new Map(rows.map((m) => [m.id, m.content]));
          const lost = [...acknowledgedBeforeBackup].filter(([id, content]) => stored.get(id) !== content);
          expect(lost).toEqual([]);
          // Nothing the site never acknowledged, and nothing twice.
          expect(rows.filter((m) => !acknowledged.has(m.id) && m.content !== "Before the drill")).toEqual([]);
          expect(new Set(rows.map((m) => m.content)).size).toBe(rows.length);
          return rows[0]!.content;
        } finally {
          await after.close();
        }
      });

      await step("the site starts on the restored folder, and the coach signs in again", async () => {
        // The coach's session from before the backup is refused (decision 0025), though the secret is the same.
        await server.stop();
        restored = await startServer({ dataDir: freshDir, env: limits });
        const refused = await get(restored.url, `/messages/${conversationId}`, coach);
        expect(refused.status).toBe(302);
        expect(new URL(refused.headers.get("location")!, restored.url).pathname).toBe("/signin");
        const signedInAgain = { ...coach, cookie: await signInCookie(restored.url, coach.email, coach.password) };
        const page = await get(restored.url, `/messages/${conversationId}`, signedInAgain);
        expect(page.status).toBe(200);
        const html = await page.text();
        // The history is paged (newest first): the newest restored message is on the page.
        expect(html).toContain(newestRestored);
        expect(html).toContain("Drill Client");
        const home = await (await fetch(`${restored.url}/`)).text();
        expect(home).toContain("Wonderful coaches and a great program");
      });
    } finally {
      await db?.close().catch(() => undefined);
      await restored?.stop();
      await server.stop();
    }
  }, 300_000);

  it("refuses a file that is not a backup, changing nothing, and explains its usage", async () => {
    const freshDir = tempDir("nlte-drill-bad-");
    const notBackup = path.join(freshDir, "..", `${path.basename(freshDir)}-notes.txt`);
    fs.writeFileSync(notBackup, "hello");
    folders.alsoRemove(notBackup);
    const r = await runScript(["cli/restore.ts", notBackup], { DATA_DIR: freshDir, DATABASE_URL: "" });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^Error: this is not a backup of this site \(.+\)$/);
    expect(fs.existsSync(path.join(freshDir, "postgres"))).toBe(false);
    const usage = await runScript(["cli/restore.ts"], { DATA_DIR: freshDir });
    expect(usage.stderr.trim()).toBe("Error: usage: npm run restore -- FILE [--force]");
  });
});
