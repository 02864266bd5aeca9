// "No evaluation yet this season" (issue 42, decision 0062) with a real PostgreSQL: the coach's list of athletes says
// it beside each athlete not evaluated since their session's season began; the daily job mails the session's coaches,
// each in their language (the administrators for a session with no coach), once, N weeks into the season, however
// often and however concurrently it runs; the setting is an administrator's, answered beside its field.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { enrollments, seasons, users } from "../../db/schema";
import { athleteEvaluations } from "../../db/schema-athletes";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { afternoon, makeFamily, makeSession, makeUser, onCourt, servicesFor, type Person } from "~/enrollment/test-support";
import { localeStore } from "../../tests/support/locale-store";
import * as athletesList from "~/routes/athletes";
import * as rosterPage from "~/routes/rosters.$sessionId";
import * as settings from "~/routes/athletes.settings";
import { eq } from "drizzle-orm";
import { getReminderWeeks, sendEvaluationReminders } from "./evaluation-reminders.server";

const { db } = await createTestDatabase();
const languages = localeStore();

const carmen = await makeUser(db, "coach", "Carmen Courtside");
const diego = await makeUser(db, "coach", "Diego Baseline");
await db.update(users).set({ locale: "es" }).where(eq(users.id, carmen.id));
const admin = await makeUser(db, "client", "Ada Admin", { admin: true });
const lead = await makeUser(db, "coach", "Lena Lead", { safeguardingLead: true });
const [fall] = await db
  .insert(seasons)
  .values({ term: "fall", year: 2026, startsOn: "2026-09-01", endsOn: "2026-12-20" })
  .returning({ id: seasons.id });
// The session runs all year; its season began on 1 September: evaluations since then count.
const rally = await makeSession(db, 20, { title: "Fall Rally Clinic", titleEs: "Clínica de otoño", seasonId: fall!.id }, [carmen.id, diego.id]);
// A session of its own dates, no season, no coach: the administrators hear of it.
const orphan = await makeSession(db, 20, { title: "Saturday Drop-in", startsOn: "2026-10-05", endsOn: "2026-12-31" }, []);
const evaluated = await makeFamily(db, "Evaluated", "2012-01-01");
const lastSeason = await makeFamily(db, "LastSeason", "2012-01-01");
const never = await makeFamily(db, "Never", "2013-01-01");
const left = await makeFamily(db, "Left", "2013-01-01");
const dropIn = await makeFamily(db, "DropIn", "2014-01-01");
for (const [event, athlete, status] of [
  [rally, evaluated.athlete.id, "enrolled"],
  [rally, lastSeason.athlete.id, "enrolled"],
  [rally, never.athlete.id, "placed"],
  [rally, left.athlete.id, "withdrawn"],
  [orphan, dropIn.athlete.id, "enrolled"],
] as const)
  await db.insert(enrollments).values({ eventId: event, status, ...onCourt(athlete), ...(status === "withdrawn" ? { closedReason: "family" } : {}) });
const evaluate = (athleteId: string, on: string) =>
  db.insert(athleteEvaluations).values({ athleteId, coachId: carmen.id, evaluatedOn: on, level: 4, goalOne: "Serve deeper" });
await evaluate(evaluated.athlete.id, "2026-09-20");
await evaluate(lastSeason.athlete.id, "2026-05-01");

const run = (now: string) => sendEvaluationReminders(servicesFor(db, afternoon(now)));
const mails = async () =>
  (
    await db.execute<{ to_address: string; subject: string; text_body: string }>(
      sql`select to_address, subject, text_body from mail_outbox where kind = 'evaluation-reminder' order by to_address`,
    )
  ).rows;

const as = (person: Pick<Person, "id" | "email" | "fullName" | "role">, now: string) =>
  ({
    ...contextFor(db, "visitor", { SAFE_PLAY_NOW: now }),
    auth: { api: { getSession: async () => ({ user: { id: person.id, email: person.email, name: person.fullName, role: person.role } }) } },
  }) as unknown as AppLoadContext;

describe("no evaluation yet this season", () => {
  it("is said beside the athlete on the coach's list, not on the family's", async () => {
    const list = async (who: Person) =>
      (
        (await call(athletesList.loader, { request: new Request("http://localhost/athletes"), context: as(who, "2026-10-01T10:00:00-04:00") }))
          .body as { athletes: Array<{ id: string; noEvaluation: boolean }> }
      ).athletes;
    const flagged = (await list(carmen)).filter((a) => a.noEvaluation).map((a) => a.id);
    expect(flagged.sort()).toEqual([lastSeason.athlete.id, never.athlete.id].sort());
    expect(await list(lastSeason.guardian)).toEqual([{ id: lastSeason.athlete.id, name: "LastSeason Kid", noEvaluation: false }]);
  });

  it("is said beside the athlete on the session's roster, from the same rule, to its coach and the lead only", async () => {
    const roster = async (who: Person, sessionId: string) => {
      const r = await call(rosterPage.loader, {
        request: new Request(`http://localhost/rosters/${sessionId}`),
        context: as(who, "2026-10-20T10:00:00-04:00"),
        params: { sessionId },
      });
      return { status: r.status, unevaluated: ((r.body ?? {}) as { unevaluated?: string[] }).unevaluated?.sort() };
    };
    // The rally clinic's coach: the two not evaluated since 1 September (the withdrawn one is not on the list).
    expect(await roster(carmen, rally)).toEqual({ status: 200, unevaluated: [lastSeason.athlete.id, never.athlete.id].sort() });
    // The lead reads every roster: the drop-in's one athlete (its own dates: from 5 October).
    expect(await roster(lead, orphan)).toEqual({ status: 200, unevaluated: [dropIn.athlete.id] });
    // A coach of another session reads no roster of this one: refused, nothing said.
    expect((await roster(carmen, orphan)).status).toBe(403);
  });

  it("mails the session's coaches in their language once, 4 weeks into the season, however often the job runs", async () => {
    expect(await getReminderWeeks(db)).toBe(4);
    expect(await run("2026-09-28T09:00:00-04:00")).toBe(0); // 27 days in
    expect(await mails()).toEqual([]);
    expect(await run("2026-09-29T09:00:00-04:00")).toBe(1); // 28 days: the rally clinic; the drop-in began on 5 October
    const sent = await mails();
    expect(sent.map((m) => m.to_address)).toEqual([carmen.email, diego.email].sort());
    const toCarmen = sent.find((m) => m.to_address === carmen.email)!;
    expect(toCarmen.subject).toBe("Test Tennis: deportistas por evaluar en Clínica de otoño");
    expect(toCarmen.text_body).toContain("2 deportistas de Clínica de otoño aún no tienen evaluación esta temporada.");
    expect(toCarmen.text_body).toContain("http://localhost:3000/es/athletes");
    const toDiego = sent.find((m) => m.to_address === diego.email)!;
    expect(toDiego.text_body).toContain("2 athletes in Fall Rally Clinic have had no evaluation yet this season.");
    expect(toDiego.text_body).not.toContain("Never Kid"); // the list names them, the mail does not
    // Again the same day, and later in the season: nothing more.
    expect(await run("2026-09-29T15:00:00-04:00")).toBe(0);
    expect(await run("2026-10-20T09:00:00-04:00")).toBe(0);
    expect(await mails()).toHaveLength(2);
  });

  it("goes to the administrators for a session with no coach, once even when two runs race", async () => {
    const counts = await Promise.all([run("2026-11-02T09:00:00-05:00"), run("2026-11-02T09:00:00-05:00")]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const toAdmin = (await mails()).filter((m) => m.to_address === admin.email);
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]!.text_body).toContain("One athlete in Saturday Drop-in has had no evaluation yet this season.");
  });

  it("waits the weeks an administrator sets; anyone else is refused and a bad number is answered beside the field", async () => {
    const post = (who: Person, weeks: string) =>
      languages.run("en", () =>
        call(settings.action, {
          request: postForm("/athletes/settings", { intent: "reminder-weeks", weeks }),
          context: as(who, "2026-11-02T09:00:00-05:00"),
        }),
      );
    expect((await post(carmen, "6")).status).toBe(403);
    const bad = await post(admin, "0");
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors.weeks).toBe("Enter a whole number of weeks from 1 to 20.");
    expect(await getReminderWeeks(db)).toBe(4);
    expect((await post(admin, "6")).status).toBe(302);
    expect(await getReminderWeeks(db)).toBe(6);
    // A new season's session: 4 weeks in is no longer enough, 6 are.
    const winter = await makeSession(db, 20, { title: "Winter Serve Lab", startsOn: "2026-11-02", endsOn: "2027-02-28" }, [diego.id]);
    const newcomer = await makeFamily(db, "Newcomer", "2012-01-01");
    await db.insert(enrollments).values({ eventId: winter, status: "enrolled", ...onCourt(newcomer.athlete.id) });
    expect(await run("2026-11-30T09:00:00-05:00")).toBe(0);
    expect(await run("2026-12-14T09:00:00-05:00")).toBe(1);
  });
});
