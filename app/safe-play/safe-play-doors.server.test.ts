// Issue 37's four side doors, each as the person who found it would go through it, against a real PostgreSQL and
// through the routes' actions (/account/family, /families/:id, /safeguarding): a teenager with a second address, an
// invitation older than the confirmation, a confirmation that passed on, and the lead's new tools. Each failed on the
// main before this change.
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { mailOutbox, protectionRequests, safeguardingLog, users } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { clearCoach } from "../../tests/support/cleared";
import { createTestDatabase } from "../../tests/support/test-db";
import { getSafetyPeople, type SafePlaySettings } from "~/safe-play/safe-play.server";
import { parseQuietHours, safePlayMessage } from "~/safe-play/safe-play";
import { ConversationRuleError, startConversation } from "~/messaging/conversations.server";
import { createMessage, DEFAULT_SEND_LIMITS } from "~/messaging/messages.server";
import { getFamily } from "~/family/family-view.server";
import { getHouseholdOf } from "~/family/family-log.server";
import { acceptInvitation, addAthlete, claimAthleteAccount, inviteGuardian, inviteSecondGuardian } from "~/family/invitations.server";
import { anonymizeUser } from "~/account/account.server";
import { bodiesToDeliver } from "~/mail/outbox.server";
import { action as familyAction } from "~/routes/account.family";
import { action as familyPageAction } from "~/routes/families.$householdId";
import { action as safeguardingAction } from "~/routes/safeguarding";
import { frozenMessage, lockedDetailsMessage } from "~/family/protection.server";
import { m } from "~/paraglide/messages";

const { db } = await createTestDatabase();
const NOW = "2026-06-15T14:00:00-04:00";
const afternoon: SafePlaySettings = { timeZone: "America/New_York", quietHours: parseQuietHours("20:00-08:00")!, clock: () => new Date(NOW) };
const FIFTEEN = "2011-03-04";
const FOURTEEN = "2012-02-10";
const services = {
  config: { publicUrl: "http://localhost:3000", site: { orgName: "Test Tennis", email: "info@test-tennis.example.org" }, mail: {} },
  secret: "x".repeat(40),
};
const limits = { ...DEFAULT_SEND_LIMITS, safePlay: afternoon };

type Person = { id: string; email: string; fullName: string; role: "client" | "coach"; phone: null; avatarUrl: null };
async function makeUser(role: "client" | "coach", fullName: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<Person> {
  const id = crypto.randomUUID();
  const email = `${fullName.split(" ")[0]!.toLowerCase()}-${id.slice(0, 8)}@example.com`;
  await db.insert(users).values({ id, email, fullName, role, dateOfBirth: role === "client" ? "1980-01-01" : null, ...extra });
  if (role === "coach" && !extra.minorMessagingSuspendedAt) await clearCoach(db, id);
  return { id, email, fullName, role, phone: null, avatarUrl: null };
}
const teenUser = (name: string, dob = FIFTEEN) => makeUser("client", name, { clientKind: "athlete", dateOfBirth: dob });

function as(p: Person): AppLoadContext {
  const base = contextFor(db, "client", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const visitor = () => contextFor(db, "visitor");
const origin = { Origin: "http://localhost:3000" };
const postFamily = (who: AppLoadContext, fields: Record<string, string>) =>
  call(familyAction as never, { request: postForm("/account/family", fields, origin), context: who });
const postHousehold = (who: AppLoadContext, householdId: string, fields: Record<string, string | string[]>) =>
  call(familyPageAction as never, { request: postForm(`/families/${householdId}`, fields, origin), context: who, params: { householdId } });
const postSafeguarding = (who: AppLoadContext, fields: Record<string, string>) =>
  call(safeguardingAction as never, { request: postForm("/safeguarding", fields, origin), context: who });
const openedText = (row: typeof mailOutbox.$inferSelect) => (bodiesToDeliver(services.secret, row) ?? bodiesToDeliver(visitor().secret, row))!.text;
const tokenIn = async (to: string) => {
  const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return new URL(/https?:\/\/\S+\/invitation\?token=\S+/.exec(openedText(mails.at(-1)!))![0]).searchParams.get("token")!;
};
const dobOf = async (id: string) => (await db.select({ dob: users.dateOfBirth }).from(users).where(eq(users.id, id)))[0]!.dob;
const householdOf = async (id: string) => (await getHouseholdOf(db, id))!.householdId;
const withAddress = async (p: Person, email: string) => {
  await db.update(users).set({ email }).where(eq(users.id, p.id));
  return { ...p, email };
};
const lead = async () => {
  const l = await makeUser("coach", "Lena Lead");
  await db.update(users).set({ safeguardingLead: true }).where(eq(users.id, l.id));
  return l;
};

/** A 15-year-old who invited his own second address as his "guardian", who accepted. */
async function teenWithFakeGuardian(name: string) {
  const teen = await teenUser(name);
  const second = `${name.split(" ")[0]!.toLowerCase()}-second-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect(await inviteGuardian(db, services, teen, second)).toEqual({ ok: true });
  const fake = await withAddress(await makeUser("client", `${name} Mum`, { dateOfBirth: "1980-05-05" }), second);
  expect(await acceptInvitation(db, await tokenIn(second), fake, afternoon)).toEqual({ ok: true });
  return { teen, fake };
}

describe("a guardian nobody confirmed cannot turn a minor into an adult", () => {
  it("the date that makes Jordan 19 waits for the lead, the old one holds, and the database refuses it any other way", async () => {
    const { teen: jordan, fake } = await teenWithFakeGuardian("Jordan Carter");
    const r = await postFamily(as(fake), { intent: "edit-athlete", athleteId: jordan.id, fullName: "Jordan Carter", dateOfBirth: "2007-05-01" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, message: m.messaging_family_protection_requested({ name: "Jordan Carter" }) });
    expect(await dobOf(jordan.id)).toBe(FIFTEEN);
    const [open] = await db.select().from(protectionRequests).where(eq(protectionRequests.userId, jordan.id));
    expect(open).toMatchObject({ fromValue: FIFTEEN, toValue: "2007-05-01", requestedBy: fake.id, decidedAt: null });
    // The lead (here: none named yet, so the organisation) hears of it, with no names in the mail.
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "family-change"));
    expect(mails.map((x) => x.subject).join("\n")).toContain(m.messaging_mail_sg_protection_subject());
    expect(mails.map((x) => x.textBody).join("\n")).not.toContain("Jordan");
    // The family's page says it waits; Jordan is still a minor to every rule.
    const family = await getFamily(db, fake.id, afternoon);
    expect(family!.athletes[0]).toMatchObject({ pendingDateOfBirth: "2007-05-01", dateOfBirth: FIFTEEN, age: 15 });
    const coach = await makeUser("coach", "Coach Cal");
    await expect(startConversation(db, coach, jordan.id, afternoon)).rejects.toEqual(
      new ConversationRuleError(safePlayMessage({ code: "confirmation-needed" }), 403),
    );
    // No code path can write it as a guardian's correction: the database refuses it.
    const refused = await db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('nlte.family_correction', 'guardian', true)`);
        await tx.update(users).set({ dateOfBirth: "2007-05-01" }).where(eq(users.id, jordan.id));
      })
      .then(
        () => "accepted",
        (err: { cause?: unknown }) => String(err.cause ?? err),
      );
    expect(refused).toContain("only the safeguarding lead lowers a protection");
    // A change that raises protection (a later date: younger) applies at once.
    const younger = await postFamily(as(fake), {
      intent: "edit-athlete",
      athleteId: jordan.id,
      fullName: "Jordan Carter",
      dateOfBirth: "2012-01-01",
    });
    expect(younger.body).toMatchObject({ ok: true, message: m.messaging_family_details_saved({ name: "Jordan Carter" }) });
    expect(await dobOf(jordan.id)).toBe("2012-01-01");
  });

  it("the lead approves or refuses; a value the lead set is locked against the family; nobody else decides", async () => {
    const { teen: jordan, fake } = await teenWithFakeGuardian("Jordy Cole");
    const theLead = await lead();
    const otherParent = await makeUser("client", "Other Parent");
    const plainCoach = await makeUser("coach", "Plain Coach");
    await postFamily(as(fake), { intent: "edit-athlete", athleteId: jordan.id, fullName: "Jordy Cole", dateOfBirth: "2007-05-01" });
    const [req] = await db.select().from(protectionRequests).where(eq(protectionRequests.userId, jordan.id));
    // Wrong people: nothing decided, nothing changed.
    for (const wrong of [as(jordan), as(fake), as(otherParent), as(plainCoach)])
      expect((await postSafeguarding(wrong, { intent: "approve", requestId: req!.id, sure: "yes" })).status).toBe(403);
    expect((await postSafeguarding(visitor(), { intent: "approve", requestId: req!.id, sure: "yes" })).status).toBe(401);
    // Another family's guardian cannot even ask.
    expect(
      (await postFamily(as(otherParent), { intent: "edit-athlete", athleteId: jordan.id, fullName: "X", dateOfBirth: "2000-01-01" })).status,
    ).toBe(403);
    // Approving needs the tick; refusing keeps the date.
    expect((await postSafeguarding(as(theLead), { intent: "approve", requestId: req!.id })).status).toBe(400);
    expect((await postSafeguarding(as(theLead), { intent: "refuse", requestId: req!.id })).body).toMatchObject({
      message: m.messaging_sg_done_refused(),
    });
    expect(await dobOf(jordan.id)).toBe(FIFTEEN);
    expect((await postSafeguarding(as(theLead), { intent: "refuse", requestId: req!.id })).status).toBe(404);
    // The lead corrects the date on the family's page: locked, so the "guardian" cannot change it back a minute later.
    const householdId = await householdOf(jordan.id);
    const corrected = await postHousehold(as(theLead), householdId, {
      intent: "correct",
      userId: jordan.id,
      fullName: "Jordy Cole",
      dateOfBirth: "2011-04-04",
    });
    expect(corrected.status).toBe(200);
    const back = await postFamily(as(fake), { intent: "edit-athlete", athleteId: jordan.id, fullName: "Jordy Cole", dateOfBirth: "2007-05-01" });
    expect(back.status).toBe(403);
    expect(back.body).toMatchObject({ fieldErrors: { dateOfBirth: lockedDetailsMessage() } });
    expect(await dobOf(jordan.id)).toBe("2011-04-04");
    // An approved request applies as the lead's: a real 18-year-old's date, asked by their guardian.
    const parent = await makeUser("client", "Real Parent");
    expect(await addAthlete(db, services, parent, { fullName: "Sam Senior", dateOfBirth: "2008-07-01" })).toEqual({ ok: true });
    const sam = (await getFamily(db, parent.id, afternoon))!.athletes[0]!;
    await postFamily(as(parent), { intent: "edit-athlete", athleteId: sam.id, fullName: "Sam Senior", dateOfBirth: "2008-05-01" });
    expect(await dobOf(sam.id)).toBe("2008-07-01");
    const [samReq] = await db.select().from(protectionRequests).where(eq(protectionRequests.userId, sam.id));
    expect((await postSafeguarding(as(theLead), { intent: "approve", requestId: samReq!.id, sure: "yes" })).body).toMatchObject({
      message: m.messaging_sg_done_approved(),
    });
    expect(await dobOf(sam.id)).toBe("2008-05-01");
    const actions = (await db.select().from(safeguardingLog).where(eq(safeguardingLog.athleteId, sam.id))).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(["protection change requested", "protection change approved"]));
  });
});

describe("staff confirm people, not households", () => {
  it("an invitation sent before the confirmation ends with it, and the guardians see that", async () => {
    const teen = await teenUser("Tia Stone");
    const adultEmail = `tia-mum-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const secondEmail = `tia-second-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(await inviteGuardian(db, services, teen, adultEmail)).toEqual({ ok: true });
    expect(await inviteGuardian(db, services, teen, secondEmail)).toEqual({ ok: true });
    const mum = await withAddress(await makeUser("client", "Tia Mum"), adultEmail);
    expect(await acceptInvitation(db, await tokenIn(adultEmail), mum, afternoon)).toEqual({ ok: true });
    const coach = await makeUser("coach", "Coach Met");
    const householdId = await householdOf(teen.id);
    expect((await postHousehold(as(coach), householdId, { how: "met them at the evaluation", people: [teen.id, mum.id] })).body).toEqual({
      ok: true,
      intent: "confirm",
      confirmed: true,
    });
    // The older invitation to her own second account no longer makes anyone a guardian of the confirmed family.
    const second = await withAddress(await makeUser("client", "Not Really Mum"), secondEmail);
    expect(await acceptInvitation(db, await tokenIn(secondEmail), second, afternoon)).toMatchObject({ ok: false, status: 410 });
    expect(await getHouseholdOf(db, second.id)).toBeNull();
    expect((await getFamily(db, mum.id, afternoon))!.endedInvitations.map((i) => i.email)).toEqual([secondEmail]);
  });

  it("a co-guardian who joins later is unconfirmed: when the confirmed parent leaves, nobody in the thread counts as the adult", async () => {
    const parent = await makeUser("client", "Paula Prime");
    await addAthlete(db, services, parent, {
      fullName: "Kim Prime",
      dateOfBirth: FIFTEEN,
      email: `kim-${crypto.randomUUID().slice(0, 8)}@example.com`,
    });
    const kimEmail = (
      await db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.subject} like '%' and ${mailOutbox.toAddress} like 'kim-%'`)
    ).at(-1)!.toAddress;
    expect(await claimAthleteAccount(db, await tokenIn(kimEmail), "hash")).toEqual({ ok: true });
    const [kimRow] = await db.select().from(users).where(eq(users.email, kimEmail));
    const kim = { id: kimRow!.id, email: kimEmail, fullName: "Kim Prime", role: "client" as const, phone: null, avatarUrl: null };
    const coach = await makeUser("coach", "Coach Pat");
    expect((await postHousehold(as(coach), await householdOf(kim.id), { how: "met at the courts", people: [kim.id, parent.id] })).status).toBe(200);
    // Kim's own second account, invited by... the parent, who was fooled; it joins unconfirmed.
    const coEmail = `co-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(await inviteSecondGuardian(db, services, parent, coEmail)).toEqual({ ok: true });
    const co = await withAddress(await makeUser("client", "Co Guardian"), coEmail);
    expect(await acceptInvitation(db, await tokenIn(coEmail), co, afternoon)).toEqual({ ok: true });
    expect((await getSafetyPeople(db, [co.id]))[0]!.confirmed).toBe(false);
    const thread = await startConversation(db, coach, kim.id, afternoon);
    expect((await createMessage(db, { conversationId: thread.id, senderId: coach.id, content: "Practice moved to 5" }, limits)).ok).toBe(true);
    // The real parent deletes their account: the unconfirmed co-guardian is no adult in the room.
    await anonymizeUser(db, parent.id, services);
    const after = await createMessage(db, { conversationId: thread.id, senderId: coach.id, content: "Text me" }, limits);
    expect(after).toMatchObject({ ok: false, reason: "safe-play", refusal: { code: "guardian-not-confirmed" } });
  });

  it("a confirmed family's guardian accepting a stranger's invitation does not pass the confirmation on", async () => {
    const parent = await makeUser("client", "Gina Host");
    expect(await addAthlete(db, services, parent, { fullName: "Gus Host", dateOfBirth: FIFTEEN })).toEqual({ ok: true });
    const coach = await makeUser("coach", "Coach Lee");
    const householdId = await householdOf(parent.id);
    // Staff name the people they know: none ticked is refused beside the list.
    expect((await postHousehold(as(coach), householdId, { how: "met at the evaluation" })).body).toMatchObject({
      fieldErrors: { people: m.messaging_household_choose_people() },
    });
    const members = (await getFamily(db, parent.id, afternoon))!.athletes.map((a) => a.id);
    expect((await postHousehold(as(coach), householdId, { how: "met at the evaluation", people: [...members, parent.id] })).status).toBe(200);
    const stranger = await teenUser("Sasha Nobody", FOURTEEN);
    expect(await inviteGuardian(db, services, stranger, parent.email)).toEqual({ ok: true });
    expect(await acceptInvitation(db, await tokenIn(parent.email), parent, afternoon)).toEqual({ ok: true });
    expect(await householdOf(stranger.id)).toBe(householdId);
    expect((await getSafetyPeople(db, [stranger.id]))[0]!.confirmed).toBe(false);
    await expect(startConversation(db, coach, stranger.id, afternoon)).rejects.toEqual(
      new ConversationRuleError(safePlayMessage({ code: "confirmation-needed" }), 403),
    );
    // Nobody but staff can mark her confirmed, not even by writing the row.
    const refused = await db
      .execute(sql`update household_members set confirmed_at = now(), confirmed_how = 'self' where user_id = ${stranger.id}`)
      .then(
        () => "accepted",
        (err: { cause?: unknown }) => String(err.cause ?? err),
      );
    expect(refused).toContain("only staff confirm a household member");
  });

  it("an uncleared coach cannot confirm anyone, nor can the family or a visitor", async () => {
    const parent = await makeUser("client", "Una Clear");
    await addAthlete(db, services, parent, { fullName: "Ulla Clear", dateOfBirth: FIFTEEN });
    const householdId = await householdOf(parent.id);
    const uncleared = await makeUser("coach", "New Coach");
    await db.execute(sql`delete from coach_profiles where user_id = ${uncleared.id}`);
    const r = await postHousehold(as(uncleared), householdId, { how: "met them", people: [parent.id] });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ formError: m.messaging_household_confirm_not_cleared() });
    expect((await postHousehold(as(parent), householdId, { how: "it is me", people: [parent.id] })).status).toBe(403);
    expect((await postHousehold(visitor(), householdId, { how: "hello", people: [parent.id] })).status).toBe(401);
    expect((await getSafetyPeople(db, [parent.id]))[0]!.confirmed).toBe(false);
  });
});

describe("the lead unlinks a guardian and pauses a family's changes", () => {
  it("only the lead; an unlinked guardian leaves the family and its athletes' conversations; a paused family changes nothing", async () => {
    const { teen, fake } = await teenWithFakeGuardian("Remy Fox");
    const theLead = await lead();
    const coach = await makeUser("coach", "Coach Rio");
    const householdId = await householdOf(teen.id);
    for (const wrong of [as(teen), as(fake), as(coach)]) {
      expect((await postHousehold(wrong, householdId, { intent: "unlink", userId: fake.id, sure: "yes" })).status).toBe(403);
      expect((await postHousehold(wrong, householdId, { intent: "freeze", reason: "checking" })).status).toBe(403);
    }
    expect((await postHousehold(as(theLead), householdId, { intent: "unlink", userId: fake.id })).status).toBe(400);
    expect((await postHousehold(as(theLead), householdId, { intent: "freeze", reason: "a second address" })).status).toBe(200);
    const frozen = await postFamily(as(fake), { intent: "edit-athlete", athleteId: teen.id, fullName: "Remy Fox", dateOfBirth: "2012-01-01" });
    expect(frozen.status).toBe(423);
    expect(frozen.body).toMatchObject({ ok: false, formError: frozenMessage() });
    expect(await inviteGuardian(db, services, teen, `x-${crypto.randomUUID().slice(0, 6)}@example.com`)).toMatchObject({ ok: false, status: 423 });
    expect((await postHousehold(as(theLead), householdId, { intent: "unlink", userId: fake.id, sure: "yes" })).status).toBe(200);
    expect(await getHouseholdOf(db, fake.id)).toBeNull();
    expect((await getSafetyPeople(db, [teen.id]))[0]!.guardianIds).toEqual([]);
    const log = await db
      .select({ action: safeguardingLog.action })
      .from(safeguardingLog)
      .where(and(eq(safeguardingLog.householdId, householdId), eq(safeguardingLog.actorId, theLead.id)));
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(["household frozen", "guardian unlinked by the safeguarding lead"]));
    expect((await postHousehold(as(theLead), householdId, { intent: "unfreeze" })).status).toBe(200);
  });
});

describe("the kind someone chose never makes a child an adult", () => {
  it("a 'guardian' the lead finds to be 15 is a minor to every rule: no coach starts a conversation with them (found by the model-based search)", async () => {
    const parent = await makeUser("client", "Pat Young");
    expect(await addAthlete(db, services, parent, { fullName: "Pia Young", dateOfBirth: "2016-04-04" })).toEqual({ ok: true });
    const theLead = await lead();
    const coach = await makeUser("coach", "Coach Ivy");
    expect((await startConversation(db, coach, parent.id, afternoon)).id).toEqual(expect.any(String));
    const householdId = await householdOf(parent.id);
    expect(
      (await postHousehold(as(theLead), householdId, { intent: "correct", userId: parent.id, fullName: "Pat Young", dateOfBirth: FIFTEEN })).status,
    ).toBe(200);
    const other = await makeUser("coach", "Coach Oak");
    await expect(startConversation(db, other, parent.id, afternoon)).rejects.toBeInstanceOf(ConversationRuleError);
  });
});
