// Places left on the registration form (issue 39, decision 0046's one count): each session the form offers says how
// many places are left, or that it is full, as its card, /enroll and /calendar do, in the reader's language; the
// session chosen from the address says it too. A session with no set number says nothing about places.
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { call, contextFor } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { inLocale } from "../../server/languages";
import { loader as registrationLoader } from "~/routes/programs.registration";
import { createEnrollmentRequest, takeCoachStep } from "./enrollments.server";
import { makeFamily, makeSession, makeUser, onCourt, servicesFor } from "./test-support";

const { db } = await createTestDatabase();
const services = servicesFor(db);
const NOW = "2026-06-15T14:00:00-04:00";
const coach = await makeUser(db, "coach", "Places Form Coach");
const visitor = () => contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" }) as AppLoadContext;

type Page = { session: { places: string | null } | null; sessionGroups: Array<{ sessions: Array<{ id: string; label: string }> }> };
const load = async (query: string) =>
  (await call(registrationLoader as never, { request: new Request(`http://localhost/programs/registration${query}`), context: visitor() }))
    .body as Page;
const labelOf = (page: Page, id: string) => page.sessionGroups.flatMap((g) => g.sessions).find((s) => s.id === id)?.label;

/** One athlete enrolled in the session (evaluated, placed, enrolled): one place taken. */
async function enrollOne(session: string, name: string) {
  const f = await makeFamily(db, name);
  const made = await createEnrollmentRequest(services, f.guardian, session, onCourt(f.athlete.id));
  if (!made.ok) throw new Error(made.error);
  for (const step of [
    await takeCoachStep(services, coach, made.enrollmentId, "place", { level: 5, placedOn: "2026-06-10", note: "" }),
    await takeCoachStep(services, coach, made.enrollmentId, "enroll"),
  ])
    expect(step).toMatchObject({ ok: true });
}

describe("places left on the registration form", () => {
  it("each offered session says its places left or that it is full, in English and Spanish; one without a number says nothing", async () => {
    const two = await makeSession(db, 2, { title: "Two Places Clinic" });
    const one = await makeSession(db, 1, { title: "One Place Clinic" });
    const open = await makeSession(db, null, { title: "Open Rally" });
    await enrollOne(two, "Placesa");
    await enrollOne(one, "Placesb");
    const page = await load("?program=fall");
    expect(labelOf(page, two)).toMatch(/^Two Places Clinic.* · 1 place left$/);
    expect(labelOf(page, one)).toMatch(/^One Place Clinic.* · Full: join the waitlist$/);
    expect(labelOf(page, open)).toMatch(/^Open Rally/);
    expect(labelOf(page, open)).not.toContain(" · ");
    const es = await inLocale("es", () => load("?program=fall"));
    expect(labelOf(es, two)).toMatch(/ · Queda 1 plaza$/);
    expect(labelOf(es, one)).toMatch(/ · Completa: únase a la lista de espera$/);
  });

  it("the session chosen from the address says its places", async () => {
    const session = await makeSession(db, 3, { title: "Chosen Places Clinic" });
    expect((await load(`?session=${session}`)).session).toMatchObject({ places: "3 places left" });
    await enrollOne(session, "Placesc");
    expect((await load(`?session=${session}`)).session).toMatchObject({ places: "2 places left" });
  });
});
