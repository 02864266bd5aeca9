// A session the organisation cancels ends the requests still waiting in it (issue 41, decision 0068): in the step
// every page calls (programs' cancelSessionAs), each request short of Enrolled is declined as "the session was
// cancelled", its family mailed in its own language with the reason staff gave, and the page of the family's
// enrollments says so; the enrolled stay Enrolled and are credited as before, and each enrolled family gets a mail of its
// own (read here through the real job queue and a real SMTP server on loopback): the session cancelled, the reason and
// what its account was credited, in its language, once, to proved addresses only; nothing else moves.
import { sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../server/auth";
import { loadConfig } from "../../server/config";
import { startQueue, type Queue } from "../../server/queue";
import { startTestSmtp, type TestSmtp } from "../../tests/support/smtp";
import { createTestDatabase } from "../../tests/support/test-db";
import { localeStore } from "../../tests/support/locale-store";
import { createAidRequest, decideAidRequest } from "~/payments/aid.server";
import { getBalance } from "~/payments/ledger.server";
import type { AidDecisionInput } from "~/payments/schemas";
import { accountOf, enroll } from "~/payments/test-support";
import { cancelSessionAs } from "~/programs/session-cancel.server";
import { ClosedRequests } from "./closed-requests";
import { createEnrollmentRequest } from "./enrollments.server";
import { getRequestDates } from "./request-history.server";
import { makeFamily, makeSession, makeUser, onCourt, servicesFor } from "./test-support";

const { db, url } = await createTestDatabase();
const services = servicesFor(db);
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

const statusOf = async (id: string) =>
  (await db.execute<{ status: string; closed_reason: string | null }>(sql`select status, closed_reason from enrollments where id = ${id}`)).rows[0];

describe("a cancelled session's waiting requests", () => {
  it("are declined as cancelled in the cancel step, each family told in its language; the enrolled are credited and stay", async () => {
    const coach = await makeUser(db, "coach", "Coach Endwait");
    const sessionId = await makeSession(db, null, { title: "Endwait Clinic", titleEs: "Clínica Endwait", feeCents: 20000, feePer: "season" }, [
      coach.id,
    ]);
    const enrolled = await makeFamily(db, "Endwait Enrolled");
    await enroll(db, sessionId, enrolled.athlete.id);
    const waiting = await makeFamily(db, "Endwait Waiting");
    await db.execute(sql`update users set locale = 'es' where id = ${waiting.guardian.id}`);
    const requested = await createEnrollmentRequest(services, waiting.guardian, sessionId, onCourt(waiting.athlete.id));
    const listed = await makeFamily(db, "Endwait Listed");
    const waitlisted = await createEnrollmentRequest(services, listed.guardian, sessionId, onCourt(listed.athlete.id));
    if (!requested.ok || !waitlisted.ok) throw new Error("requests refused");
    // One waiting further along: placed by the coach, not yet enrolled.
    await db.execute(sql`update enrollments set status = 'placed' where id = ${waitlisted.enrollmentId}`);
    const accountId = await accountOf(db, enrolled.guardian.id);
    expect(await getBalance(db, accountId)).toBe(20000);

    const result = await cancelSessionAs(services, coach, sessionId, { en: "Courts flooded", es: "Canchas inundadas" });
    expect(result).toEqual({ ok: true, credited: 1, ended: 2 });
    expect(await statusOf(requested.enrollmentId)).toEqual({ status: "declined", closed_reason: "session-cancelled" });
    expect(await statusOf(waitlisted.enrollmentId)).toEqual({ status: "declined", closed_reason: "session-cancelled" });
    expect(await getBalance(db, accountId)).toBe(0);
    expect(
      (
        await db.execute<{ status: string }>(
          sql`select status from enrollments where event_id = ${sessionId} and athlete_id = ${enrolled.athlete.id}`,
        )
      ).rows[0]?.status,
    ).toBe("enrolled");

    // The mail, held as every status mail, in the guardian's language with the reason in it.
    const mails = await db.execute<{ to_address: string; subject: string; text_body: string }>(
      sql`select to_address, subject, text_body from mail_outbox where kind = 'enrollment-session-cancelled' order by to_address`,
    );
    const toWaiting = mails.rows.find((r) => r.to_address === waiting.guardian.email);
    expect(toWaiting?.subject).toBe("Endwait Waiting Kid en Clínica Endwait: la sesión se canceló");
    expect(toWaiting?.text_body).toContain("La organización canceló Clínica Endwait, así que la solicitud de plaza de Endwait Waiting Kid terminó.");
    expect(toWaiting?.text_body).toContain("Motivo: Canchas inundadas");
    const toListed = mails.rows.find((r) => r.to_address === listed.guardian.email);
    expect(toListed?.subject).toBe("Endwait Listed Kid in Endwait Clinic: the session was cancelled");
    expect(toListed?.text_body).toContain("Why: Courts flooded");
    expect(mails.rows.some((r) => r.to_address === enrolled.guardian.email)).toBe(false);

    // The family's page: the ended request says the session was cancelled, in English and Spanish.
    const dates = await getRequestDates(db, [requested.enrollmentId]);
    expect(dates[requested.enrollmentId]?.sessionCancelled).toBe(true);
    const closed = [{ id: requested.enrollmentId, name: "Endwait Clinic", status: "declined" as const, changedAt: null, sessionCancelled: true }];
    const Stub = createRoutesStub([{ path: "/", Component: () => <ClosedRequests id="c" requests={closed} /> }]);
    expect(renderToString(<Stub initialEntries={["/"]} />)).toContain("The session was cancelled");
    expect(localeStore().run("es", () => renderToString(<Stub initialEntries={["/"]} />))).toContain("La sesión se canceló");

    // A second cancellation ends nothing more and mails nobody again.
    expect(await cancelSessionAs(services, coach, sessionId, { en: "again", es: null })).toEqual({ ok: false, reason: "already-cancelled" });
    const again = await db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where kind = 'enrollment-session-cancelled'`);
    expect(again.rows[0]?.n).toBe(mails.rows.length);
    const toEnrolled = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where kind = 'enrollment-session-cancelled-enrolled' and to_address = ${enrolled.guardian.email}`,
    );
    expect(toEnrolled.rows[0]?.n).toBe(1);
  });

  it("tells each enrolled family in its language: the session cancelled, the reason and the credit; once, to proved addresses", async () => {
    const mailing = { ...services, config: { ...services.config, mail: { smtpUrl: smtp.url, statusHoldSeconds: 1 } } };
    const coach = await makeUser(db, "coach", "Coach Credmail");
    const sessionId = await makeSession(db, null, { title: "Credmail Clinic", titleEs: "Clínica Credmail", feeCents: 18000, feePer: "season" }, [
      coach.id,
    ]);
    const [lucia, ellis, waived, unproved] = [
      await makeFamily(db, "Credmail Lucia"),
      await makeFamily(db, "Credmail Ellis"),
      await makeFamily(db, "Credmail Waived"),
      await makeFamily(db, "Credmail Unproved"),
    ];
    await db.execute(sql`update users set locale = 'es' where id = ${lucia.guardian.id}`);
    await db.execute(sql`update users set email_verified = false where id = ${unproved.guardian.id}`);
    const asked = await createAidRequest(db, await accountOf(db, waived.guardian.id), waived.guardian.id, { note: "" });
    if (!asked.ok) throw new Error("not asked");
    await decideAidRequest(db, asked.id, coach.id, { decision: "waiver", validUntil: "2027-06-30" } as AidDecisionInput);
    for (const f of [lucia, ellis, waived, unproved]) await enroll(db, sessionId, f.athlete.id);

    const reason = { en: "The courts are being resurfaced", es: "Se están renovando las canchas" };
    expect(await cancelSessionAs(mailing, coach, sessionId, reason)).toMatchObject({ ok: true, ended: 0 });
    const es = await smtp.waitFor(lucia.guardian.email, "Credmail Lucia Kid en Clínica Credmail: la organización canceló la sesión");
    expect(es.text).toContain("La organización canceló Clínica Credmail, donde Credmail Lucia Kid tenía una plaza: no habrá más clases.");
    expect(es.text).toContain("Motivo: Se están renovando las canchas");
    expect(es.text).toContain("Acreditamos $180 a su cuenta por esa sesión. El crédito queda en su cuenta para otras clínicas o clases.");
    expect(es.links).toContain("http://localhost:3000/es/account/payments");
    const en = await smtp.waitFor(ellis.guardian.email, "Credmail Ellis Kid in Credmail Clinic: the organisation cancelled the session");
    expect(en.text).toContain(
      "The organisation cancelled Credmail Clinic, where Credmail Ellis Kid had a place: there will be no more classes in it.",
    );
    expect(en.text).toContain("Why: The courts are being resurfaced");
    expect(en.text).toContain("We credited $180 to your account for that session. The credit stays on your account for other clinics or lessons.");
    const none = await smtp.waitFor(waived.guardian.email, "Credmail Waived Kid in Credmail Clinic: the organisation cancelled the session");
    expect(none.text).toContain("Nothing was owed for that session, so there is nothing to credit.");
    expect(none.text).not.toContain("We credited");

    // Once: a second cancellation is refused and queues nothing; nobody unproved (nor the athletes, with no login) is mailed.
    expect(await cancelSessionAs(mailing, coach, sessionId, { en: "again", es: null })).toEqual({ ok: false, reason: "already-cancelled" });
    const queued = await db.execute<{ to_address: string }>(
      sql`select to_address from mail_outbox where kind = 'enrollment-session-cancelled-enrolled' and subject like '%Credmail%' order by to_address`,
    );
    expect(queued.rows.map((r) => r.to_address)).toEqual([lucia, ellis, waived].map((f) => f.guardian.email).sort());
    for (const f of [lucia, ellis, waived]) expect(smtp.mailTo(f.guardian.email)).toHaveLength(1);
    expect(smtp.mailTo(unproved.guardian.email)).toEqual([]);
  });

  it("refuses someone who may not cancel: nothing ends", async () => {
    const coach = await makeUser(db, "coach", "Coach Endkeep");
    const stranger = await makeUser(db, "coach", "Coach Endstranger");
    const sessionId = await makeSession(db, null, { title: "Endkeep Clinic" }, [coach.id]);
    const family = await makeFamily(db, "Endkeep");
    const asked = await createEnrollmentRequest(services, family.guardian, sessionId, onCourt(family.athlete.id));
    if (!asked.ok) throw new Error("request refused");
    expect(await cancelSessionAs(services, stranger, sessionId, { en: "No", es: null })).toEqual({ ok: false, reason: "forbidden" });
    expect((await statusOf(asked.enrollmentId))?.status).toBe("requested");
  });
});
