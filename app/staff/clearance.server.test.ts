// Coaches cleared before they reach children, and least privilege for families' personal data (issue 37), against a
// real PostgreSQL, through the routes as each person calls them: an uncleared coach's roster, attendance sheet and
// family page without personal data; the session coaches' editor and the database refusing an uncleared coach where
// minors are enrolled; /about without an uncleared coach's profile; the reminder mailed 60 days before a date expires,
// once; a coach of another session reading nothing of a family; the lead's reads of medical notes logged.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { coachProfiles, users } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { createEnrollmentRequest, takeCoachStep } from "~/enrollment/enrollments.server";
import { makeFamily, makeSession, makeUser, onCourt, servicesFor, afternoon, type Person } from "~/enrollment/test-support";
import { getHouseholdOf } from "~/family/family-log.server";
import { localeStore } from "../../tests/support/locale-store";
import { startConversation } from "~/messaging/conversations.server";
import { loader as aboutLoader } from "~/routes/about";
import { loader as appointmentsLoader } from "~/routes/appointments";
import { loader as familyLoader } from "~/routes/families.$householdId";
import { loader as messagesLoader } from "~/routes/messages";
import { action as editorAction } from "~/routes/programs.$program.edit";
import { loader as attendanceLoader } from "~/routes/rosters.$sessionId.attendance";
import { loader as rosterLoader } from "~/routes/rosters.$sessionId";
import { sendClearanceReminders } from "./clearance.server";
import { setStaffChecks } from "./profiles.server";
import { eq } from "drizzle-orm";

const { db } = await createTestDatabase();
// What server/languages.ts does for each request: the request's language, read by every message.
const languages = localeStore();
const NOW = "2026-06-15T14:00:00-04:00"; // a Monday afternoon in New York
const services = servicesFor(db, afternoon(NOW));
const MEDICAL = "Peanut allergy: EpiPen in the blue bag";

function as(p: Person | null, now = NOW): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: now, PUBLIC_URL: "http://localhost:3000" });
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } } : null;
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const get = (url: string) => new Request(`http://localhost${url}`);

/** A coach with the dates given (null: not on record). */
async function coachWith(name: string, trained: string | null, background: string | null, extra: Partial<typeof users.$inferInsert> = {}) {
  const coach = await makeUser(db, "coach", name, extra);
  await db.update(coachProfiles).set({ safePlayCheckedOn: trained, backgroundCheckedOn: background }).where(eq(coachProfiles.userId, coach.id));
  return coach;
}

/** A family whose 13-year-old is enrolled in `session` (the steps taken by `coach`, cleared at that moment). */
async function enrolledFamily(session: string, coach: Person, name: string) {
  const f = await makeFamily(db, name);
  const made = await createEnrollmentRequest(services, f.guardian, session, onCourt(f.athlete.id));
  if (!made.ok) throw new Error(made.error);
  await takeCoachStep(services, coach, made.enrollmentId, "place", { level: 4, placedOn: "2026-06-10", note: "" });
  await takeCoachStep(services, coach, made.enrollmentId, "enroll");
  return { ...f, householdId: (await getHouseholdOf(db, f.athlete.id))!.householdId };
}

type RosterBody = {
  cleared: boolean;
  roster: Array<{
    athleteName: string;
    age: number | null;
    personal: boolean;
    notes: { medical: string; pickup: string; emergencyName: string; emergencyPhone: string };
    guardians: Array<{ name: string; phone: string | null }>;
  }>;
};
const rosterOf = async (p: Person, session: string) =>
  (await call(rosterLoader, { request: get(`/rosters/${session}`), context: as(p), params: { sessionId: session } })) as {
    status: number;
    body: RosterBody;
  };

const admin = await makeUser(db, "client", "Ada Admin", { admin: true, locale: "es" });
const adminActor = { id: admin.id, name: admin.fullName };

describe("an uncleared coach", () => {
  it("reads a roster's names, levels and statuses but no ages, medical notes, pick-up persons, emergency contacts or phones, until an administrator records current dates", async () => {
    const coach = await makeUser(db, "coach", "Coach Newcomer");
    const session = await makeSession(db, 10, {}, [coach.id]);
    await enrolledFamily(session, coach, "Rivera");
    // The coach was invited a minute ago: nothing on record.
    await db.update(coachProfiles).set({ safePlayCheckedOn: null, backgroundCheckedOn: null }).where(eq(coachProfiles.userId, coach.id));

    const hidden = await rosterOf(coach, session);
    expect(hidden.status).toBe(200);
    expect(hidden.body.cleared).toBe(false);
    const [entry] = hidden.body.roster;
    expect(entry).toMatchObject({ athleteName: "Rivera Kid", age: null, personal: false });
    expect(entry!.notes).toMatchObject({ medical: "", pickup: "", emergencyName: "", emergencyPhone: "" });
    expect(entry!.guardians).toEqual([{ name: "Rivera Parent", phone: null }]);
    expect(JSON.stringify(hidden.body)).not.toMatch(/Peanut|Grandma|555-0188|555-0100/);

    // The attendance sheet carries names and levels only, whoever reads it.
    const sheet = await call(attendanceLoader, {
      request: get(`/rosters/${session}/attendance`),
      context: as(coach),
      params: { sessionId: session },
    });
    expect((sheet.body as { athletes: unknown[] }).athletes).toEqual([{ id: expect.any(String), name: "Rivera Kid", level: 4 }]);

    // An administrator records the training and the check (a month ago): the same page shows everything.
    expect(await setStaffChecks(db, adminActor, { userId: coach.id, safePlayCheckedOn: "2026-05-15", backgroundCheckedOn: "2026-05-15" })).toBe(true);
    const shown = await rosterOf(coach, session);
    expect(shown.body.cleared).toBe(true);
    expect(shown.body.roster[0]).toMatchObject({
      age: 13,
      personal: true,
      notes: { medical: MEDICAL, pickup: "Grandma Rosa", emergencyPhone: "202-555-0188" },
    });
    expect(shown.body.roster[0]!.guardians).toEqual([{ name: "Rivera Parent", phone: "202-555-0100" }]);

    // A year after the training, it is no longer current: hidden again, by the same rule.
    const later = (await call(rosterLoader, {
      request: get(`/rosters/${session}`),
      context: as(coach, "2027-05-16T10:00:00-04:00"),
      params: { sessionId: session },
    })) as { body: RosterBody };
    expect(later.body.cleared).toBe(false);
    expect(later.body.roster[0]!.notes.medical).toBe("");
  });

  it("is refused as a session's coach where a minor is enrolled, beside the field in both languages, and nothing is stored; the database refuses one with no dates too", async () => {
    const cleared = await makeUser(db, "coach", "Coach Cleared");
    const session = await makeSession(db, 10, {}, [cleared.id]);
    await enrolledFamily(session, cleared, "Okafor");
    const uncleared = await coachWith("Nina Notyet", null, "2026-01-10");

    const post = () =>
      call(editorAction, {
        request: postForm(
          "/programs/fall/edit",
          { intent: "save-coaches", id: session, coachIds: [cleared.id, uncleared.id] },
          { Origin: "http://localhost:3000" },
        ),
        context: as(cleared),
        params: { program: "fall" },
      });
    const refused = await post();
    expect(refused.status).toBe(400);
    expect((refused.body as { fieldErrors: { coachIds: string } }).fieldErrors.coachIds).toBe(
      "Minors are enrolled in this session: Nina Notyet cannot coach it until their Safe Play training and background check are on record and current (an administrator records them on the Staff page).",
    );
    // The same refusal on the Spanish page, in Spanish.
    const enEspanol = await languages.run("es", () => post());
    expect((enEspanol.body as { fieldErrors: { coachIds: string } }).fieldErrors.coachIds).toBe(
      "Hay menores inscritos en esta sesión: Nina Notyet no puede entrenarla hasta que su formación Safe Play y su verificación de antecedentes estén registradas y vigentes (un administrador las registra en la página de Personal).",
    );
    const coachesOf = async () =>
      (await db.execute<{ coach_id: string }>(sql`select coach_id from session_coaches where event_id = ${session}`)).rows.map((r) => r.coach_id);
    expect(await coachesOf()).toEqual([cleared.id]);

    // The database's backstop: no row for a coach with no dates on record, whatever path writes it.
    await expect(db.execute(sql`insert into session_coaches (event_id, coach_id) values (${session}, ${uncleared.id})`)).rejects.toMatchObject({
      cause: { code: "23514" },
    });

    // Once cleared, the same form saves.
    await setStaffChecks(db, adminActor, { userId: uncleared.id, safePlayCheckedOn: "2026-06-01", backgroundCheckedOn: "2026-01-10" });
    const saved = await post();
    expect(saved.status).toBe(302);
    expect((await coachesOf()).sort()).toEqual([cleared.id, uncleared.id].sort());
  });

  it("coaches a session where only adults are enrolled", async () => {
    const uncleared = await coachWith("Adult Coach", null, null);
    const cleared = await makeUser(db, "coach", "Coach Steps");
    const session = await makeSession(db, 10, {}, [cleared.id]);
    const adult = await makeUser(db, "client", "Grown Athlete", { clientKind: "athlete", dateOfBirth: "1990-03-03" });
    const made = await createEnrollmentRequest(services, adult, session, onCourt(adult.id));
    expect(made.ok).toBe(true);
    const saved = await call(editorAction, {
      request: postForm(
        "/programs/fall/edit",
        { intent: "save-coaches", id: session, coachIds: [uncleared.id] },
        { Origin: "http://localhost:3000" },
      ),
      context: as(cleared),
      params: { program: "fall" },
    });
    expect(saved.status).toBe(302);
  });

  it("reads no phone on /appointments for the families of their own lessons until cleared", async () => {
    const coach = await coachWith("Lesson Coach", null, null);
    const family = await makeFamily(db, "Lesson");
    await db.execute(sql`
      insert into bookings (coach_id, athlete_id, booked_by, kind, starts_at, ends_at, blocked_until, place)
      values (${coach.id}, ${family.athlete.id}, ${family.guardian.id}, 'lesson', '2026-06-16T20:00:00Z', '2026-06-16T21:00:00Z', '2026-06-16T21:00:00Z', 'Court 2')`);
    const guardiansOf = async () => {
      const body = (await call(appointmentsLoader, { request: get("/appointments"), context: as(coach) })).body as {
        days: Array<{ bookings: Array<{ guardians: Array<{ name: string | null; phone: string | null }> }> }>;
      };
      return body.days.flatMap((d) => d.bookings).flatMap((b) => b.guardians);
    };
    expect(await guardiansOf()).toEqual([{ name: "Lesson Parent", phone: null }]);
    await setStaffChecks(db, adminActor, { userId: coach.id, safePlayCheckedOn: "2026-06-01", backgroundCheckedOn: "2026-06-01" });
    expect(await guardiansOf()).toEqual([{ name: "Lesson Parent", phone: "202-555-0100" }]);
  });
});

describe("/about", () => {
  it("shows a coach's profile only once the coach is cleared, and no longer once a date expires", async () => {
    const coach = await coachWith("Zed Shown", null, null);
    await db.update(coachProfiles).set({ shown: true, bio: "Former college player." }).where(eq(coachProfiles.userId, coach.id));
    const names = async (now = NOW) =>
      ((await call(aboutLoader, { request: get("/about"), context: as(null, now) })).body as { staff: Array<{ name: string }> }).staff.map(
        (s) => s.name,
      );
    expect(await names()).not.toContain("Zed Shown");
    await setStaffChecks(db, adminActor, { userId: coach.id, safePlayCheckedOn: "2026-02-01", backgroundCheckedOn: "2025-03-01" });
    expect(await names()).toContain("Zed Shown");
    // The training is a year old on 1 February 2027.
    expect(await names("2027-02-01T12:00:00-05:00")).not.toContain("Zed Shown");
  });
});

describe("the reminder 60 days before a date expires", () => {
  it("is mailed to the coach and every administrator (in their language) once per date, not 61 days before", async () => {
    const coach = await coachWith("Rita Reminded", "2025-09-01", "2026-01-20");
    const sentTo = async () =>
      (
        await db.execute<{ to_address: string; subject: string; text_body: string }>(
          sql`select to_address, subject, text_body from mail_outbox
              where kind = 'clearance-reminder' and (to_address = ${coach.email} or text_body like ${"%Rita Reminded%"}) order by to_address`,
        )
      ).rows;
    const run = (now: string) => sendClearanceReminders(servicesFor(db, afternoon(now)));
    // The training expires on 1 September 2026: 61 days before, nothing.
    expect(await run("2026-07-02T09:00:00-04:00")).toBe(0);
    expect(await sentTo()).toEqual([]);
    // 60 days before: the coach and the administrator (Spanish: her account's language).
    expect(await run("2026-07-03T09:00:00-04:00")).toBeGreaterThanOrEqual(1);
    const mails = await sentTo();
    expect(mails.map((r) => r.to_address).sort()).toEqual([admin.email, coach.email].sort());
    const toCoach = mails.find((r) => r.to_address === coach.email)!;
    expect(toCoach.subject).toBe("Test Tennis: a coach's Safe Play training expires in less than 60 days");
    expect(toCoach.text_body).toContain("Your Safe Play training stops being current on September 1, 2026.");
    const toAdmin = mails.find((r) => r.to_address === admin.email)!;
    expect(toAdmin.text_body).toContain("La formación Safe Play de Rita Reminded deja de estar vigente el 1 de septiembre de 2026.");
    // Once: the next runs, that day and the days after, send nothing more for that date.
    await run("2026-07-03T15:00:00-04:00");
    await run("2026-08-20T09:00:00-04:00");
    expect(await sentTo()).toHaveLength(2);
    // A new date recorded is reminded in its turn, a year on.
    await setStaffChecks(db, adminActor, { userId: coach.id, safePlayCheckedOn: "2026-08-25", backgroundCheckedOn: "2026-01-20" });
    await run("2027-06-28T09:00:00-04:00");
    expect(await sentTo()).toHaveLength(4);
  });
});

describe("least privilege", () => {
  it("a coach of another session reads no family's phones, ages or medical notes; the session's coach and a conversation's coach do", async () => {
    const own = await makeUser(db, "coach", "Coach Own");
    const other = await makeUser(db, "coach", "Coach Other");
    const session = await makeSession(db, 10, {}, [own.id]);
    await makeSession(db, 10, {}, [other.id]);
    const family = await enrolledFamily(session, own, "Lopez");

    // The other coach is refused the roster itself (403), and the family's page shows names only.
    expect((await rosterOf(other, session)).status).toBe(403);
    const page = async (p: Person) =>
      (
        (await call(familyLoader, { request: get(`/families/${family.householdId}`), context: as(p), params: { householdId: family.householdId } }))
          .body as {
          household: { personal: boolean; members: Array<{ fullName: string; phone: string | null; email: string | null; age: number | null }> };
        }
      ).household;
    const seenByOther = await page(other);
    expect(seenByOther.personal).toBe(false);
    expect(seenByOther.members.map((m) => [m.fullName, m.phone, m.email, m.age])).toEqual([
      ["Lopez Parent", null, null, null],
      ["Lopez Kid", null, null, null],
    ]);
    const seenByOwn = await page(own);
    expect(seenByOwn.members.find((m) => m.fullName === "Lopez Parent")).toMatchObject({ phone: "202-555-0100", email: family.guardian.email });
    expect(seenByOwn.members.find((m) => m.fullName === "Lopez Kid")!.age).toBe(13);

    // /messages' New Conversation list: the phone only for the session's coach.
    const phoneOn = async (p: Person) =>
      (
        (await call(messagesLoader, { request: get("/messages"), context: as(p) })).body as { clients: Array<{ id: string; phone: string | null }> }
      ).clients.find((c) => c.id === family.guardian.id)!.phone;
    expect(await phoneOn(other)).toBeNull();
    expect(await phoneOn(own)).toBe("202-555-0100");

    // A conversation with the family's guardian makes them the other coach's family too.
    await startConversation(db, other, family.guardian.id, afternoon(NOW));
    expect(await phoneOn(other)).toBe("202-555-0100");
    expect((await page(other)).personal).toBe(true);
  });

  it("the lead reads every roster, each medical note read outside the athlete's sessions is logged (without the note); an uncleared lead reads none", async () => {
    const coach = await makeUser(db, "coach", "Coach Session");
    const lead = await makeUser(db, "coach", "Lee Lead", { safeguardingLead: true });
    const session = await makeSession(db, 10, {}, [coach.id]);
    const family = await enrolledFamily(session, coach, "Nguyen");
    const logLines = async () =>
      (
        await db.execute<{ actor_id: string; athlete_id: string; action: string; detail: string }>(
          sql`select actor_id, athlete_id, action, detail from safeguarding_log where action = 'medical notes read outside their sessions' and athlete_id = ${family.athlete.id}`,
        )
      ).rows;

    // The session's own coach: no line.
    expect((await rosterOf(coach, session)).body.roster[0]!.notes.medical).toBe(MEDICAL);
    expect(await logLines()).toEqual([]);

    // The lead, outside the session: reads it, and the log says who read whose notes where.
    const read = await rosterOf(lead, session);
    expect(read.status).toBe(200);
    expect(read.body.roster[0]!.notes.medical).toBe(MEDICAL);
    expect(await logLines()).toEqual([
      { actor_id: lead.id, athlete_id: family.athlete.id, action: "medical notes read outside their sessions", detail: "Level-5 Youth Clinic" },
    ]);
    const { rows: all } = await db.execute(sql`select detail from safeguarding_log where detail like '%Peanut%'`);
    expect(all).toEqual([]);

    // The lead whose background check lapsed: the roster opens, nothing personal in it, nothing logged.
    await db.update(coachProfiles).set({ backgroundCheckedOn: "2024-01-01" }).where(eq(coachProfiles.userId, lead.id));
    const lapsed = await rosterOf(lead, session);
    expect(lapsed.body.roster[0]!.notes.medical).toBe("");
    expect(await logLines()).toHaveLength(1);
  });

  it("refuses a roster to a client, a visitor and a coach of another session", async () => {
    const coach = await makeUser(db, "coach", "Coach Door");
    const session = await makeSession(db, 10, {}, [coach.id]);
    const family = await enrolledFamily(session, coach, "Door");
    expect((await rosterOf(family.guardian, session)).status).toBe(403);
    expect((await rosterOf(await makeUser(db, "coach", "Coach Elsewhere"), session)).status).toBe(403);
    const visitor = await call(rosterLoader, { request: get(`/rosters/${session}`), context: as(null), params: { sessionId: session } });
    expect([302, 401]).toContain(visitor.status);
    expect(JSON.stringify(visitor.body ?? "")).not.toContain("Peanut");
  });
});
