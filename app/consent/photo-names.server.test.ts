// Athletes named on gallery photos (issue 40, decision 0061) through /gallery/photos and /gallery against a real
// PostgreSQL: a coach names only athletes of their sessions, and only while the family's photo release is in force
// (refused beside the field otherwise, nothing stored); the public gallery shows "Ana K." only while it still is, and
// a withdrawal takes the name off at the next load while the staff page says why.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { makeFamily, makeSession, makeUser, type Person } from "~/enrollment/test-support";
import * as familyRoute from "~/routes/account.family";
import * as galleryRoute from "~/routes/gallery";
import * as photosRoute from "~/routes/gallery.photos";
import { inLocale } from "../../server/languages";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";

const { db } = await createTestDatabase();
const NOW = "2026-06-15T14:00:00-04:00";
const origin = { Origin: "http://localhost:3000" };

function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true }, session: { token: "t" } } : null;
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

const coach = await makeUser(db, "coach", "Gallery Coach");
const otherCoach = await makeUser(db, "coach", "Gallery Elsewhere");
const sessionId = await makeSession(db, 10, {}, [coach.id]);
await makeSession(db, 10, { title: "Other clinic" }, [otherCoach.id]);
const ana = await makeFamily(db, "Photo Ana");
const ben = await makeFamily(db, "Photo Ben");
for (const a of [ana.athlete.id, ben.athlete.id])
  await db.execute(sql`insert into enrollments (event_id, athlete_id, requested_by, status, emergency_name, emergency_phone)
    values (${sessionId}, ${a}, ${a}, 'enrolled', 'Aunt Photo', '202-555-0111')`);
const { rows } = await db.execute<{ id: string }>(sql`
  insert into gallery_photos (alt, width, height, position, consent, copies) values ('A rally at Fort Dupont', 1600, 1067, 1, true, 'ready') returning id`);
const photoId = rows[0]!.id;

const allow = (given: "yes" | "no") =>
  call(familyRoute.action as never, {
    request: postForm("/account/family", { intent: "disclosure", athleteId: ana.athlete.id, kind: "photo", given }, origin),
    context: as(ana.guardian),
  });
const name = (who: Person, athleteId: string, intent = "name-athlete") =>
  inLocale("en", () =>
    call(photosRoute.action as never, { request: postForm("/gallery/photos", { intent, photoId, athleteId }, origin), context: as(who) }),
  );
const staffPage = async (who: Person) =>
  (await inLocale("en", () => call(photosRoute.loader as never, { request: new Request("http://localhost/gallery/photos"), context: as(who) })))
    .body as {
    athletes: Array<{ id: string; release: boolean }>;
    names: Record<string, Array<{ athleteId: string; shown: boolean }>>;
  };
const captions = async () => {
  const r = await inLocale("en", () => call(galleryRoute.loader as never, { request: new Request("http://localhost/gallery"), context: as(null) }));
  return (r.body as { photos: Array<{ alt: string; names?: string }> }).photos.filter((p) => p.names).map((p) => p.names);
};
const named = async () => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from gallery_photo_athletes`)).rows[0]!.n);

describe("athletes named on gallery photos", () => {
  it("lists the coach's athletes with their release, and refuses a name without one, storing nothing", async () => {
    expect((await staffPage(coach)).athletes).toEqual([
      { id: ana.athlete.id, name: "Photo Ana Kid", release: false },
      { id: ben.athlete.id, name: "Photo Ben Kid", release: false },
    ]);
    expect(await name(coach, ana.athlete.id)).toMatchObject({
      status: 409,
      body: { error: "This athlete has no photo release: their name cannot go on a photo." },
    });
    await allow("yes");
    expect((await staffPage(coach)).athletes.find((a) => a.id === ana.athlete.id)!.release).toBe(true);
    // A coach of another session, or a family, names nobody.
    expect((await name(otherCoach, ana.athlete.id)).status).toBe(404);
    expect((await name(ana.guardian, ana.athlete.id)).status).toBe(403);
    expect(await named()).toBe(0);
    expect(await captions()).toEqual([]);
  });

  it("shows the name publicly while the release holds, and takes it off at once when withdrawn", async () => {
    expect((await name(coach, ana.athlete.id)).status).toBe(302);
    expect(await captions()).toEqual(["Photo K."]);
    await allow("no");
    expect(await captions()).toEqual([]);
    expect((await staffPage(coach)).names[photoId]).toEqual([{ athleteId: ana.athlete.id, name: "Photo Ana Kid", shown: false }]);
    expect((await name(coach, ana.athlete.id, "unname-athlete")).status).toBe(302);
    expect(await named()).toBe(0);
  });
});
