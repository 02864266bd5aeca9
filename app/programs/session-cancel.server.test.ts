// Cancelling a session from the programs editor and the roster (issue 41, decision 0068), called as each kind of
// person: its coach and an administrator see the form and cancel after one question, and every enrolled family is
// credited once, as /aid/sessions does; a coach of another session, a family and a visitor see nothing of it and
// change nothing; reasons too long are refused beside their field.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, postForm, contextAsPerson, type SignedInPerson } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { localeStore } from "../../tests/support/locale-store";
import { createEnrollmentRequest } from "~/enrollment/enrollments.server";
import { makeSession, onCourt, servicesFor } from "~/enrollment/test-support";
import { getBalance } from "~/payments/ledger.server";
import { accountOf, enroll, makeFamily, makeUser } from "~/payments/test-support";
import { action as editorAction, loader as editorLoader } from "~/routes/programs.$program.edit";
import { action as rosterAction, loader as rosterLoader } from "~/routes/rosters.$sessionId";

const { db } = await createTestDatabase();

const contextAs = (who: SignedInPerson | null) => contextAsPerson(db, who, "2026-06-15T14:00:00-04:00");
const get = (path: string) => new Request(`http://localhost${path}`);

const family = await makeFamily(db, "Cancelrule");
const coach = await makeUser(db, "coach", "Coach Cancelrule");
const otherCoach = await makeUser(db, "coach", "Coach Elsewhere");
const admin = await makeUser(db, "coach", "Admin Cancelrule", { admin: true });
const sessionId = await makeSession(db, null, { title: "Cancelrule Clinic", feeCents: 30000, feePer: "season" }, [coach.id]);
const otherId = await makeSession(db, null, { title: "Cancelrule Other Clinic", feeCents: 10000, feePer: "season" }, [otherCoach.id]);
await enroll(db, sessionId, family.athlete.id);
await enroll(db, otherId, family.athlete.id);
const accountId = await accountOf(db, family.guardian.id);

const cancellations = async () => {
  const { rows } = await db.execute<{ event_id: string; reason: string; reason_es: string | null; cancelled_by: string }>(
    sql`select event_id, reason, reason_es, cancelled_by from session_cancellations order by created_at`,
  );
  return rows;
};
const editorPost = (fields: Record<string, string>) => postForm("/programs/fall/edit", { intent: "cancel-session", ...fields });
const rosterPost = (id: string, fields: Record<string, string>) => postForm(`/rosters/${id}`, { intent: "cancel-session", ...fields });
type Listed = { sessions: { id: string; cancel: { enrolled: number; cancelledOn: string | null; reason: string | null } | null }[] };

describe("cancelling a session where staff stand", () => {
  it("offers the form only on the sessions this person may cancel", async () => {
    const asCoach = (await call(editorLoader, { request: get("/programs/fall/edit"), context: contextAs(coach), params: { program: "fall" } }))
      .body as Listed;
    expect(asCoach.sessions.find((s) => s.id === sessionId)?.cancel).toMatchObject({ enrolled: 1, cancelledOn: null });
    expect(asCoach.sessions.find((s) => s.id === otherId)?.cancel).toBeNull();
    const asAdmin = (await call(editorLoader, { request: get("/programs/fall/edit"), context: contextAs(admin), params: { program: "fall" } }))
      .body as Listed;
    expect(asAdmin.sessions.filter((s) => s.cancel).map((s) => s.id)).toEqual(expect.arrayContaining([sessionId, otherId]));
    const roster = await call(rosterLoader, { request: get(`/rosters/${otherId}`), context: contextAs(admin), params: { sessionId: otherId } });
    expect((roster.body as { cancel: unknown }).cancel).toMatchObject({ title: "Cancelrule Other Clinic", enrolled: 1 });
  });

  it("refuses everyone else and changes nothing: another session's coach, the family, a visitor", async () => {
    const fields = { eventId: sessionId, reason: "Courts flooded", reasonEs: "", confirmed: "yes" };
    const wrongCoach = await call(editorAction, { request: editorPost(fields), context: contextAs(otherCoach), params: { program: "fall" } });
    expect(wrongCoach.status).toBe(403);
    const wrongRoster = await call(rosterAction, { request: rosterPost(sessionId, fields), context: contextAs(otherCoach), params: { sessionId } });
    expect(wrongRoster.status).toBe(403);
    const guardian = await call(rosterAction, {
      request: rosterPost(sessionId, fields),
      context: contextAs(family.guardian),
      params: { sessionId },
    });
    expect(guardian.status).toBe(403);
    const editorGuardian = await call(editorAction, {
      request: editorPost(fields),
      context: contextAs(family.guardian),
      params: { program: "fall" },
    });
    expect(editorGuardian.status).toBe(403);
    const visitor = await call(editorAction, { request: editorPost(fields), context: contextAs(null), params: { program: "fall" } });
    expect([302, 401]).toContain(visitor.status);
    expect(await cancellations()).toEqual([]);
    expect(await getBalance(db, accountId)).toBe(40000);
  });

  it("answers a request no form of the editor sends with the catalog's words, in the page's language", async () => {
    const odd = () =>
      call(editorAction, { request: postForm("/programs/fall/edit", { intent: "bogus" }), context: contextAs(admin), params: { program: "fall" } });
    expect(await odd()).toMatchObject({ status: 400, body: { error: "That request was not understood. Please reload the page and try again." } });
    expect(await localeStore().run("es", odd)).toMatchObject({
      status: 400,
      body: { error: "No se entendió esa solicitud. Vuelva a cargar la página e inténtelo de nuevo." },
    });
  });

  it("says a reason too long beside its field, and asks once before changing anything", async () => {
    const long = await call(editorAction, {
      request: editorPost({ eventId: sessionId, reason: "x".repeat(301), reasonEs: "" }),
      context: contextAs(coach),
      params: { program: "fall" },
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      ok: false,
      intent: "cancel-session",
      values: { eventId: sessionId },
      fieldErrors: { reason: "Say why in 1 to 300 characters." },
    });
    const asked = await call(editorAction, {
      request: editorPost({ eventId: sessionId, reason: "Courts flooded", reasonEs: "Canchas inundadas" }),
      context: contextAs(coach),
      params: { program: "fall" },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      ok: true,
      intent: "cancel-session",
      confirm: expect.any(String),
      values: { eventId: sessionId, reason: "Courts flooded" },
    });
    expect(await cancellations()).toEqual([]);
    expect(await getBalance(db, accountId)).toBe(40000);
  });

  it("cancels once confirmed, crediting the family as /aid/sessions does; a second time changes nothing", async () => {
    const fields = { eventId: sessionId, reason: "Courts flooded", reasonEs: "Canchas inundadas", confirmed: "yes" };
    const done = await call(editorAction, { request: editorPost(fields), context: contextAs(coach), params: { program: "fall" } });
    expect(done.status).toBe(302);
    // Its answer is written on the session's card (the address names it; the words ride in the one-time cookie).
    expect(done.headers.get("location")).toBe(`/programs/fall/edit?cancelled=${sessionId}`);
    expect(done.headers.get("set-cookie")).toContain("nlte_toast=");
    expect(await cancellations()).toEqual([
      { event_id: sessionId, reason: "Courts flooded", reason_es: "Canchas inundadas", cancelled_by: coach.id },
    ]);
    expect(await getBalance(db, accountId)).toBe(10000);
    // Closed with it (migration 0061): a family asking a place now is told the session takes no requests.
    const late = await makeFamily(db, "Latecancel");
    const asked = await createEnrollmentRequest(servicesFor(db), late.guardian, sessionId, onCourt(late.athlete.id));
    expect(asked).toMatchObject({ ok: false, status: 409, error: "This session is not taking requests." });
    const again = await call(rosterAction, { request: rosterPost(sessionId, fields), context: contextAs(coach), params: { sessionId } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      ok: false,
      values: { eventId: sessionId },
      formError: "This session was already cancelled: nothing changed.",
    });
    expect(await getBalance(db, accountId)).toBe(10000);
    const page = (await call(editorLoader, { request: get("/programs/fall/edit"), context: contextAs(coach), params: { program: "fall" } }))
      .body as Listed;
    expect(page.sessions.find((s) => s.id === sessionId)?.cancel).toMatchObject({
      cancelledOn: expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
      reason: "Courts flooded",
      // Read later (no answer in the request), the card says only when and why.
      answer: null,
    });
  });

  it("lets an administrator cancel from a roster they only read", async () => {
    const fields = { eventId: otherId, reason: "No coach this season", reasonEs: "", confirmed: "yes" };
    const res = await call(rosterAction, { request: rosterPost(otherId, fields), context: contextAs(admin), params: { sessionId: otherId } });
    expect(res.status).toBe(302);
    expect(await getBalance(db, accountId)).toBe(0);
    // The roster's other steps stay its coaches': the administrator reading it may not withdraw anyone.
    const step = await call(rosterAction, {
      request: postForm(`/rosters/${otherId}`, { intent: "capacity", capacity: "4" }),
      context: contextAs(admin),
      params: { sessionId: otherId },
    });
    expect(step.status).toBe(403);
  });
});
