// The request form's answer is written on the page the family lands on (issue 41's review): /enroll/:sessionId's
// redirect carries "Request sent: ..." marked for the page, /account/enrollments writes it in place (with or without
// the page's script), in the family's language, once: a later visit, without the one-time cookie, says nothing.
import { describe, expect, it } from "vitest";
import { call, postForm, contextAsPerson, type SignedInPerson } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { localeStore } from "../../tests/support/locale-store";
import { makeFamily, makeSession } from "./test-support";
import { loader as familyLoader } from "~/routes/account.enrollments";
import { action as enrollAction } from "~/routes/enroll.$sessionId";

const { db } = await createTestDatabase();
const store = localeStore();
const withLocale = <T>(locale: "en" | "es", fn: () => T) => store.run(locale, fn);

const contextAs = (who: SignedInPerson | null) => contextAsPerson(db, who, "2026-06-15T14:00:00-04:00");

describe("the request form's answer on the next page", () => {
  it("is written in place on /account/enrollments, in Spanish, once", async () => {
    const { guardian, athlete } = await makeFamily(db, "Sentanswer");
    const sessionId = await makeSession(db, 10, { title: "Sentanswer Clinic" });
    const context = contextAs(guardian);
    const sent = await withLocale("es", () =>
      call(enrollAction, {
        request: postForm(`/es/enroll/${sessionId}`, { athleteId: athlete.id, emergencyName: "Rosa", emergencyPhone: "202-555-0188" }),
        context,
        params: { sessionId },
      }),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/es/account/enrollments");
    const cookie = sent.headers.get("set-cookie")!.split(";")[0]!;
    const page = (cookieHeader: string | null) =>
      withLocale("es", () =>
        call(familyLoader, {
          request: new Request("http://localhost/es/account/enrollments", { headers: cookieHeader ? { cookie: cookieHeader } : {} }),
          context,
        }),
      );
    expect(((await page(cookie)).body as { sent: string | null }).sent).toMatch(/^Solicitud enviada: su estado aparece en esta página/);
    expect(((await page(null)).body as { sent: string | null }).sent).toBeNull();
  });
});
