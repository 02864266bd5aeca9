// Households and Safe Play that nobody can switch off (issue 24), against a real PostgreSQL and through the /account
// and /families/:id actions as each person would post them: the failures families found, and the wrong people.
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { familyInvitations, mailOutbox, safeguardingLog, users } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { getSafetyPeople, messagingBlockFor, type SafePlaySettings } from "~/safe-play/safe-play.server";
import { parseQuietHours, safePlayMessage } from "~/safe-play/safe-play";
import { ConversationRuleError, startConversation } from "~/messaging/conversations.server";
import { confirmHousehold } from "~/family/confirmation.server";
import { clearCoach } from "../../tests/support/cleared";
import { getAthletesLeftWithoutGuardian } from "~/family/account-deletion.server";
import { getFamily } from "~/family/family-view.server";
import { getHouseholdOf } from "~/family/family-log.server";
import { protectedDetailsMessage, updateClientKind } from "~/family/client-kind.server";
import {
  acceptInvitation,
  addressTakenMessage,
  athleteInvitationNeedsNewLogin,
  claimAthleteAccount,
  inviteGuardian,
} from "~/family/invitations.server";
import { createMessage, DEFAULT_SEND_LIMITS } from "~/messaging/messages.server";
import { loader as accountLoader } from "~/routes/account";
import { action as familyAction, loader as familyLoader } from "~/routes/account.family";
import { anonymizeUser } from "~/account/account.server";
import { bodiesToDeliver } from "~/mail/outbox.server";
import { action as familyPageAction, loader as familyPageLoader } from "~/routes/families.$householdId";
import { action as testimonialsAction } from "~/routes/testimonials";
import { getNewestTestimonials } from "~/testimonials/testimonials.server";

// The words people read, in English (no request, so no other language): what the rules answer is a code.
const AWAITING_CONFIRMATION_MESSAGE = safePlayMessage({ code: "awaiting-confirmation" });
const CONFIRMATION_NEEDED_MESSAGE = safePlayMessage({ code: "confirmation-needed" });
const KIND_QUESTION_MESSAGE = safePlayMessage({ code: "kind-question" });
const KIND_UNANSWERED_MESSAGE = safePlayMessage({ code: "kind-unanswered" });
const NEEDS_GUARDIAN_MESSAGE = safePlayMessage({ code: "needs-guardian" });
const PROTECTED_DETAILS = protectedDetailsMessage();
const ADDRESS_TAKEN = addressTakenMessage();
const ATHLETE_INVITATION_NEEDS_NEW_LOGIN = athleteInvitationNeedsNewLogin();

const { db } = await createTestDatabase();
const afternoon: SafePlaySettings = {
  timeZone: "America/New_York",
  quietHours: parseQuietHours("20:00-08:00")!,
  clock: () => new Date("2026-06-15T14:00:00-04:00"),
};
const FIFTEEN = "2011-03-04";
const ELEVEN = "2015-01-20";
const services = {
  config: { publicUrl: "http://localhost:3000", site: { orgName: "Test Tennis", email: "info@test-tennis.example.org" }, mail: {} },
  secret: "x".repeat(40),
};

type Person = { id: string; email: string; fullName: string; role: "client" | "coach"; phone: null; avatarUrl: null };
async function makeUser(role: "client" | "coach", fullName: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<Person> {
  const id = crypto.randomUUID();
  const email = `${fullName.split(" ")[0]!.toLowerCase()}-${id.slice(0, 8)}@example.com`;
  await db.insert(users).values({ id, email, fullName, role, ...extra });
  if (role === "coach") await clearCoach(db, id);
  return { id, email, fullName, role, phone: null, avatarUrl: null };
}
const guardianUser = (name: string) => makeUser("client", name, { dateOfBirth: "1980-01-01" });

/** The route context of a signed-in person (the session lookup stood in for, as tests/support/route-context does). */
function as(p: Person): AppLoadContext {
  const base = contextFor(db, "client", { SAFE_PLAY_NOW: "2026-06-15T14:00:00-04:00", PUBLIC_URL: "http://localhost:3000" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const visitor = () => contextFor(db, "visitor");
const post = (who: AppLoadContext, fields: Record<string, string>) =>
  call(familyAction as never, { request: postForm("/account/family", fields, { Origin: "http://localhost:3000" }), context: who });
/** A mail's text with its one-time link opened as the delivery opens it (the outbox keeps it sealed, decision 0025),
 * whether it was mailed by a model call here or by a route under the route context's secret. */
const openedText = (m: typeof mailOutbox.$inferSelect) => (bodiesToDeliver(services.secret, m) ?? bodiesToDeliver(visitor().secret, m))!.text;
const tokenIn = async (to: string) => {
  const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return new URL(/https?:\/\/\S+\/invitation\?token=\S+/.exec(openedText(mails.at(-1)!))![0]).searchParams.get("token")!;
};
/** The database's own words when it refuses a statement (Drizzle wraps them). */
const refusal = async (statement: PromiseLike<unknown>) => {
  try {
    await statement;
    return "accepted";
  } catch (err) {
    return String((err as { cause?: unknown }).cause ?? err);
  }
};
const athletesOf = async (guardian: Person) => (await getFamily(db, guardian.id, afternoon))!.athletes;
const logFor = async (athleteId: string) =>
  db
    .select({
      action: safeguardingLog.action,
      detail: safeguardingLog.detail,
      actorName: safeguardingLog.actorName,
      athleteName: safeguardingLog.athleteName,
    })
    .from(safeguardingLog)
    .where(eq(safeguardingLog.athleteId, athleteId))
    .orderBy(safeguardingLog.createdAt);

describe("nobody lowers their own protection", () => {
  it("a 15-year-old athlete cannot make himself a guardian or clear or change his date of birth, through the site or the database", async () => {
    const teen = await makeUser("client", "Tom Teen", { clientKind: "athlete", dateOfBirth: FIFTEEN });
    const r = await post(as(teen), { intent: "kind", kind: "guardian", dateOfBirth: "" });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ ok: false, intent: "kind", fieldErrors: { kind: PROTECTED_DETAILS } });
    expect((await post(as(teen), { intent: "kind", kind: "athlete", dateOfBirth: "2000-01-01" })).status).toBe(403);
    expect((await post(as(teen), { intent: "kind", kind: "guardian", dateOfBirth: "1990-01-01" })).status).toBe(403);
    // Whatever code path tried it next, the database refuses.
    expect(await refusal(db.update(users).set({ clientKind: "guardian" }).where(eq(users.id, teen.id)))).toMatch(
      /users_protected_minor_stays_athlete/,
    );
    expect(await refusal(db.update(users).set({ dateOfBirth: "2000-01-01" }).where(eq(users.id, teen.id)))).toMatch(
      /changed only by their guardian or the safeguarding lead/,
    );
    const [row] = await db.select().from(users).where(eq(users.id, teen.id));
    expect(row).toMatchObject({ clientKind: "athlete", dateOfBirth: FIFTEEN, minorProtection: true });
  });

  it("a 10-year-old cannot become a 'guardian': a guardian gives a date of birth and is an adult", async () => {
    const kid = await makeUser("client", "Kit Kid", { dateOfBirth: null });
    expect(await updateClientKind(db, kid.id, { kind: "guardian", dateOfBirth: "" }, afternoon)).toMatchObject({ ok: false, field: "dateOfBirth" });
    expect(await updateClientKind(db, kid.id, { kind: "guardian", dateOfBirth: "2016-05-01" }, afternoon)).toMatchObject({
      ok: false,
      field: "kind",
    });
  });
});

describe("a guardian's household", () => {
  it("adds Sofia then Leo: the second form starts empty, Leo's invitation cannot make Sofia's account his, and the log stays as written", async () => {
    const mum = await guardianUser("Maria Mum");
    const sofiaEmail = `sofia-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const added = await post(as(mum), { intent: "add-athlete", fullName: "Sofia Ruiz", dateOfBirth: FIFTEEN, email: sofiaEmail });
    expect(added.body).toMatchObject({
      ok: true,
      message: `Sofia Ruiz was added to your family. We sent an invitation to ${sofiaEmail} so they can choose a password.`,
      savedAt: expect.any(Number),
    });
    // The form kept Sofia's values in the browser of the report: Leo's invitation went to Sofia's address.
    expect((await post(as(mum), { intent: "add-athlete", fullName: "Leo Ruiz", dateOfBirth: ELEVEN, email: sofiaEmail })).status).toBe(200);
    const sofiaToken = (await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, sofiaEmail))).length === 2 ? await tokenIn(sofiaEmail) : "";
    expect(sofiaToken).not.toBe("");
    const [sofiaMail, leoMail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, sofiaEmail)).orderBy(mailOutbox.createdAt);
    expect(sofiaMail!.textBody).toContain("The student-athlete: Sofia Ruiz. Added by: Maria Mum.");
    expect(leoMail!.textBody).toContain("The student-athlete: Leo Ruiz. Added by: Maria Mum.");
    const token = (m: typeof sofiaMail) => new URL(/https?:\/\/\S+\/invitation\?token=\S+/.exec(openedText(m!))![0]).searchParams.get("token")!;

    // Sofia chooses her password from her own invitation: her record gets the login.
    expect(await claimAthleteAccount(db, token(sofiaMail), "hash")).toEqual({ ok: true });
    const [sofia] = await db.select().from(users).where(eq(users.email, sofiaEmail));
    const sofiaProfile = { id: sofia!.id, email: sofiaEmail, fullName: "Sofia Ruiz", role: "client" as const, phone: null, avatarUrl: null };
    // Signed in, she follows Leo's link: refused, saying why; nor can a login be made on her address.
    expect(await acceptInvitation(db, token(leoMail), sofiaProfile, afternoon)).toEqual({
      ok: false,
      error: ATHLETE_INVITATION_NEEDS_NEW_LOGIN,
      status: 403,
    });
    expect(await claimAthleteAccount(db, token(leoMail), "hash")).toEqual({ ok: false, error: ADDRESS_TAKEN, status: 409 });
    const family = await athletesOf(mum);
    expect(family.map((a) => [a.fullName, a.dateOfBirth, a.hasLogin])).toEqual([
      ["Leo Ruiz", ELEVEN, false],
      ["Sofia Ruiz", FIFTEEN, true],
    ]);
    const leo = family.find((a) => a.fullName === "Leo Ruiz")!;
    expect(leo.invitedEmail).toBe(sofiaEmail);

    // Mum sends Leo's invitation to the right address: the old link stops working.
    const leoEmail = `leo-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const again = await post(as(mum), { intent: "invite-athlete", athleteId: leo.id, athleteName: "Leo Ruiz", email: leoEmail });
    expect(again.body).toMatchObject({ ok: true, message: `We sent Leo Ruiz's invitation to ${leoEmail}.`, athleteId: leo.id });
    expect((await athletesOf(mum)).find((a) => a.id === leo.id)!.invitedEmail).toBe(leoEmail);
    expect(await claimAthleteAccount(db, token(leoMail), "hash")).toMatchObject({ ok: false, status: 410 });
    // Cancelled, the new one stops too.
    expect((await post(as(mum), { intent: "cancel-invitation", athleteId: leo.id, athleteName: "Leo Ruiz" })).body).toMatchObject({
      ok: true,
      message: "Leo Ruiz's invitation was cancelled: its link no longer works.",
    });
    expect(await claimAthleteAccount(db, await tokenIn(leoEmail), "hash")).toMatchObject({ ok: false, status: 410 });

    // The log keeps what it said when written, whatever happens to the names later.
    await db.update(users).set({ fullName: "Sofia R." }).where(eq(users.id, sofia!.id));
    expect((await logFor(sofia!.id))[0]).toMatchObject({ action: "athlete added", athleteName: "Sofia Ruiz", actorName: "Maria Mum" });
    expect(await refusal(db.execute(sql`update safeguarding_log set detail = 'rewritten' where athlete_id = ${sofia!.id}`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from safeguarding_log where athlete_id = ${sofia!.id}`))).toMatch(/append-only/);
  });

  it("a guardian corrects their athlete's date of birth (logged, before and after); nobody else can touch the athlete", async () => {
    const dad = await guardianUser("Dan Dad");
    await post(as(dad), { intent: "add-athlete", fullName: "Eve Dad", dateOfBirth: FIFTEEN });
    const [eve] = await athletesOf(dad);
    const other = await guardianUser("Olga Other");
    const coach = await makeUser("coach", "Cora Coach");
    const teen = await makeUser("client", "Tina Teen", { clientKind: "athlete", dateOfBirth: FIFTEEN });
    const edit = { intent: "edit-athlete", athleteId: eve!.id, fullName: "Eve Dad", dateOfBirth: "2011-04-04" };
    const before = await db.select().from(users).where(eq(users.id, eve!.id));
    for (const wrong of [other, teen]) {
      for (const intent of ["edit-athlete", "invite-athlete", "cancel-invitation", "remove-athlete"]) {
        // Confirmed (removing asks first, issue 39): the rule itself refuses.
        const r = await post(as(wrong), { ...edit, intent, email: "x@example.com", confirmed: "yes" });
        expect(r.status, `${wrong.fullName} ${intent}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect((await post(as(coach), edit)).status).toBe(403);
    expect((await post(visitor(), edit)).status).toBe(401);
    expect(await db.select().from(users).where(eq(users.id, eve!.id))).toEqual(before);
    expect(await db.select().from(familyInvitations).where(eq(familyInvitations.athleteId, eve!.id))).toEqual([]);

    const r = await post(as(dad), edit);
    expect(r.body).toMatchObject({ ok: true, message: "Eve Dad's details were saved.", athleteId: eve!.id });
    expect((await athletesOf(dad))[0]!.dateOfBirth).toBe("2011-04-04");
    expect((await logFor(eve!.id)).at(-1)).toMatchObject({
      action: "athlete details changed by their guardian",
      detail: `from Eve Dad, born ${FIFTEEN}, to Eve Dad, born 2011-04-04`,
      actorName: "Dan Dad",
    });
    // While the lead has paused the family, removing is refused for that athlete (their card shows it) and changes nothing.
    const remove = { intent: "remove-athlete", athleteId: eve!.id, athleteName: "Eve Dad", confirmed: "yes" };
    const household = (await getHouseholdOf(db, dad.id))!.householdId;
    await db.execute(sql`update households set frozen_at = now(), frozen_reason = 'Checking' where id = ${household}`);
    expect(await post(as(dad), remove)).toMatchObject({
      status: 423,
      body: { ok: false, intent: "remove-athlete", values: { athleteId: eve!.id }, formError: expect.stringContaining("paused changes") },
    });
    await db.execute(sql`update households set frozen_at = null, frozen_reason = null where id = ${household}`);
    expect(await athletesOf(dad)).toHaveLength(1);
    // Removing an athlete with no login empties the record.
    expect((await post(as(dad), remove)).body).toMatchObject({
      ok: true,
      message: "Eve Dad was removed from your family.",
    });
    expect(await athletesOf(dad)).toEqual([]);
  });

  it("tells a guardian who deletes their account which minors would be left with no guardian", async () => {
    const solo = await guardianUser("Sole Parent");
    await post(as(solo), { intent: "add-athlete", fullName: "Only Child", dateOfBirth: ELEVEN });
    expect((await getAthletesLeftWithoutGuardian(db, solo.id)).map((a) => a.fullName)).toEqual(["Only Child"]);
    const page = await call(accountLoader as never, { request: new Request("http://localhost/account"), context: as(solo) });
    expect((page.body as { leftOnDeletion: Array<{ fullName: string; noLogin: boolean }> }).leftOnDeletion).toEqual([
      expect.objectContaining({ fullName: "Only Child", noLogin: true }),
    ]);
    // An athlete with their own login stays, without a guardian, and the lead (here: no lead yet, the organisation) is told.
    const teenEmail = `teen-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await post(as(solo), { intent: "add-athlete", fullName: "Teen Child", dateOfBirth: FIFTEEN, email: teenEmail });
    expect(await claimAthleteAccount(db, await tokenIn(teenEmail), "hash")).toEqual({ ok: true });
    const staff = await makeUser("coach", "Staff Sol");
    expect(await confirmHousehold(db, (await getHouseholdOf(db, solo.id))!.householdId, staff.id, "met at the evaluation", afternoon)).toEqual({
      ok: true,
    });
    expect((await getSafetyPeople(db, [(await athletesOf(solo)).find((a) => a.hasLogin)!.id]))[0]!.confirmed).toBe(true);
    await anonymizeUser(db, solo.id, services);
    const [teen] = await db.select().from(users).where(eq(users.email, teenEmail));
    expect(teen).toMatchObject({ deletedAt: null, clientKind: "athlete" });
    expect(await messagingBlockFor(db, teen!.id, afternoon)).toBe(NEEDS_GUARDIAN_MESSAGE);
    // The teen was confirmed and stays so; no guardian is left, and a "guardian" it invites next waits for staff.
    expect((await getSafetyPeople(db, [teen!.id]))[0]).toMatchObject({ confirmed: true, guardianIds: [], confirmedGuardianIds: [] });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, services.config.site.email));
    expect(mails.map((m) => m.subject)).toContain(
      "A student-athlete has no parent or guardian on the site any more, and no safeguarding lead is named",
    );
    expect(mails.at(-1)!.textBody).not.toContain("Teen Child");
  });
});

describe("a teenager with two email addresses", () => {
  it("cannot become their own guardian: the 'guardian' they invite joins an unconfirmed family, and coaches and the teen cannot talk until staff confirm it", async () => {
    const teen = await makeUser("client", "Jay Teen", { clientKind: "athlete", dateOfBirth: FIFTEEN });
    const second = `jay-second-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(await inviteGuardian(db, services, teen, second)).toEqual({ ok: true });
    // The second address signs up as an adult "guardian" (a lie the site cannot see) and accepts.
    const fake = await makeUser("client", "Jay's Mum", { dateOfBirth: "1975-01-01" });
    await db.update(users).set({ email: second }).where(eq(users.id, fake.id));
    expect(await acceptInvitation(db, await tokenIn(second), { ...fake, email: second }, afternoon)).toEqual({ ok: true });

    const coach = await makeUser("coach", "Coach Kent");
    expect(await messagingBlockFor(db, teen.id, afternoon)).toBe(AWAITING_CONFIRMATION_MESSAGE);
    await expect(startConversation(db, coach, teen.id, afternoon)).rejects.toEqual(new ConversationRuleError(CONFIRMATION_NEEDED_MESSAGE, 403));
    await expect(startConversation(db, teen, coach.id, afternoon)).rejects.toEqual(new ConversationRuleError(AWAITING_CONFIRMATION_MESSAGE, 403));
    // The "guardian" may message coaches (an adult's conversation): that is not contact with the minor.
    const adultChat = await startConversation(db, fake, coach.id, afternoon);
    expect(
      (
        await createMessage(
          db,
          { conversationId: adultChat.id, senderId: coach.id, content: "Hello" },
          { ...DEFAULT_SEND_LIMITS, safePlay: afternoon },
        )
      ).ok,
    ).toBe(true);
    // The teen cannot confirm his own family, nor can his "guardian" or a visitor; a coach who phoned the real parent can.
    const householdId = (await getHouseholdOf(db, teen.id))!.householdId;
    const confirm = (who: AppLoadContext) =>
      call(familyPageAction as never, {
        request: postForm(`/families/${householdId}`, { how: "called the guardian's phone", people: [teen.id, fake.id] }),
        context: who,
        params: { householdId },
      });
    for (const wrong of [as(teen), as(fake)]) expect((await confirm(wrong)).status).toBe(403);
    expect((await confirm(visitor())).status).toBe(401);
    for (const wrong of [as(teen), as(fake)])
      expect(
        (
          await call(familyPageLoader as never, {
            request: new Request(`http://localhost/families/${householdId}`),
            context: wrong,
            params: { householdId },
          })
        ).status,
      ).toBe(403);
    expect((await getSafetyPeople(db, [teen.id]))[0]!.confirmed).toBe(false);
    const empty = await call(familyPageAction as never, {
      request: postForm(`/families/${householdId}`, { how: "" }),
      context: as(coach),
      params: { householdId },
    });
    expect(empty.status).toBe(400);
    expect((await confirm(as(coach))).body).toEqual({ ok: true, intent: "confirm", confirmed: true });
    expect((await confirm(as(coach))).status).toBe(409);
    expect(await messagingBlockFor(db, teen.id, afternoon)).toBeNull();
    expect((await startConversation(db, coach, teen.id, afternoon)).id).toEqual(expect.any(String));
    const [line] = await db
      .select()
      .from(safeguardingLog)
      .where(sql`${safeguardingLog.householdId} = ${householdId} and ${safeguardingLog.action} = 'athlete confirmed'`);
    expect(line).toMatchObject({ actorName: "Coach Kent", detail: "called the guardian's phone" });
  });
});

describe("a minor's testimonial", () => {
  it("waits for a guardian's approval and stands under a first name and last initial; nobody else can publish it", async () => {
    const mum = await guardianUser("Tess Mum");
    const sofiaEmail = `sofia-t-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await post(as(mum), { intent: "add-athlete", fullName: "Sofia Marquez", dateOfBirth: FIFTEEN, email: sofiaEmail });
    expect(await claimAthleteAccount(db, await tokenIn(sofiaEmail), "hash")).toEqual({ ok: true });
    const [row] = await db.select().from(users).where(eq(users.email, sofiaEmail));
    const sofia = { id: row!.id, email: sofiaEmail, fullName: "Sofia Marquez", role: "client" as const, phone: null, avatarUrl: null };
    const words = "Coach Ana made me love tennis at Lincoln Middle School";
    const r = await call(testimonialsAction as never, {
      request: postForm("/testimonials", { intent: "create", via: "fetcher", name: "Sofia Marquez", content: words, rating: "5" }),
      context: as(sofia),
    });
    expect(r.body).toMatchObject({ ok: true, toast: { title: "Thank you!" } });
    // Not on the home page; waiting on the guardian's /account/family under "Sofia M.".
    expect((await getNewestTestimonials(db, 50)).map((t) => t.content)).not.toContain(words);
    const page = await call(familyLoader as never, { request: new Request("http://localhost/account/family"), context: as(mum) });
    const waiting = (page.body as { family: { awaitingTestimonials: Array<{ id: string; name: string; content: string }> } }).family
      .awaitingTestimonials;
    expect(waiting).toEqual([expect.objectContaining({ name: "Sofia M.", content: words })]);
    // The author, another family's guardian and a coach cannot publish it.
    const stranger = await guardianUser("Other Parent");
    for (const who of [as(sofia), as(stranger)])
      expect((await post(who, { intent: "approve-testimonial", testimonialId: waiting[0]!.id })).status).toBeGreaterThanOrEqual(400);
    expect((await post(as(await makeUser("coach", "Coach Pub")), { intent: "approve-testimonial", testimonialId: waiting[0]!.id })).status).toBe(403);
    expect((await getNewestTestimonials(db, 50)).map((t) => t.content)).not.toContain(words);
    const approved = await post(as(mum), { intent: "approve-testimonial", testimonialId: waiting[0]!.id });
    expect(approved.body).toMatchObject({ ok: true, message: "The testimonial is published on the home page." });
    expect((await getNewestTestimonials(db, 50)).find((t) => t.content === words)?.name).toBe("Sofia M.");
  });
});

describe("a second parent and the lead's corrections", () => {
  it("a guardian invites a second parent into the family; the lead alone corrects a protected minor's date of birth, logged", async () => {
    const mum = await guardianUser("Rita Mum");
    await post(as(mum), { intent: "add-athlete", fullName: "Ravi Mum", dateOfBirth: FIFTEEN });
    const dadEmail = `dad-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const sent = await post(as(mum), { intent: "invite-coguardian", coGuardianEmail: dadEmail });
    expect(sent.body).toMatchObject({ ok: true, message: `We sent an invitation to ${dadEmail} to join your family.` });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, dadEmail));
    expect(mail!.textBody).toMatch(/^Next Level Tennis & Education: you are invited to join a family on our site as a second parent or guardian\.$/m);
    expect(mail!.textBody).toContain("The student-athletes: Ravi Mum. Sent by: Rita Mum.");
    const dad = await guardianUser("Raj Dad");
    await db.update(users).set({ email: dadEmail }).where(eq(users.id, dad.id));
    expect(await acceptInvitation(db, await tokenIn(dadEmail), { ...dad, email: dadEmail }, afternoon)).toEqual({ ok: true });
    const ravi = (await athletesOf(mum))[0]!;
    expect((await getFamily(db, dad.id, afternoon))!.athletes.map((a) => a.fullName)).toEqual(["Ravi Mum"]);
    // An athlete, or a guardian without athletes, cannot invite guardians this way.
    expect((await post(as(await guardianUser("No Kids")), { intent: "invite-coguardian", coGuardianEmail: "x@example.com" })).status).toBe(400);

    // The lead's correction, from the family page: a coach who is not the lead is refused; the lead's is logged.
    const householdId = (await getHouseholdOf(db, ravi.id))!.householdId;
    const correct = (who: AppLoadContext, dateOfBirth: string) =>
      call(familyPageAction as never, {
        request: postForm(`/families/${householdId}`, { intent: "correct", userId: ravi.id, fullName: "Ravi Mum", dateOfBirth }),
        context: who,
        params: { householdId },
      });
    const coach = await makeUser("coach", "Coach Not Lead");
    expect((await correct(as(coach), "2000-01-01")).status).toBe(403);
    const theLead = await makeUser("coach", "Lead Lou");
    await db.update(users).set({ safeguardingLead: true }).where(eq(users.id, theLead.id));
    expect((await correct(as(theLead), "2010-02-02")).body).toMatchObject({
      ok: true,
      message: "Ravi Mum's details were corrected.",
      userId: ravi.id,
    });
    expect((await athletesOf(mum))[0]!.dateOfBirth).toBe("2010-02-02");
    expect((await logFor(ravi.id)).at(-1)).toMatchObject({
      action: "corrected by the safeguarding lead",
      actorName: "Lead Lou",
      detail: `from Ravi Mum, born ${FIFTEEN}, to Ravi Mum, born 2010-02-02`,
    });
    // A stranger's household id and a member of another family are refused.
    const other = await guardianUser("Other Fam");
    await post(as(other), { intent: "add-athlete", fullName: "Other Kid", dateOfBirth: FIFTEEN });
    const otherKid = (await athletesOf(other))[0]!;
    const wrong = await call(familyPageAction as never, {
      request: postForm(`/families/${householdId}`, { intent: "correct", userId: otherKid.id, fullName: "X", dateOfBirth: "2000-01-01" }),
      context: as(theLead),
      params: { householdId },
    });
    expect(wrong.status).toBe(404);
    expect((await athletesOf(other))[0]!.dateOfBirth).toBe(FIFTEEN);
  });
});

describe("an account made through Google", () => {
  it("messages nobody until it says who the person is; a teenager who answers is protected from then on", async () => {
    const coach = await makeUser("coach", "Coach Gee");
    const google = await makeUser("client", "Gail Google", { kindAnswered: false, dateOfBirth: null });
    expect(await messagingBlockFor(db, google.id, afternoon)).toBe(KIND_QUESTION_MESSAGE);
    await expect(startConversation(db, google, coach.id, afternoon)).rejects.toEqual(new ConversationRuleError(KIND_QUESTION_MESSAGE, 403));
    await expect(startConversation(db, coach, google.id, afternoon)).rejects.toEqual(new ConversationRuleError(KIND_UNANSWERED_MESSAGE, 403));
    // A conversation made before (by hand): the fast send path asks the rule too.
    const id = crypto.randomUUID();
    await db.execute(sql`insert into conversations (id) values (${id})`);
    await db.execute(sql`insert into conversation_participants (conversation_id, user_id) values (${id}, ${coach.id}), (${id}, ${google.id})`);
    expect(
      await createMessage(db, { conversationId: id, senderId: google.id, content: "hi" }, { ...DEFAULT_SEND_LIMITS, safePlay: afternoon }),
    ).toEqual({
      ok: false,
      reason: "safe-play",
      refusal: { code: "kind-question" },
    });
    // Answering as a 15-year-old athlete: protected, and waiting for a guardian like any teen who signed up alone.
    expect((await post(as(google), { intent: "kind", kind: "athlete", dateOfBirth: FIFTEEN })).status).toBe(200);
    expect(await messagingBlockFor(db, google.id, afternoon)).toBe(NEEDS_GUARDIAN_MESSAGE);
    expect((await post(as(google), { intent: "kind", kind: "guardian", dateOfBirth: "1980-01-01" })).status).toBe(403);
  });
});
