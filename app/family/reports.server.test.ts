// The safeguarding lead's process (issue 24), against a real PostgreSQL: a report before any lead exists reaches the
// organisation and says so; each report gets an outcome the reporter sees as reviewed; a paused conversation takes
// no message from anyone, on the paths the page, the widget and the socket share; a suspended coach cannot message
// minors; every change to a family is an alert until reviewed. Wrong people change nothing.
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { mailOutbox, messages, users } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import type { SafePlaySettings } from "~/safe-play/safe-play.server";
import { parseQuietHours, safePlayMessage } from "~/safe-play/safe-play";
import { ConversationRuleError, startConversation } from "~/messaging/conversations.server";
import { getHouseholdOf } from "~/family/family-log.server";
import { joinAsGuardian } from "~/family/membership.server";
import { confirmHousehold } from "~/family/confirmation.server";
import { clearCoach } from "../../tests/support/cleared";
import { createMessage, DEFAULT_SEND_LIMITS } from "~/messaging/messages.server";
import { getAlerts, getMyReports, reportMessage, reportReceivedMessage } from "~/family/reports.server";
import { grantSafeguardingLead } from "~/models/users.server";
import { action as safeguardingAction, loader as safeguardingLoader } from "~/routes/safeguarding";

const COACH_SUSPENDED_MESSAGE = safePlayMessage({ code: "coach-suspended" });
const COACH_UNAVAILABLE_MESSAGE = safePlayMessage({ code: "coach-unavailable" });
const { db } = await createTestDatabase();
const afternoon: SafePlaySettings = {
  timeZone: "America/New_York",
  quietHours: parseQuietHours("20:00-08:00")!,
  clock: () => new Date("2026-06-15T14:00:00-04:00"),
};
const limits = { ...DEFAULT_SEND_LIMITS, safePlay: afternoon };
const ORG = "info@test-tennis.example.org";
const services = { config: { publicUrl: "http://localhost:3000", site: { orgName: "Test Tennis", email: ORG }, mail: {} }, secret: "x".repeat(40) };

type Person = { id: string; email: string; fullName: string; role: "client" | "coach"; phone: null; avatarUrl: null };
async function makeUser(role: "client" | "coach", fullName: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<Person> {
  const id = crypto.randomUUID();
  const email = `${fullName.split(" ")[0]!.toLowerCase()}-${id.slice(0, 8)}@example.com`;
  await db.insert(users).values({ id, email, fullName, role, dateOfBirth: role === "client" ? "1980-01-01" : null, ...extra });
  if (role === "coach") await clearCoach(db, id);
  return { id, email, fullName, role, phone: null, avatarUrl: null };
}
function as(p: Person): AppLoadContext {
  const base = contextFor(db, "client");
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const lead = (who: AppLoadContext, fields: Record<string, string>) =>
  call(safeguardingAction as never, { request: postForm("/safeguarding", fields), context: who });
const messageCount = async (conversationId: string) =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from messages where conversation_id = ${conversationId}`)).rows[0]!.n;

/** A coach, a confirmed family (guardian and a 15-year-old) and their conversation with one message in it. */
async function family() {
  const coach = await makeUser("coach", "Coach Rae");
  const guardian = await makeUser("client", "Gus Guardian");
  const minor = await makeUser("client", "Mina Minor", { clientKind: "athlete", dateOfBirth: "2011-03-04" });
  await db.transaction((tx) => joinAsGuardian(tx, { athleteId: minor.id, guardianId: guardian.id, actorId: guardian.id, how: "test" }, afternoon));
  const staff = await makeUser("coach", "Staff Sam");
  await confirmHousehold(db, (await getHouseholdOf(db, minor.id))!.householdId, staff.id, "met at the evaluation", afternoon);
  const { id } = await startConversation(db, coach, minor.id, afternoon);
  const sent = await createMessage(db, { conversationId: id, senderId: coach.id, content: "Call me on my cell" }, limits);
  if (!sent.ok) throw new Error("not sent");
  return { coach, guardian, minor, conversationId: id, messageId: sent.message.id };
}

describe("the safeguarding lead's process", () => {
  it("before any lead exists a report reaches the organisation's address and the reporter is told who reviews it", async () => {
    const f = await family();
    expect(
      await reportMessage(db, services, { conversationId: f.conversationId, messageId: f.messageId, reporterId: f.guardian.id, reason: "Odd" }),
    ).toBe("organisation");
    expect(reportReceivedMessage("organisation")).toBe(
      "Reported. The organisation will review this message (it has not named a safeguarding lead yet).",
    );
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, ORG));
    expect(mail?.subject).toBe("A message was reported, and no safeguarding lead is named");
    expect(mail?.textBody).not.toContain("Mina");
  });

  it("gives a report an outcome and a note, the reporter sees it reviewed; pauses the conversation for everyone; suspends the coach with minors", async () => {
    const f = await family();
    const theLead = await makeUser("coach", "Lena Lead");
    expect(await grantSafeguardingLead(db, theLead.email)).toMatchObject({ id: theLead.id });
    expect(
      await reportMessage(db, services, {
        conversationId: f.conversationId,
        messageId: f.messageId,
        reporterId: f.guardian.id,
        reason: "Asked to call",
      }),
    ).toBe("lead");
    const page = await call(safeguardingLoader as never, { request: new Request("http://localhost/safeguarding"), context: as(theLead) });
    const report = (page.body as { reports: Array<{ id: string; coachId: string | null; conversationId: string }> }).reports.find(
      (r) => r.conversationId === f.conversationId,
    )!;
    expect(report.coachId).toBe(f.coach.id);

    // The wrong people: the coach, the guardian, a visitor. Nothing changes.
    for (const who of [as(f.coach), as(f.guardian)]) {
      expect((await lead(who, { intent: "pause", conversationId: f.conversationId, reason: "Under review" })).status).toBe(403);
      expect((await lead(who, { intent: "suspend", coachId: f.coach.id, reason: "Under review" })).status).toBe(403);
      expect((await lead(who, { intent: "resolve", reportId: report.id, outcome: "No concern found", note: "fine" })).status).toBe(403);
    }
    expect((await lead(contextFor(db, "visitor"), { intent: "pause", conversationId: f.conversationId, reason: "x" })).status).toBe(401);

    // An outcome needs a choice and a note, beside the fields.
    const bad = await lead(as(theLead), { intent: "resolve", reportId: report.id, outcome: "Whatever", note: "" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fieldErrors: { outcome: "Please choose an outcome.", note: "Please write a note." } });
    expect((await getMyReports(db, f.conversationId, f.guardian.id))[0]!.reviewedAt).toBeNull();

    // Pause: nobody sends, whoever they are, on the one send path; everyone reads why.
    expect((await lead(as(theLead), { intent: "pause", conversationId: f.conversationId, reason: "Under review" })).status).toBe(200);
    const before = await messageCount(f.conversationId);
    for (const sender of [f.coach, f.guardian, f.minor]) {
      expect(await createMessage(db, { conversationId: f.conversationId, senderId: sender.id, content: "hello" }, limits)).toEqual({
        ok: false,
        reason: "safe-play",
        refusal: { code: "paused", reason: "Under review" },
      });
    }
    // A conversation with no athlete in it takes the fast path: the pause holds there too.
    const adults = await startConversation(db, f.coach, f.guardian.id, afternoon);
    await db.execute(sql`update conversations set paused_at = now(), paused_reason = 'Checking' where id = ${adults.id}`);
    expect(await createMessage(db, { conversationId: adults.id, senderId: f.guardian.id, content: "hi" }, limits)).toMatchObject({
      ok: false,
      reason: "safe-play",
    });
    expect(await messageCount(f.conversationId)).toBe(before);

    // Suspension: the coach cannot message any minor, nor start with one; adults still can.
    expect((await lead(as(theLead), { intent: "suspend", coachId: f.coach.id, reason: "Asked a minor to call" })).status).toBe(200);
    expect((await lead(as(theLead), { intent: "resume", conversationId: f.conversationId })).status).toBe(200);
    expect(await createMessage(db, { conversationId: f.conversationId, senderId: f.coach.id, content: "hello" }, limits)).toEqual({
      ok: false,
      reason: "safe-play",
      refusal: { code: "coach-suspended" },
    });
    expect((await createMessage(db, { conversationId: f.conversationId, senderId: f.guardian.id, content: "We are here" }, limits)).ok).toBe(true);
    const other = await family();
    await expect(startConversation(db, f.coach, other.minor.id, afternoon)).rejects.toEqual(new ConversationRuleError(COACH_SUSPENDED_MESSAGE, 403));
    await expect(startConversation(db, other.minor, f.coach.id, afternoon)).rejects.toEqual(
      new ConversationRuleError(COACH_UNAVAILABLE_MESSAGE, 403),
    );
    // A coach no report names cannot be suspended from here.
    expect((await lead(as(theLead), { intent: "suspend", coachId: other.coach.id, reason: "No reason" })).status).toBe(404);

    // The outcome: the reporter sees it reviewed (not the note); the log keeps the note.
    expect(
      (
        await lead(as(theLead), {
          intent: "resolve",
          reportId: report.id,
          outcome: "Coach's messaging with minors suspended",
          note: "Spoke with Rae",
        })
      ).status,
    ).toBe(200);
    expect((await getMyReports(db, f.conversationId, f.guardian.id))[0]!.reviewedAt).not.toBeNull();
    expect((await lead(as(theLead), { intent: "resolve", reportId: report.id, outcome: "No concern found", note: "again" })).status).toBe(404);
    expect((await lead(as(theLead), { intent: "lift", coachId: f.coach.id })).status).toBe(200);
    expect((await createMessage(db, { conversationId: f.conversationId, senderId: f.coach.id, content: "Back" }, limits)).ok).toBe(true);
    expect(
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(eq(messages.conversationId, f.conversationId)),
    ).toEqual([{ n: before + 2 }]);
  });

  it("shows every change to a family as an alert until the lead marks it reviewed", async () => {
    const theLead = await makeUser("coach", "Alma Alert");
    await grantSafeguardingLead(db, theLead.email);
    const f = await family();
    const alerts = await getAlerts(db, theLead.id);
    expect(alerts.map((a) => a.action)).toEqual(expect.arrayContaining(["guardian linked", "athlete confirmed"]));
    expect((await lead(as(theLead), { intent: "reviewed", upTo: alerts[0]!.createdAt })).status).toBe(200);
    expect(await getAlerts(db, theLead.id)).toEqual([]);
    const second = await makeUser("client", "Second Parent");
    await db.transaction((tx) =>
      joinAsGuardian(tx, { athleteId: f.minor.id, guardianId: second.id, actorId: f.guardian.id, how: "test" }, afternoon),
    );
    expect((await getAlerts(db, theLead.id)).map((a) => a.action)).toEqual(["guardian linked"]);
  });
});
