// Reports of messages mail the safeguarding lead once in 15 minutes, with one summary of the rest (decision 0024),
// against a real PostgreSQL: fifty reports are fifty rows on /safeguarding and not fifty mails.
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { mailOutbox, users } from "../../db/schema";
import { call, contextFor } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { loader as safeguardingLoader } from "~/routes/safeguarding";
import { reportMessage } from "./reports.server";
import { SAFEGUARDING_SUMMARY_JOB, sendSafeguardingSummary } from "./safeguarding-mail.server";
import { grantSafeguardingLead } from "../models/users.server";

const { db } = await createTestDatabase();
const services = {
  db,
  config: { publicUrl: "http://localhost:3000", site: { orgName: "Test Tennis", email: "info@test-tennis.example.org" }, mail: {} },
  secret: "x".repeat(40),
};

async function makeUser(role: "client" | "coach", fullName: string) {
  const id = crypto.randomUUID();
  const email = `${fullName.split(" ")[0]!.toLowerCase()}-${id.slice(0, 8)}@example.com`;
  await db.insert(users).values({ id, email, fullName, role, dateOfBirth: role === "client" ? "1980-01-01" : null });
  return { id, email, fullName, role };
}

/** A conversation of a coach and a guardian with 50 messages from the coach. */
async function conversationWithMessages(count: number) {
  const coach = await makeUser("coach", "Cole Coach");
  const guardian = await makeUser("client", "Gina Guardian");
  const conversationId = crypto.randomUUID();
  await db.execute(sql`insert into conversations (id) values (${conversationId})`);
  await db.execute(
    sql`insert into conversation_participants (conversation_id, user_id) values (${conversationId}, ${coach.id}), (${conversationId}, ${guardian.id})`,
  );
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into messages (conversation_id, sender_id, content)
    select ${conversationId}, ${coach.id}, 'message ' || g from generate_series(1, ${count}) g returning id`);
  return { coach, guardian, conversationId, messageIds: rows.map((r) => r.id) };
}

const leadMails = (to: string) =>
  db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, "message-report")));

describe("reports to the safeguarding lead", () => {
  it("50 reports in a minute are 50 open reports on /safeguarding, one mail to the lead, and one summary after 15 minutes", async () => {
    const lead = await makeUser("coach", "Lena Lead");
    expect(await grantSafeguardingLead(db, lead.email)).toMatchObject({ id: lead.id });
    const c = await conversationWithMessages(50);
    for (const messageId of c.messageIds) {
      expect(await reportMessage(db, services, { conversationId: c.conversationId, messageId, reporterId: c.guardian.id, reason: "Odd" })).toBe(
        "lead",
      );
    }

    // Every report is kept and shown to the lead.
    const session = { user: { id: lead.id, email: lead.email, name: lead.fullName, role: "coach", emailVerified: true } };
    const asLead = { ...contextFor(db, "coach"), auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
    const page = await call(safeguardingLoader as never, { request: new Request("http://localhost/safeguarding"), context: asLead });
    expect((page.body as { reports: unknown[] }).reports).toHaveLength(50);

    // One mail, and one summary waiting for the end of the 15 minutes.
    expect((await leadMails(lead.email)).map((m) => m.subject)).toEqual(["A message was reported"]);
    const jobs = await db.execute<{ run_at: Date }>(
      sql`select run_at from graphile_worker.jobs where task_identifier = ${SAFEGUARDING_SUMMARY_JOB} and key = ${`${SAFEGUARDING_SUMMARY_JOB}:${lead.id}`}`,
    );
    expect(jobs.rows).toHaveLength(1);
    const wait = new Date(jobs.rows[0]!.run_at).getTime() - Date.now();
    expect(wait).toBeGreaterThan(14 * 60_000);
    expect(wait).toBeLessThanOrEqual(15 * 60_000);

    // Too early (a job run before its time): nothing more.
    await sendSafeguardingSummary(services, { recipient: lead.id });
    expect(await leadMails(lead.email)).toHaveLength(1);
    // The 15 minutes pass: the summary says how many wait, with no names or message text.
    await db.execute(sql`update rate_limits set reset_at = now() where key = ${`mail:safeguarding:${lead.id}`}`);
    await sendSafeguardingSummary(services, { recipient: lead.id });
    const mails = await leadMails(lead.email);
    expect(mails.map((m) => m.subject)).toEqual(["A message was reported", "More messages were reported"]);
    expect(mails[1]!.text).toContain("More messages were reported since our last email. 50 reports are waiting for review.");
    expect(mails[1]!.text).not.toContain("Gina");
    expect(mails[1]!.text).not.toContain("message 1");
  });
});
