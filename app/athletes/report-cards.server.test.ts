// A term's report card (issue 42, decision 0062) through the athlete page's action and the download route, with a real
// PostgreSQL: attached by a guardian, the adult athlete and education staff; read by those getAthleteRights lets read
// report cards; refused to another household's guardian, the athlete's sibling, a coach of another session (and of her
// own: school documents are not the coach's), a visitor; the type read from the bytes, the size limited, a photo's
// metadata removed; the retention table's period deletes it.
import { count, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { enrollments } from "../../db/schema";
import { athleteReportCards, athleteTerms, educationStaff } from "../../db/schema-athletes";
import { call, contextFor } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { afternoon, makeFamily, makeSession, makeUser, onCourt, type Person } from "~/enrollment/test-support";
import { joinAsGuardian } from "~/family/membership.server";
import { localeStore } from "../../tests/support/locale-store";
import { applyRetention } from "~/retention/apply.server";
import * as athletePage from "~/routes/athletes.$athleteId";
import * as download from "~/routes/athletes.$athleteId.report-cards.$cardId";

const { db } = await createTestDatabase();
const languages = localeStore();

const coach = await makeUser(db, "coach", "Carmen Courtside");
const otherCoach = await makeUser(db, "coach", "Otto Elsewhere");
const sofia = await makeFamily(db, "Garcia", "2010-03-01"); // 16: reads her report cards, does not attach them
const adult = await makeFamily(db, "Adult", "2007-03-01"); // 19: attaches her own
const other = await makeFamily(db, "Other", "2011-03-01");
// Sofía's brother, 15, in her household.
const brother = await makeUser(db, "client", "Mateo Garcia", { clientKind: "athlete", dateOfBirth: "2011-06-01" });
await db.transaction((tx) =>
  joinAsGuardian(tx, { athleteId: brother.id, guardianId: sofia.guardian.id, actorId: sofia.guardian.id, how: "test" }, afternoon()),
);
const tutor = await makeUser(db, "client", "Tess Tutor");
await db.insert(educationStaff).values({ userId: tutor.id });
const tennis = await makeSession(db, 20, {}, [coach.id]);
const homework = await makeSession(db, 20, { programSlug: "after-school", title: "Homework Help" }, [coach.id]);
const elsewhere = await makeSession(db, 20, { programSlug: "summer", title: "Elsewhere Clinic" }, [otherCoach.id]);
await db.execute(sql`update events set session_kind = 'education' where id = ${homework}`);
for (const [event, athlete] of [
  [tennis, sofia.athlete.id],
  [homework, sofia.athlete.id],
  [tennis, brother.id],
  [tennis, adult.athlete.id],
  [homework, other.athlete.id],
  [elsewhere, other.athlete.id],
] as const)
  await db.insert(enrollments).values({ eventId: event, status: "enrolled", ...onCourt(athlete) });
const [spring] = await db
  .insert(athleteTerms)
  .values({ athleteId: sofia.athlete.id, year: 2026, term: "spring", band: "3-3.5" })
  .returning({ id: athleteTerms.id });
await db
  .insert(athleteTerms)
  .values({ athleteId: adult.athlete.id, year: 2026, term: "spring", summary: "All passed." })
  .returning({ id: athleteTerms.id });

const as = (person: Pick<Person, "id" | "email" | "fullName" | "role"> | null) =>
  ({
    ...contextFor(db, "visitor"),
    auth: {
      api: { getSession: async () => (person ? { user: { id: person.id, email: person.email, name: person.fullName, role: person.role } } : null) },
    },
  }) as unknown as AppLoadContext;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const pdf = (name = "report card.pdf", bytes: Buffer = PDF) => new File([new Uint8Array(bytes)], name);

/** Posts the attach form as a browser does (multipart), with `file` as the report card. */
const attach = (who: Person | null, athleteId: string, reportTerm: string, file: File | null) => {
  const body = new FormData();
  body.append("intent", "report-card");
  body.append("reportTerm", reportTerm);
  if (file) body.append("file", file);
  const request = new Request(`http://localhost/athletes/${athleteId}`, { method: "POST", body });
  return languages.run("en", () => call(athletePage.action, { request, context: as(who), params: { athleteId } }));
};
const page = (who: Person, athleteId: string) =>
  languages.run("en", () =>
    call(athletePage.loader, { request: new Request(`http://localhost/athletes/${athleteId}`), context: as(who), params: { athleteId } }),
  );
type PageBody = Awaited<ReturnType<typeof athletePage.loader>>;
/** The download as the browser gets it: status, headers and bytes. */
async function fetchCard(who: Person | null, athleteId: string, cardId: string) {
  const request = new Request(`http://localhost/athletes/${athleteId}/report-cards/${cardId}`);
  try {
    const res = (await languages.run("en", () => download.loader({ request, context: as(who), params: { athleteId, cardId } } as never))) as Response;
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  } catch (thrown) {
    return {
      status: thrown instanceof Response ? thrown.status : (thrown as { init?: { status: number } }).init?.status,
      headers: null,
      bytes: null,
    };
  }
}
const cards = async () => (await db.select({ n: count() }).from(athleteReportCards))[0]!.n;
const fieldErrors = (r: { body: unknown }) => (r.body as { fieldErrors: Record<string, string> }).fieldErrors;

describe("attaching a term's report card", () => {
  it("the guardian attaches a PDF; the family, the athlete and education staff read it; it is listed by its term", async () => {
    expect((await attach(sofia.guardian, sofia.athlete.id, "2026-spring", pdf("Sofía's report.html"))).status).toBe(302);
    const body = (await page(sofia.guardian, sofia.athlete.id)).body as PageBody;
    expect(body.reportCards).toHaveLength(1);
    // The name's ending follows the bytes, never the name: a PDF called .html is offered as a .pdf.
    expect(body.reportCards[0]).toMatchObject({
      year: 2026,
      term: "spring",
      fileName: "Sofía's report.pdf",
      mimeType: "application/pdf",
      size: PDF.length,
    });
    const id = body.reportCards[0]!.id;
    for (const who of [sofia.guardian, sofia.athlete, tutor]) {
      const got = await fetchCard(who, sofia.athlete.id, id);
      expect(got.status, who.fullName).toBe(200);
      expect(got.bytes!.equals(PDF)).toBe(true);
      expect(got.headers!.get("content-type")).toBe("application/pdf");
      expect(got.headers!.get("content-disposition")).toMatch(/^attachment; filename="Sof_a's report.pdf"/);
    }
    // Attaching again to the same term replaces it.
    expect((await attach(tutor, sofia.athlete.id, "2026-spring", pdf("second.pdf"))).status).toBe(302);
    expect(await cards()).toBe(1);
    expect(((await page(sofia.athlete, sofia.athlete.id)).body as PageBody).reportCards[0]!.fileName).toBe("second.pdf");
  });

  it("the adult athlete attaches her own; a 16-year-old reads hers but does not attach", async () => {
    expect((await attach(adult.athlete, adult.athlete.id, "2026-spring", pdf())).status).toBe(302);
    const before = await cards();
    expect((await attach(sofia.athlete, sofia.athlete.id, "2026-spring", pdf())).status).toBe(403);
    expect(await cards()).toBe(before);
    expect(((await page(sofia.athlete, sofia.athlete.id)).body as PageBody).rights).toMatchObject({ readReportCards: true, attachReportCard: false });
  });

  it("refuses another household's guardian, the sibling, a coach of another session, her own coach and a visitor", async () => {
    const [card] = await db.select({ id: athleteReportCards.id }).from(athleteReportCards).where(eq(athleteReportCards.athleteId, sofia.athlete.id));
    const before = await cards();
    for (const who of [other.guardian, brother, otherCoach]) {
      expect((await attach(who, sofia.athlete.id, "2026-spring", pdf())).status, who.fullName).toBe(404);
      expect((await fetchCard(who, sofia.athlete.id, card!.id)).status, who.fullName).toBe(404);
    }
    // Otto coaches another athlete's session; Carmen coaches Sofía's own: she reads the page, never the report card,
    // and cannot attach one.
    expect((await page(otherCoach, sofia.athlete.id)).status).toBe(404);
    expect((await attach(coach, sofia.athlete.id, "2026-spring", pdf())).status).toBe(403);
    expect((await fetchCard(coach, sofia.athlete.id, card!.id)).status).toBe(404);
    expect(((await page(coach, sofia.athlete.id)).body as PageBody).reportCards).toEqual([]);
    expect((await attach(null, sofia.athlete.id, "2026-spring", pdf())).status).toBe(401);
    expect((await fetchCard(null, sofia.athlete.id, card!.id)).status).toBe(302);
    // Another family's guardian names Sofía's card (or term) on their own child's page: not theirs, 404 and nothing.
    expect((await fetchCard(other.guardian, other.athlete.id, card!.id)).status).toBe(404);
    // ... nor attach to a term their child never recorded.
    const otherTerm = await attach(other.guardian, other.athlete.id, "2026-spring", pdf());
    expect(otherTerm.status).toBe(400);
    expect(fieldErrors(otherTerm).reportTerm).toBe("Choose one of the recorded terms.");
    expect(await cards()).toBe(before);
  });

  it("answers beside the field: no file, a file that is not a PDF or a photo whatever its name, one over 10 MB", async () => {
    const before = await cards();
    expect(fieldErrors(await attach(sofia.guardian, sofia.athlete.id, "2026-spring", null)).file).toBe("Choose the report card's file.");
    const html = await attach(
      sofia.guardian,
      sofia.athlete.id,
      "2026-spring",
      pdf("report.pdf", Buffer.from("<html><script>alert(1)</script></html>")),
    );
    expect(html.status).toBe(400);
    expect(fieldErrors(html).file).toBe("Attach a PDF or a photo (PNG, JPEG or WebP): this file is neither, whatever its name says.");
    const big = await attach(sofia.guardian, sofia.athlete.id, "2026-spring", pdf("big.pdf", Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)])));
    expect(fieldErrors(big).file).toBe("This file is over 10 MB: attach a smaller copy (a PDF, or a photo taken closer).");
    expect(fieldErrors(await attach(sofia.guardian, sofia.athlete.id, "2026-winter", pdf())).reportTerm).toBe("Choose one of the recorded terms.");
    expect(fieldErrors(await attach(sofia.guardian, sofia.athlete.id, "2025-fall", pdf())).reportTerm).toBe("Choose one of the recorded terms.");
    expect(await cards()).toBe(before);
  });

  it("keeps a photo upright and without its metadata (where it was taken)", async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#ffffff" } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 15" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "38/1 53/1 0/1" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect((await attach(sofia.guardian, sofia.athlete.id, "2026-spring", new File([new Uint8Array(photo)], "IMG_0042.HEIC"))).status).toBe(302);
    const [stored] = await db.select().from(athleteReportCards).where(eq(athleteReportCards.termId, spring!.id));
    expect(stored).toMatchObject({ mimeType: "image/jpeg", fileName: "IMG_0042.jpg" });
    const meta = await sharp(stored!.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored!.data.includes(Buffer.from("PhoneMaker"))).toBe(false);
    // A small PNG that claims 10,000 by 10,000 pixels is refused before it is decoded.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#000000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await attach(sofia.guardian, sofia.athlete.id, "2026-spring", new File([new Uint8Array(bomb)], "scan.png"));
    expect(fieldErrors(refused).file).toBe("This photo could not be read: take it again or attach a PDF.");
  });
});

describe("the retention table", () => {
  it("deletes report cards past their period (two years by default) and keeps the term", async () => {
    const now = new Date();
    await db.execute(sql`update athlete_report_cards set created_at = now() - interval '731 days' where term_id = ${spring!.id}`);
    const counts = await applyRetention(db, now);
    expect(counts.report_cards).toBe(1);
    expect(await db.select().from(athleteReportCards).where(eq(athleteReportCards.termId, spring!.id))).toEqual([]);
    expect(await db.select({ id: athleteTerms.id }).from(athleteTerms).where(eq(athleteTerms.id, spring!.id))).toHaveLength(1);
    expect(await cards()).toBe(1); // the adult athlete's, attached today
  });
});
