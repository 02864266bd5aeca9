// The roster's paperwork (issue 40, decision 0061) through the roster's routes, against a real PostgreSQL: each
// athlete's photo release as the one disclosure rule answers it ("no photos" until the family allows it, again at once
// when they withdraw), the program's forms still to sign before Enroll, and "Send a reminder": the forms-needed mail at
// once, once a day for each family, for the session's coach only, delivered by the job queue to a real SMTP server on
// loopback (what the family reads: the athlete, the session, the forms and the link that signs them).
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { makeFamily, makeSession, makeUser, type Person } from "~/enrollment/test-support";
import * as familyRoute from "~/routes/account.family";
import { action as rosterAction, loader as rosterLoader } from "~/routes/rosters.$sessionId";
import { createAuth } from "../../server/auth";
import { loadConfig } from "../../server/config";
import { inLocale } from "../../server/languages";
import { startQueue } from "../../server/queue";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { startTestSmtp } from "../../tests/support/smtp";
import { createTestDatabase } from "../../tests/support/test-db";
import { getCurrentForms } from "./forms.server";

const { db, url } = await createTestDatabase();
const NOW = "2026-06-15T14:00:00-04:00";
const smtp = await startTestSmtp();
const ENV = { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000", SMTP_URL: smtp.url };
const queue = await startQueue(
  { db, config: loadConfig({ ...ENV, DATA_DIR: "/nonexistent" }), secret: "x".repeat(40), auth: createAuth(db, loadConfig(ENV), "x".repeat(40)) },
  url,
);
afterAll(async () => {
  await queue.stop();
  await smtp.stop();
});

function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", ENV);
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true }, session: { token: "t" } } : null;
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const origin = { Origin: "http://localhost:3000" };

const coach = await makeUser(db, "coach", "Paperwork Coach");
const otherCoach = await makeUser(db, "coach", "Paperwork Elsewhere");
const sessionId = await makeSession(db, 10, {}, [coach.id]);
await makeSession(db, 10, { title: "Another clinic" }, [otherCoach.id]);
const waiver = (await getCurrentForms(db)).find((f) => f.kind === "waiver")!;
await db.execute(sql`insert into consent_form_programs (form_id, program_slug) values (${waiver.formId}, 'fall')`);
const ana = await makeFamily(db, "Paperwork Ana");
const ben = await makeFamily(db, "Paperwork Ben");
await db.execute(sql`update users set email_verified = true where id in (${ana.guardian.id}, ${ben.guardian.id})`);
for (const [a, status] of [
  [ana.athlete.id, "placed"],
  [ben.athlete.id, "enrolled"],
] as const)
  await db.execute(sql`insert into enrollments (event_id, athlete_id, requested_by, status, emergency_name, emergency_phone)
    values (${sessionId}, ${a}, ${a}, ${status}, 'Aunt Paper', '202-555-0111')`);

type Paperwork = { photo: string; formsMissing: Array<{ en: string }>; remindedToday: boolean };
const roster = async (p: Person) =>
  (
    await inLocale("en", () =>
      call(rosterLoader, { request: new Request(`http://localhost/rosters/${sessionId}`), context: as(p), params: { sessionId } }),
    )
  ).body as { paperwork: Record<string, Paperwork> };
// The answer names the athlete from the roster, never from what the form claims (a forged name is sent along).
const remind = (p: Person | null, athleteId: string) =>
  inLocale("en", () =>
    call(rosterAction, {
      request: postForm(`/rosters/${sessionId}`, { intent: "remind-forms", athleteId, athleteName: "Forged Name" }, origin),
      context: as(p),
      params: { sessionId },
    }),
  );
const allow = (given: "yes" | "no") =>
  inLocale("en", () =>
    call(familyRoute.action as never, {
      request: postForm("/account/family", { intent: "disclosure", athleteId: ana.athlete.id, kind: "photo", given }, origin),
      context: as(ana.guardian),
    }),
  );
const mails = async () =>
  (await db.execute<{ to_address: string; kind: string }>(sql`select to_address, kind from mail_outbox where kind = 'consent-forms-needed'`)).rows;

describe("the roster's paperwork", () => {
  it("shows no photos until the family allows them, and again at once when they withdraw", async () => {
    expect((await roster(coach)).paperwork[ana.athlete.id]!.photo).toBe("no");
    expect((await allow("yes")).status).toBe(200);
    expect((await roster(coach)).paperwork[ana.athlete.id]!.photo).toBe("yes");
    expect((await roster(coach)).paperwork[ben.athlete.id]!.photo).toBe("no");
    await allow("no");
    expect((await roster(coach)).paperwork[ana.athlete.id]!.photo).toBe("no");
  });

  it("lists the forms still to sign before Enroll, not for an athlete already enrolled", async () => {
    const { paperwork } = await roster(coach);
    expect(paperwork[ana.athlete.id]).toMatchObject({ formsMissing: [{ en: "Liability waiver" }], remindedToday: false });
    expect(paperwork[ben.athlete.id]!.formsMissing).toEqual([]);
  });

  it("sends the reminder at once for the session's coach only, once a day for each family", async () => {
    for (const who of [otherCoach, ana.guardian]) expect((await remind(who, ana.athlete.id)).status, who.fullName).toBe(403);
    expect((await remind(null, ana.athlete.id)).status).toBe(401);
    expect(await remind(coach, ben.athlete.id)).toMatchObject({ status: 404 }); // enrolled: nothing to remind
    expect(await mails()).toEqual([]);
    expect(await remind(coach, ana.athlete.id)).toMatchObject({
      status: 200,
      body: { ok: true, intent: "remind-forms", athleteId: ana.athlete.id, message: "Reminder sent to Paperwork Ana Kid's family." },
    });
    expect(await mails()).toEqual([{ to_address: ana.guardian.email, kind: "consent-forms-needed" }]);
    // Delivered over SMTP, saying what the family must do and where.
    const mail = await smtp.waitFor(ana.guardian.email, "Forms to sign for Paperwork Ana Kid");
    expect(mail.text).toContain("Paperwork Ana Kid has a place in");
    expect(mail.text).toContain("• Liability waiver");
    expect(mail.links).toContain("http://localhost:3000/account/forms");
    expect(await remind(coach, ana.athlete.id)).toMatchObject({
      status: 429,
      body: {
        ok: false,
        values: { athleteId: ana.athlete.id },
        formError: "Paperwork Ana Kid's family has had today's reminder; the next one can go tomorrow.",
      },
    });
    expect(await mails()).toHaveLength(1);
    expect((await roster(coach)).paperwork[ana.athlete.id]!.remindedToday).toBe(true);
  });
});
