// Audit (issue 38): a level placement dated 2099 was accepted. A placement is dated today (in the organisation's zone)
// or before: a later day is refused, in the page's language, from the roster's form as from the step itself, and no
// level is stored.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { localeStore } from "../../tests/support/locale-store";
import { action as rosterAction } from "~/routes/rosters.$sessionId";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { createEnrollmentRequest, takeCoachStep } from "./enrollments.server";
import { makeFamily, makeSession, makeUser, onCourt, servicesFor, type Person } from "./test-support";

const store = localeStore();

const { db } = await createTestDatabase();
const services = servicesFor(db); // the clock: Monday 2026-06-15, 14:00 in New York
const NOW = "2026-06-15T14:00:00-04:00";
const FUTURE = "A placement cannot be dated in the future: choose today or an earlier day.";
const FUTURE_ES = "Una asignación no puede tener una fecha futura: elija hoy o un día anterior.";

function as(p: Person): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

async function requested(name: string) {
  const coach = await makeUser(db, "coach", `Coach ${name}`);
  const session = await makeSession(db, 10);
  const f = await makeFamily(db, name);
  const made = await createEnrollmentRequest(services, f.guardian, session, onCourt(f.athlete.id));
  if (!made.ok) throw new Error(made.error);
  return { coach, session, athleteId: f.athlete.id, enrollmentId: made.enrollmentId };
}
const levels = async (athleteId: string) =>
  (await db.execute<{ placed_on: string }>(sql`select placed_on::text from athlete_levels where athlete_id = ${athleteId}`)).rows.map(
    (r) => r.placed_on,
  );

describe("a placement's date", () => {
  it("is refused in 2099 and tomorrow, beside the date, storing nothing; today is placed", async () => {
    const r = await requested("Future");
    for (const placedOn of ["2099-06-01", "2026-06-16"])
      expect(await takeCoachStep(services, r.coach, r.enrollmentId, "place", { level: 3, placedOn, note: "" })).toEqual({
        ok: false,
        status: 400,
        error: FUTURE,
        field: "placedOn",
      });
    expect(await levels(r.athleteId)).toEqual([]);
    expect(await takeCoachStep(services, r.coach, r.enrollmentId, "place", { level: 3, placedOn: "2026-06-15", note: "" })).toMatchObject({
      ok: true,
    });
    expect(await levels(r.athleteId)).toEqual(["2026-06-15"]);
  });

  it("is refused from the roster's form, in Spanish on a Spanish page", async () => {
    const r = await requested("Roster");
    const post = () =>
      call(rosterAction as never, {
        request: postForm(
          `/rosters/${r.session}`,
          { intent: "place", enrollmentId: r.enrollmentId, level: "2", placedOn: "2099-12-31" },
          { Origin: "http://localhost:3000" },
        ),
        context: as(r.coach),
        params: { sessionId: r.session },
      });
    // Beside the date, on the request's card (the request among what was sent).
    const refused = { ok: false, intent: "place", values: { enrollmentId: r.enrollmentId } };
    expect(await post()).toMatchObject({ status: 400, body: { ...refused, fieldErrors: { placedOn: FUTURE } } });
    expect(await store.run("es", post)).toMatchObject({ status: 400, body: { ...refused, fieldErrors: { placedOn: FUTURE_ES } } });
    expect(await levels(r.athleteId)).toEqual([]);
  });
});
