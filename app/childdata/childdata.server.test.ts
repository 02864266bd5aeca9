// A guardian's one step for a child's data (issue 40, decision 0056), against a real PostgreSQL through the routes:
// who may download and ask (the wrong user sees nothing and changes nothing: another family's guardian, a coach of
// another session, a signed-out visitor, a teenager's own second account joined as an unconfirmed "guardian"), what
// the download holds (medical information, attendance, signatures; nothing of another athlete), each download logged
// without its content, and an administrator carrying out a request (what the retention table keeps stays, the rest
// goes, the record emptied as account deletion empties one) or refusing it with a reason, the family mailed either way.
import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { childDataRequests, mailOutbox, users } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { getCurrentForms, setFormPrograms, signForm } from "~/consent/index.server";
import { createEnrollmentRequest, takeCoachStep } from "~/enrollment/index.server";
import { afternoon, makeFamily, makeSession, makeUser, onCourt, servicesFor, type Person } from "~/enrollment/test-support";
import { createAthleteForGuardian } from "~/family/guardian-athletes.server";
import { joinAsGuardian } from "~/family/membership.server";
import { DELETED_USER_NAME } from "~/lib/profile";
import { m } from "~/paraglide/messages";
import { action as familyAction, loader as familyLoader } from "~/routes/account.family";
import { loader as pageLoader } from "~/routes/account.family.data.$athleteId";
import { loader as fileLoader } from "~/routes/account.family.data.$athleteId.file";
import { action as staffAction, loader as staffLoader } from "~/routes/staff.data-requests";
import { CHILD_DATA_DOWNLOADED } from "./index.server";
import { CHILD_DATA_INTENT } from "./schemas";

const { db } = await createTestDatabase();
const services = servicesFor(db);
const NOW = "2026-06-15T14:00:00-04:00";
const ORIGIN = { Origin: "http://localhost:3000" };
const ALLERGY = "Peanuts (severe), EpiPen in the blue bag";

function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  if (!p) return base;
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const page = (who: Person | null, athleteId: string) =>
  call(pageLoader as never, { request: new Request(`http://localhost/account/family/data/${athleteId}`), context: as(who), params: { athleteId } });
const file = (who: Person | null, athleteId: string) =>
  call(fileLoader as never, {
    request: new Request(`http://localhost/account/family/data/${athleteId}/file`),
    context: as(who),
    params: { athleteId },
  });
const ask = (who: Person | null, athleteId: string, confirmed = true) =>
  call(familyAction as never, {
    request: postForm("/account/family", { intent: CHILD_DATA_INTENT, athleteId, ...(confirmed ? { confirmed: "yes" } : {}) }, ORIGIN),
    context: as(who),
  });
const staffPost = (who: Person | null, fields: Record<string, string>) =>
  call(staffAction as never, { request: postForm("/staff/data-requests", fields, ORIGIN), context: as(who) });
const requestsOf = (athleteId: string) => db.select().from(childDataRequests).where(eq(childDataRequests.athleteId, athleteId));
const count = async (table: string, athleteId: string) =>
  Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} where athlete_id = ${athleteId}`)).rows[0]!.n);

for (const f of await getCurrentForms(db)) await setFormPrograms(db, f.formId, ["fall"]);
const fall = (
  await db.execute<{ id: string }>(
    sql`insert into seasons (term, year, starts_on, ends_on) values ('fall', 2026, '2026-09-01', '2026-12-20') returning id`,
  )
).rows[0]!.id;

/** An athlete enrolled in a session of their own, with medical information, two attendance marks and the forms signed. */
async function enrolledFamily(name: string) {
  const coach = await makeUser(db, "coach", `Coach ${name}`);
  const session = await makeSession(db, 10, { title: `${name} Clinic` }, [coach.id]);
  const f = await makeFamily(db, name);
  const made = await createEnrollmentRequest(services, f.guardian, session, onCourt(f.athlete.id));
  if (!made.ok) throw new Error(made.error);
  await takeCoachStep(services, coach, made.enrollmentId, "place", { level: 3, placedOn: "2026-06-10", note: "" });
  for (const form of await getCurrentForms(db)) {
    const signed = await signForm(
      services,
      f.guardian,
      {
        versionId: form.versionId,
        athleteId: f.athlete.id,
        seasonId: fall,
        typedName: f.guardian.fullName,
        guardian: true,
        esign: true,
        ...(form.kind === "photo" ? { photoChoice: "team" } : {}),
      } as never,
      { ipAddress: "203.0.113.7", userAgent: "Mozilla/5.0 (iPhone)", locale: "en" },
    );
    if (!signed.ok) throw new Error(JSON.stringify(signed));
  }
  await db.execute(sql`insert into athlete_medical (athlete_id, allergies, conditions, medication, courtside_alert, updated_by)
    values (${f.athlete.id}, ${ALLERGY}, '', '', true, ${f.guardian.id})`);
  for (const [day, present] of [
    ["2026-06-09", true],
    ["2026-06-11", false],
  ] as const)
    await db.execute(sql`insert into attendance_marks (event_id, athlete_id, day, present, client_id, marked_by, marked_at)
      values (${session}::uuid, ${f.athlete.id}, ${day}::date, ${present}, gen_random_uuid(), ${coach.id}, now())`);
  return { coach, session, ...f };
}

/** A spring term and its report card (a small PDF), attached by the guardian. */
async function withReportCard(athleteId: string, guardianId: string, fileName: string) {
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const { rows } = await db.execute<{ id: string }>(
    sql`insert into athlete_terms (athlete_id, year, term, band) values (${athleteId}, 2026, 'spring', '3.5-4') returning id`,
  );
  const card = await db.execute<{
    id: string;
  }>(sql`insert into athlete_report_cards (athlete_id, term_id, file_name, mime_type, size, data, uploaded_by)
    values (${athleteId}, ${rows[0]!.id}, ${fileName}, 'application/pdf', ${pdf.length}, ${pdf}, ${guardianId}) returning id`);
  return { id: card.rows[0]!.id, size: pdf.length };
}

describe("who may download a child's data", () => {
  it("the confirmed guardian and staff read it, as a page and a file; each download is logged with who, never what", async () => {
    const { guardian, athlete } = await enrolledFamily("Dlgood");
    const admin = await makeUser(db, "coach", "Admin Dlgood", { admin: true });
    const read = await page(guardian, athlete.id);
    expect(read.status).toBe(200);
    const d = (read.body as { data: { athlete: { fullName: string }; medical: { allergies: string } } }).data;
    expect(d.athlete.fullName).toBe("Dlgood Kid");
    expect(d.medical.allergies).toBe(ALLERGY);
    const downloaded = await file(guardian, athlete.id);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-disposition")).toBe('attachment; filename="athlete-data.json"');
    expect(downloaded.headers.get("cache-control")).toBe("no-store");
    expect((await page(admin, athlete.id)).status).toBe(200);
    const { rows } = await db.execute<{ actor_id: string; detail: string }>(
      sql`select actor_id, detail from safeguarding_log where athlete_id = ${athlete.id} and action = ${CHILD_DATA_DOWNLOADED} order by created_at`,
    );
    expect(rows.map((r) => [r.actor_id, r.detail])).toEqual([
      [guardian.id, "page"],
      [guardian.id, "file"],
      [admin.id, "page"],
    ]);
    const log = JSON.stringify((await db.execute(sql`select * from safeguarding_log where athlete_id = ${athlete.id}`)).rows);
    expect(log).not.toContain("Peanuts");
  });

  it("another family's guardian, a coach of another session, a signed-out visitor: nothing seen, nothing asked", async () => {
    const { athlete } = await enrolledFamily("Dlwrong");
    const other = await makeFamily(db, "Dlother");
    const otherCoach = await makeUser(db, "coach", "Coach Elsewhere");
    await makeSession(db, 5, { title: "Elsewhere Clinic" }, [otherCoach.id]);
    for (const wrong of [other.guardian, otherCoach]) {
      for (const r of [await page(wrong, athlete.id), await file(wrong, athlete.id)]) {
        expect(r.status).toBe(404);
        expect(JSON.stringify(r.body)).not.toContain("Dlwrong");
        expect(JSON.stringify(r.body)).not.toContain("Peanuts");
      }
      expect((await ask(wrong, athlete.id)).status).toBe(404);
    }
    for (const r of [await page(null, athlete.id), await file(null, athlete.id)]) {
      expect(r.status).toBe(302);
      expect(JSON.stringify(r.body)).not.toContain("Peanuts");
    }
    expect((await ask(null, athlete.id)).status).not.toBe(200);
    expect(await requestsOf(athlete.id)).toEqual([]);
    const downloads = await db.execute(sql`select 1 from safeguarding_log where athlete_id = ${athlete.id} and action = ${CHILD_DATA_DOWNLOADED}`);
    expect(downloads.rows).toEqual([]);
  });

  it("a teenager's own second account, joined as an unconfirmed guardian, cannot download or delete a sibling's data", async () => {
    const { guardian, athlete: teen } = await makeFamily(db, "Sibteen", "2011-03-04");
    const sibling = await db.transaction((tx) =>
      createAthleteForGuardian(tx, guardian.id, { fullName: "Sibling Sibteen", dateOfBirth: "2015-02-02" }),
    );
    const second = await makeUser(db, "client", "Sibteen Second", { dateOfBirth: "1985-01-01" });
    await db.transaction((tx) =>
      joinAsGuardian(tx, { athleteId: teen.id, guardianId: second.id, actorId: second.id, how: "invitation" }, afternoon(NOW)),
    );
    for (const id of [sibling.athleteId, teen.id]) {
      expect((await page(second, id)).status).toBe(404);
      expect((await file(second, id)).status).toBe(404);
      expect((await ask(second, id)).status).toBe(404);
      expect(await requestsOf(id)).toEqual([]);
    }
    // The family page tells them why instead of showing the buttons.
    const family = await call(familyLoader as never, { request: new Request("http://localhost/account/family"), context: as(second) });
    const childData = (family.body as { childData: { athletes: Array<{ name: string; role: string | null; wait: string | null }> } }).childData;
    expect(childData.athletes).toContainEqual({ id: sibling.athleteId, name: "Sibling Sibteen", role: null, wait: "unconfirmed" });
    // The confirmed parent may.
    expect((await page(guardian, sibling.athleteId)).status).toBe(200);
  });
});

describe("an adult athlete's data", () => {
  it("is theirs: they download it, and their parent is told so instead", async () => {
    const { guardian, athlete } = await makeFamily(db, "Grownup", "2006-01-10");
    expect((await page(athlete, athlete.id)).status).toBe(200);
    expect((await page(guardian, athlete.id)).status).toBe(404);
    expect((await ask(guardian, athlete.id)).status).toBe(404);
    const family = await call(familyLoader as never, { request: new Request("http://localhost/account/family"), context: as(guardian) });
    expect((family.body as { childData: { athletes: unknown[] } }).childData.athletes).toEqual([
      { id: athlete.id, name: "Grownup Kid", role: null, wait: "adult" },
    ]);
  });
});

describe("what the download holds", () => {
  it("medical information, attendance, signatures and report cards of this athlete, and nothing of another", async () => {
    const { guardian, athlete } = await enrolledFamily("Dlhold");
    const other = await enrolledFamily("Dlnot");
    const card = await withReportCard(athlete.id, guardian.id, "Dlhold spring report.pdf");
    await withReportCard(other.athlete.id, other.guardian.id, "Dlnot spring report.pdf");
    const r = await file(guardian, athlete.id);
    const body = r.body as {
      path: { terms: Array<{ year: number; term: string; band: string }>; reportCards: unknown[] };
      medical: { allergies: string; courtsideAlert: boolean };
      enrollments: { attendance: Array<{ day: string; present: boolean }>; requests: Array<{ session: string; status: string }> };
      signedForms: Array<{ title: string; typedName: string; state: string }>;
      parentsOrGuardians: Array<{ fullName: string }>;
    };
    expect(body.medical).toMatchObject({ allergies: ALLERGY, courtsideAlert: true });
    expect(body.enrollments.attendance).toEqual([
      { day: "2026-06-11", session: "Dlhold Clinic", present: false },
      { day: "2026-06-09", session: "Dlhold Clinic", present: true },
    ]);
    expect(body.enrollments.requests).toEqual([expect.objectContaining({ session: "Dlhold Clinic", status: "placed" })]);
    expect(body.signedForms).toHaveLength((await getCurrentForms(db)).length);
    expect(body.signedForms.every((s) => s.typedName === "Dlhold Parent" && s.state === "active")).toBe(true);
    expect(body.parentsOrGuardians.map((g) => g.fullName)).toEqual(["Dlhold Parent"]);
    // The term's report card is listed as messages' attachments are, with the address the family downloads it from.
    expect(body.path.terms).toEqual([{ year: 2026, term: "spring", band: "3.5-4", summary: "" }]);
    expect(body.path.reportCards).toEqual([
      {
        year: 2026,
        term: "spring",
        fileName: "Dlhold spring report.pdf",
        mimeType: "application/pdf",
        size: card.size,
        attachedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        address: `/athletes/${athlete.id}/report-cards/${card.id}`,
      },
    ]);
    const readable = (await page(guardian, athlete.id)).body as { data: { path: { reportCards: Array<{ address: string }> } } };
    expect(readable.data.path.reportCards.map((c) => c.address)).toEqual([`/athletes/${athlete.id}/report-cards/${card.id}`]);
    const text = JSON.stringify(body);
    expect(text).not.toContain("Dlnot");
    expect(text).not.toContain(other.athlete.id);
  });
});

describe("asking to delete a child's data, and an administrator carrying it out", () => {
  it("asks once, then records the request due 30 days later, which the family sees and only an administrator answers", async () => {
    const { guardian, athlete } = await enrolledFamily("Delask");
    const unconfirmed = await ask(guardian, athlete.id, false);
    expect(unconfirmed.body).toMatchObject({ ok: true, intent: CHILD_DATA_INTENT, athleteId: athlete.id, confirm: expect.any(String) });
    expect(await requestsOf(athlete.id)).toEqual([]);
    expect((await ask(guardian, athlete.id)).body).toMatchObject({ ok: true, message: m.childdata_asked({ name: "Delask Kid" }) });
    expect((await ask(guardian, athlete.id)).body).toMatchObject({ ok: true, message: m.childdata_asked_already({ name: "Delask Kid" }) });
    const [request] = await requestsOf(athlete.id);
    expect(request).toMatchObject({ status: "open", askedBy: guardian.id });
    expect(request!.dueBy.getTime() - request!.askedAt.getTime()).toBe(30 * 86_400_000);
    const family = await call(familyLoader as never, { request: new Request("http://localhost/account/family"), context: as(guardian) });
    expect((family.body as { childData: { requests: Array<{ status: string; dueBy: string }> } }).childData.requests).toEqual([
      expect.objectContaining({ status: "open", dueBy: request!.dueBy.toISOString() }),
    ]);
    // Nobody but an administrator answers it.
    const plainCoach = await makeUser(db, "coach", "Coach Delask Other");
    for (const wrong of [guardian, plainCoach, null]) {
      expect(
        (await call(staffLoader as never, { request: new Request("http://localhost/staff/data-requests"), context: as(wrong) })).status,
      ).not.toBe(200);
      expect((await staffPost(wrong, { intent: "carry-out", requestId: request!.id, confirmed: "yes" })).status).not.toBe(200);
    }
    expect((await requestsOf(athlete.id))[0]).toMatchObject({ status: "open" });
    expect(await count("athlete_medical", athlete.id)).toBe(1);
  });

  it("carrying it out keeps the signed forms, deletes the rest, empties the record and mails the family", async () => {
    const { guardian, athlete, coach } = await enrolledFamily("Delgo");
    await withReportCard(athlete.id, guardian.id, "Delgo spring report.pdf");
    await db.update(users).set({ emailVerified: false }).where(eq(users.id, coach.id));
    const admin = await makeUser(db, "coach", "Admin Delgo", { admin: true });
    await ask(guardian, athlete.id);
    const [request] = await requestsOf(athlete.id);
    const list = await call(staffLoader as never, { request: new Request("http://localhost/staff/data-requests"), context: as(admin) });
    expect((list.body as { open: Array<{ id: string; athleteName: string }> }).open).toContainEqual(
      expect.objectContaining({ id: request!.id, athleteName: "Delgo Kid" }),
    );
    const signedBefore = await count("consent_signatures", athlete.id);
    expect(signedBefore).toBeGreaterThan(0);
    // Asked once first: nothing changes.
    expect((await staffPost(admin, { intent: "carry-out", requestId: request!.id })).body).toMatchObject({ confirm: expect.any(String) });
    expect(await count("athlete_medical", athlete.id)).toBe(1);
    expect(await count("athlete_report_cards", athlete.id)).toBe(1);
    const done = await staffPost(admin, { intent: "carry-out", requestId: request!.id, confirmed: "yes" });
    expect(done.body).toMatchObject({ done: m.childdata_staff_carried_out({ name: "Delgo Kid" }) });
    // Kept: the signed forms (the retention table's kept kind) and the safeguarding log's lines.
    expect(await count("consent_signatures", athlete.id)).toBe(signedBefore);
    expect(await count("safeguarding_log", athlete.id)).toBeGreaterThan(0);
    // Gone: medical information, attendance; the requests' notes emptied and ended.
    expect(await count("athlete_medical", athlete.id)).toBe(0);
    expect(await count("attendance_marks", athlete.id)).toBe(0);
    expect(await count("athlete_report_cards", athlete.id)).toBe(0);
    expect(await count("athlete_terms", athlete.id)).toBe(0);
    expect((await db.execute(sql`select 1 from household_members where user_id = ${athlete.id}`)).rows).toEqual([]);
    const { rows: requests } = await db.execute<{ status: string; medical_notes: string }>(
      sql`select status, medical_notes from enrollments where athlete_id = ${athlete.id}`,
    );
    expect(requests).toEqual([{ status: "withdrawn", medical_notes: "" }]);
    const [row] = await db.select().from(users).where(eq(users.id, athlete.id));
    expect(row).toMatchObject({ fullName: DELETED_USER_NAME, dateOfBirth: null });
    expect(row!.deletedAt).not.toBeNull();
    expect((await requestsOf(athlete.id))[0]).toMatchObject({ status: "done", handledBy: admin.id });
    // The family is mailed, verified addresses only; the download now finds nothing.
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "child-data-deleted")));
    expect(mails.map((x) => x.toAddress)).toEqual([guardian.email]);
    expect(mails[0]!.subject).toBe(m.childdata_mail_done_subject({ name: "Delgo Kid" }));
    expect((await page(guardian, athlete.id)).status).toBe(404);
    // The family page still shows the request, ended, and what was kept.
    const family = await call(familyLoader as never, { request: new Request("http://localhost/account/family"), context: as(guardian) });
    const childData = (family.body as { childData: { requests: Array<{ status: string }>; kept: string[] } }).childData;
    expect(childData.requests).toEqual([expect.objectContaining({ status: "done" })]);
    expect(childData.kept[0]).toBe(m.childdata_kept_forms({ years: 7 }));
    // Handled once: a second carry-out finds nothing open.
    expect((await staffPost(admin, { intent: "carry-out", requestId: request!.id, confirmed: "yes" })).status).toBe(404);
  });

  it("a refusal says why beside the field when the reason is missing, and tells the family the reason", async () => {
    const { guardian, athlete } = await enrolledFamily("Delno");
    const admin = await makeUser(db, "coach", "Admin Delno", { admin: true });
    await ask(guardian, athlete.id);
    const [request] = await requestsOf(athlete.id);
    const missing = await staffPost(admin, { intent: "refuse", requestId: request!.id, reason: "   " });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fieldErrors: { reason: m.childdata_staff_reason_needed() } });
    expect((await requestsOf(athlete.id))[0]).toMatchObject({ status: "open" });
    const refused = await staffPost(admin, { intent: "refuse", requestId: request!.id, reason: "A safeguarding report about this athlete is open." });
    expect(refused.body).toMatchObject({ done: m.childdata_staff_refused_done({ name: "Delno Kid" }) });
    expect((await requestsOf(athlete.id))[0]).toMatchObject({ status: "refused", reason: "A safeguarding report about this athlete is open." });
    expect(await count("athlete_medical", athlete.id)).toBe(1);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "child-data-refused"));
    expect(mails.map((x) => x.toAddress)).toEqual([guardian.email]);
  });
});
