// Reminders of missing forms (issue 40): a request waiting for its forms is reminded 7 and 2 days before its session's
// first day, and on no other day; once the forms are signed, never.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createEnrollmentRequest, takeCoachStep } from "~/enrollment/index.server";
import { afternoon, makeFamily, makeSession, makeUser, onCourt, servicesFor } from "~/enrollment/test-support";
import { createTestDatabase } from "../../tests/support/test-db";
import { getCurrentForms, setFormPrograms } from "./forms.server";
import { sendFormsReminders } from "./reminders.server";
import { signForm } from "./signatures.server";

const { db } = await createTestDatabase();
const at = (day: string) => servicesFor(db, afternoon(`${day}T14:00:00-04:00`));
const mails = async (email: string) =>
  Number(
    (await db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where to_address = ${email} and kind = 'consent-forms-needed'`))
      .rows[0]!.n,
  );

describe("reminders of missing forms", () => {
  it("mails the family 7 and 2 days before the first session, and stops once everything is signed", async () => {
    for (const f of await getCurrentForms(db)) await setFormPrograms(db, f.formId, ["fall"]);
    const coach = await makeUser(db, "coach", "Coach Reminder");
    const { guardian, athlete } = await makeFamily(db, "Reminder");
    const session = await makeSession(db, 10, { startsOn: "2026-09-01", endsOn: "2026-12-15" }, [coach.id]);
    const services = at("2026-08-01");
    const made = await createEnrollmentRequest(services, guardian, session, onCourt(athlete.id));
    if (!made.ok) throw new Error(made.error);
    await takeCoachStep(services, coach, made.enrollmentId, "place", { level: 5, placedOn: "2026-07-30", note: "" });
    expect(await takeCoachStep(services, coach, made.enrollmentId, "enroll")).toMatchObject({ ok: false, status: 409 });
    expect(await mails(guardian.email)).toBe(1);

    const days = { "2026-08-24": 0, "2026-08-25": 1, "2026-08-26": 0, "2026-08-30": 1, "2026-08-31": 0 };
    for (const [day, expected] of Object.entries(days)) expect(await sendFormsReminders(at(day)), day).toBe(expected);
    expect(await mails(guardian.email)).toBe(3);

    for (const f of await getCurrentForms(db))
      await signForm(
        services,
        guardian,
        {
          versionId: f.versionId,
          athleteId: athlete.id,
          seasonId: "none",
          typedName: guardian.fullName,
          guardian: true,
          esign: true,
          photoChoice: "yes",
        },
        { ipAddress: "203.0.113.9", userAgent: "test", locale: "en" },
      );
    const { rows } = await db.execute(sql`select status from enrollments where id = ${made.enrollmentId}`);
    expect(rows[0]).toEqual({ status: "enrolled" });
    expect(await sendFormsReminders(at("2026-08-30"))).toBe(0);
  });
});
