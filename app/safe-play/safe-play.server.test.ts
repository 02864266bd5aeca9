// Safe Play's rules against a real PostgreSQL: who may start and send, quiet hours, guardians joining conversations,
// invitations through the outbox, reports, and what an account's deletion takes with it.
import crypto from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, conversationParticipants, conversations, guardianLinks, mailOutbox, messageReports, messages, users } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import {
  canRemoveGuardianLink,
  getSafetyPeople,
  isSafeguardingLead,
  messagingBlockFor,
  sendRefusal,
  type SafePlaySettings,
  type SafetyPerson,
} from "./safe-play.server";
import { parseQuietHours, safePlayMessage } from "~/safe-play/safe-play";
import { anonymizeUser, exportUserData } from "~/account/account.server";
import { bodiesToDeliver } from "~/mail/outbox.server";
import { ConversationRuleError, getClientsForCoach, startConversation } from "~/messaging/conversations.server";
import { getHouseholdOf } from "~/family/family-log.server";
import { joinAsGuardian } from "~/family/membership.server";
import { updateClientKind } from "~/family/client-kind.server";
import { confirmHousehold } from "~/family/confirmation.server";
import { clearCoach } from "../../tests/support/cleared";
import { acceptInvitation, addAthlete, claimAthleteAccount, getInvitation, inviteGuardian, wrongAddressMessage } from "~/family/invitations.server";
import { createMessage, DEFAULT_SEND_LIMITS } from "~/messaging/messages.server";
import { getReportedConversation, reportMessage } from "~/family/reports.server";
import { grantSafeguardingLead } from "~/models/users.server";

// The words people read, in English (no request, so no other language): what the rules answer is a code.
const NO_GUARDIAN_MESSAGE = safePlayMessage({ code: "no-guardian" });
const NEEDS_GUARDIAN_MESSAGE = safePlayMessage({ code: "needs-guardian" });
const AWAITING_CONFIRMATION_MESSAGE = safePlayMessage({ code: "awaiting-confirmation" });
const WRONG_ADDRESS = wrongAddressMessage();

const { db } = await createTestDatabase();
const NY = "America/New_York";
const quietHours = parseQuietHours("20:00-08:00")!;
/** 2 PM and 9 PM in New York on 15 June 2026. */
const afternoon: SafePlaySettings = { timeZone: NY, quietHours, clock: () => new Date("2026-06-15T14:00:00-04:00") };
const evening: SafePlaySettings = { ...afternoon, clock: () => new Date("2026-06-15T21:00:00-04:00") };
const FIFTEEN = "2011-03-04";
const services = {
  config: { publicUrl: "http://localhost:3000", site: { orgName: "Test Tennis", email: "info@test-tennis.example.org" }, mail: {} },
  secret: "x".repeat(40),
};

async function makeUser(role: "client" | "coach", fullName: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const email = `${id}@example.com`;
  await db.insert(users).values({ id, email, fullName, role, ...extra });
  if (role === "coach") await clearCoach(db, id);
  return { id, email, fullName, role, phone: null, avatarUrl: null } as const;
}
const athlete = (fullName: string, dateOfBirth = FIFTEEN) => makeUser("client", fullName, { clientKind: "athlete", dateOfBirth });
const countOf = async (table: typeof conversations | typeof messages) => (await db.select({ n: count() }).from(table))[0]!.n;
const person = (p: Partial<SafetyPerson> & { id: string }): SafetyPerson => ({
  role: "client",
  kind: "guardian",
  dateOfBirth: null,
  guardianIds: [],
  confirmedGuardianIds: p.guardianIds ?? [],
  confirmed: true,
  clearance: { safePlayCheckedOn: "2026-06-01", backgroundCheckedOn: "2026-06-01" },
  ...p,
});
const staff = await makeUser("coach", "Stacy Staff");
/** The guardian joins the athlete's family, which staff then confirm (as for every family that talks to coaches). */
async function link(athleteId: string, guardianId: string) {
  expect(await db.transaction((tx) => joinAsGuardian(tx, { athleteId, guardianId, actorId: guardianId, how: "test" }, afternoon))).toEqual({
    ok: true,
  });
  const household = await getHouseholdOf(db, athleteId);
  expect(await confirmHousehold(db, household!.householdId, staff.id, "met at the evaluation", afternoon)).toEqual({ ok: true });
}

describe("the send rule (pure)", () => {
  const coach = person({ id: "c", role: "coach" });
  const parent = person({ id: "g" });
  const minor = person({ id: "a", kind: "athlete", dateOfBirth: FIFTEEN, guardianIds: ["g"] });
  it("refuses everyone when a minor's guardian is not in the conversation, with the issue's words (the minor reads what is missing)", () => {
    const alone = { ...minor, guardianIds: [] };
    expect(sendRefusal([coach, alone], "c", afternoon)).toEqual({ code: "no-guardian" });
    expect(NO_GUARDIAN_MESSAGE).toBe("This athlete has no parent or guardian linked yet. Messages to minors must include a guardian.");
    expect(sendRefusal([coach, alone], "a", afternoon)).toEqual({ code: "needs-guardian" });
    expect(sendRefusal([coach, minor], "c", afternoon)).toEqual({ code: "no-guardian" });
    expect(sendRefusal([coach, minor, parent], "c", afternoon)).toBeNull();
  });
  it("refuses a coach during quiet hours, saying when it can be sent; never a guardian or an athlete", () => {
    const refusal = sendRefusal([coach, minor, parent], "c", evening);
    expect(refusal).toEqual({ code: "quiet-hours", quiet: quietHours });
    expect(safePlayMessage(refusal!)).toBe(
      "Quiet hours: coaches can't message student-athletes under 18 between 8:00 PM and 8:00 AM. You can send this after 8:00 AM.",
    );
    expect(sendRefusal([coach, minor, parent], "g", evening)).toBeNull();
    expect(sendRefusal([coach, minor, parent], "a", evening)).toBeNull();
    expect(sendRefusal([coach, parent], "c", evening)).toBeNull();
  });
  it("lets go on the 18th birthday in the organisation's zone, with no manual step", () => {
    const turning = { ...minor, guardianIds: [], dateOfBirth: "2008-06-15" };
    expect(sendRefusal([coach, turning], "c", { ...evening, clock: () => new Date("2026-06-15T03:00:00Z") })).toEqual({ code: "no-guardian" }); // 11 PM on the 14th in New York
    expect(sendRefusal([coach, turning], "c", evening)).toBeNull();
  });
  it("ignores a sender who is not in the conversation (the membership rule answers them)", () => {
    expect(sendRefusal([coach, { ...minor, guardianIds: [] }], "stranger", afternoon)).toBeNull();
  });
});

describe("conversations with minors", () => {
  it("refuses a coach a conversation with a minor who has no guardian, storing nothing", async () => {
    const coach = await makeUser("coach", "Coach Unlinked");
    const kid = await athlete("Kid Unlinked");
    const before = await countOf(conversations);
    await expect(startConversation(db, coach, kid.id, afternoon)).rejects.toEqual(new ConversationRuleError(NO_GUARDIAN_MESSAGE, 403));
    await expect(startConversation(db, kid, coach.id, afternoon)).rejects.toEqual(new ConversationRuleError(NEEDS_GUARDIAN_MESSAGE, 403));
    expect(await countOf(conversations)).toBe(before);
    expect(await messagingBlockFor(db, kid.id, afternoon)).toBe(NEEDS_GUARDIAN_MESSAGE);
  });

  it("adds the guardian when the conversation starts, refuses the coach at 21:00 (nothing stored) and never the family", async () => {
    const coach = await makeUser("coach", "Coach Linked");
    const parent = await makeUser("client", "Pat Parent");
    const kid = await athlete("Kim Kid");
    await link(kid.id, parent.id);
    const { id } = await startConversation(db, coach, kid.id, afternoon);
    const members = (
      await db.select({ u: conversationParticipants.userId }).from(conversationParticipants).where(eq(conversationParticipants.conversationId, id))
    ).map((r) => r.u);
    expect(members.sort()).toEqual([coach.id, parent.id, kid.id].sort());
    // Starting again finds the same conversation (the guardian is not a stranger in it).
    expect((await startConversation(db, kid, coach.id, afternoon)).id).toBe(id);

    expect(
      (await createMessage(db, { conversationId: id, senderId: coach.id, content: "Practice at 4" }, { ...DEFAULT_SEND_LIMITS, safePlay: afternoon }))
        .ok,
    ).toBe(true);
    const before = await countOf(messages);
    const late = await createMessage(
      db,
      { conversationId: id, senderId: coach.id, content: "Late note" },
      { ...DEFAULT_SEND_LIMITS, safePlay: evening },
    );
    expect(late).toMatchObject({ ok: false, reason: "safe-play" });
    expect(await countOf(messages)).toBe(before);
    expect(
      (await createMessage(db, { conversationId: id, senderId: parent.id, content: "Thanks!" }, { ...DEFAULT_SEND_LIMITS, safePlay: evening })).ok,
    ).toBe(true);
    expect(
      (await createMessage(db, { conversationId: id, senderId: kid.id, content: "See you" }, { ...DEFAULT_SEND_LIMITS, safePlay: evening })).ok,
    ).toBe(true);

    const [label] = (await getClientsForCoach(db, afternoon)).filter((c) => c.id === kid.id);
    expect(label?.label).toEqual({ kind: "athlete", minor: true, family: ["Pat Parent"], householdId: expect.any(String), confirmed: true });
  });

  it("adds a guardian linked later to the athlete's existing conversations", async () => {
    const coach = await makeUser("coach", "Coach Later");
    const kid = await makeUser("client", "Lee Later");
    const { id } = await startConversation(db, coach, kid.id, afternoon);
    expect((await updateClientKind(db, kid.id, { kind: "athlete", dateOfBirth: FIFTEEN }, afternoon)).ok).toBe(true);
    const refused = await createMessage(
      db,
      { conversationId: id, senderId: coach.id, content: "x" },
      { ...DEFAULT_SEND_LIMITS, safePlay: afternoon },
    );
    expect(refused).toEqual({ ok: false, reason: "safe-play", refusal: { code: "no-guardian" } });
    const parent = await makeUser("client", "Lou Later");
    await link(kid.id, parent.id);
    const [row] = await db
      .select({ n: count() })
      .from(conversationParticipants)
      .where(sql`${conversationParticipants.conversationId} = ${id} and ${conversationParticipants.userId} = ${parent.id}`);
    expect(row!.n).toBe(1);
    expect(
      (
        await createMessage(
          db,
          { conversationId: id, senderId: coach.id, content: "Now with your guardian" },
          { ...DEFAULT_SEND_LIMITS, safePlay: afternoon },
        )
      ).ok,
    ).toBe(true);
    // Once linked, the athlete cannot change their own details.
    expect(await updateClientKind(db, kid.id, { kind: "athlete", dateOfBirth: "2000-01-01" }, afternoon)).toMatchObject({
      ok: false,
      field: "kind",
      status: 403,
    });
  });

  it("refuses an athlete under 13 in /account (COPPA), beside the date field", async () => {
    const young = await makeUser("client", "Young One");
    expect(await updateClientKind(db, young.id, { kind: "athlete", dateOfBirth: "2015-01-01" }, afternoon)).toMatchObject({
      ok: false,
      field: "dateOfBirth",
    });
  });
});

describe("guardian links", () => {
  it("cannot be removed by anyone while the athlete is a minor; an adult athlete may remove one", async () => {
    const parent = await makeUser("client", "Rae Parent");
    const kid = await athlete("Rae Kid");
    await link(kid.id, parent.id);
    const [minor] = await getSafetyPeople(db, [kid.id]);
    expect(canRemoveGuardianLink(kid, minor!, parent.id, afternoon)).toBe(false);
    expect(canRemoveGuardianLink(parent, minor!, parent.id, afternoon)).toBe(false);
    const adult = { ...minor!, dateOfBirth: "2000-01-01" };
    expect(canRemoveGuardianLink(kid, adult, parent.id, afternoon)).toBe(true);
    expect(canRemoveGuardianLink({ id: "stranger" }, adult, parent.id, afternoon)).toBe(false);
  });
});

describe("invitations", () => {
  it("a guardian adds an athlete of 15 with an email: linked at once, mailed through the outbox, the athlete chooses a password", async () => {
    const parent = await makeUser("client", "Gail Guardian");
    const email = `athlete-${crypto.randomUUID()}@example.com`;
    expect(await addAthlete(db, services, parent, { fullName: "Ari Athlete", dateOfBirth: FIFTEEN, email })).toEqual({ ok: true });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail?.kind).toBe("athlete-invitation");
    const token = new URL(/https?:\/\/\S+\/invitation\?token=\S+/.exec(bodiesToDeliver(services.secret, mail!)!.text)![0]).searchParams.get("token")!;
    expect(await getInvitation(db, token)).toMatchObject({
      kind: "athlete",
      inviterName: "Gail Guardian",
      athleteName: "Ari Athlete",
      emailHasAccount: false,
    });
    expect(await claimAthleteAccount(db, token, "hash")).toEqual({ ok: true });
    const [ari] = await db.select().from(users).where(eq(users.email, email));
    expect(ari).toMatchObject({ clientKind: "athlete", dateOfBirth: FIFTEEN, emailVerified: true });
    expect((await db.select().from(accounts).where(eq(accounts.userId, ari!.id))).length).toBe(1);
    expect((await db.select().from(guardianLinks).where(eq(guardianLinks.athleteId, ari!.id))).map((l) => l.guardianId)).toEqual([parent.id]);
    // The link works once.
    expect(await getInvitation(db, token)).toBeNull();
  });

  it("an athlete invites a guardian, who accepts signed in with the invited address only", async () => {
    const kid = await athlete("Solo Kid");
    const guardianEmail = `parent-${crypto.randomUUID()}@example.com`;
    expect(await inviteGuardian(db, services, kid, guardianEmail)).toEqual({ ok: true });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, guardianEmail));
    const token = new URL(/https?:\/\/\S+\/invitation\?token=\S+/.exec(bodiesToDeliver(services.secret, mail!)!.text)![0]).searchParams.get("token")!;
    const stranger = await makeUser("client", "Some Stranger");
    expect(await acceptInvitation(db, token, stranger, afternoon)).toEqual({ ok: false, error: WRONG_ADDRESS, status: 403 });
    const id = crypto.randomUUID();
    await db.insert(users).values({ id, email: guardianEmail, fullName: "Real Parent", role: "client", dateOfBirth: "1978-07-07" });
    const parent = { id, email: guardianEmail, fullName: "Real Parent", role: "client" as const, phone: null, avatarUrl: null };
    expect(await acceptInvitation(db, token, parent, afternoon)).toEqual({ ok: true });
    // A family made by invitations waits for staff: self-service cannot prove a family.
    expect(await messagingBlockFor(db, kid.id, afternoon)).toBe(AWAITING_CONFIRMATION_MESSAGE);
    expect(await confirmHousehold(db, (await getHouseholdOf(db, kid.id))!.householdId, staff.id, "called the guardian's phone", afternoon)).toEqual({
      ok: true,
    });
    expect(await messagingBlockFor(db, kid.id, afternoon)).toBeNull();
  });
});

describe("reports and the safeguarding lead", () => {
  it("a participant reports a message and every lead is mailed; an outsider writes nothing; the lead reads only reported conversations", async () => {
    const lead = await makeUser("coach", "Lena Lead");
    expect(await grantSafeguardingLead(db, lead.email)).toMatchObject({ id: lead.id });
    expect(await isSafeguardingLead(db, lead.id)).toBe(true);
    const client = await makeUser("client", "Not A Coach");
    expect(await grantSafeguardingLead(db, client.email)).toBe("not-coach");

    const coach = await makeUser("coach", "Coach Reported");
    const parent = await makeUser("client", "Parent Reporter");
    const { id } = await startConversation(db, coach, parent.id, afternoon);
    const sent = await createMessage(
      db,
      { conversationId: id, senderId: coach.id, content: "Something odd" },
      { ...DEFAULT_SEND_LIMITS, safePlay: afternoon },
    );
    if (!sent.ok) throw new Error("not sent");
    expect(await getReportedConversation(db, id)).toBeNull();
    expect(await reportMessage(db, services, { conversationId: id, messageId: sent.message.id, reporterId: client.id, reason: "nosy" })).toBeNull();
    expect((await db.select({ n: count() }).from(messageReports))[0]!.n).toBe(0);
    expect(
      await reportMessage(db, services, { conversationId: id, messageId: sent.message.id, reporterId: parent.id, reason: "Made me uneasy" }),
    ).toBe("lead");
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, lead.email))).map((m) => m.subject)).toEqual([
      "A message was reported",
    ]);
    expect((await getReportedConversation(db, id))?.messages.map((m) => m.content)).toEqual(["Something odd"]);
  });
});

describe("deleting an account", () => {
  it("ends the person's family links and empties an athlete account they made that never signed in; the export lists the family", async () => {
    const parent = await makeUser("client", "Del Parent");
    expect(await addAthlete(db, services, parent, { fullName: "Del Kid", dateOfBirth: "2016-05-05" })).toEqual({ ok: true });
    const data = await exportUserData(db, parent.id);
    expect(data?.studentAthletes.map((a) => a.fullName)).toEqual(["Del Kid"]);
    const [link] = await db.select().from(guardianLinks).where(eq(guardianLinks.guardianId, parent.id));
    await anonymizeUser(db, parent.id);
    expect(await db.select().from(guardianLinks).where(eq(guardianLinks.guardianId, parent.id))).toEqual([]);
    const [kid] = await db.select().from(users).where(eq(users.id, link!.athleteId));
    expect(kid).toMatchObject({ fullName: "Deleted user", dateOfBirth: null });
    expect(kid!.deletedAt).not.toBeNull();
  });
});
