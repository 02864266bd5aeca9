// Reminders of missing forms (issue 40): a request that waits for its forms is reminded to the family 7 days and 2 days
// before its session's first day (in the organisation's zone), by mail, once each: the daily job runs once a day and
// each of those days comes once. A wait whose forms were all signed, or whose request moved on, is not reminded.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { dayInZone } from "~/lib/datetime";
import { formsMissing } from "./gate.server";
import { mailFormsNeeded, type ConsentServices } from "./mails.server";

export const FORMS_REMINDER_JOB = "consent_forms_reminder";
export const REMIND_DAYS_BEFORE = [7, 2] as const;

const WaitRow = z.object({
  enrollment_id: z.string(),
  athlete_id: z.string(),
  event_id: z.string(),
  athlete_name: z.string().nullable(),
  title: z.string(),
  title_es: z.string().nullable(),
});

/** The job: mails each family whose waiting request's session starts in 7 or 2 days. Returns how many requests. */
export async function sendFormsReminders(services: ConsentServices): Promise<number> {
  const today = dayInZone(services.config.safePlay.clock(), services.config.site.timeZone);
  const { rows } = await services.db.execute(sql`
    select w.enrollment_id, w.athlete_id, e.event_id, a.full_name as athlete_name, ev.title, ev.title_es
    from consent_enrollment_waits w
    join enrollments e on e.id = w.enrollment_id and e.status = 'placed'
    join users a on a.id = w.athlete_id
    join events ev on ev.id = e.event_id
    where (coalesce(ev.on_date, ev.starts_on) - ${today}::date) in (${REMIND_DAYS_BEFORE[0]}, ${REMIND_DAYS_BEFORE[1]})`);
  let reminded = 0;
  for (const r of rows.map((x) => WaitRow.parse(x))) {
    await services.db.transaction(async (tx) => {
      const missing = await formsMissing(tx, r.athlete_id, r.event_id);
      if (missing.length === 0) return;
      await mailFormsNeeded(tx, services, {
        athleteId: r.athlete_id,
        athleteName: r.athlete_name ?? "",
        session: { en: r.title, es: r.title_es },
        forms: missing.map((f) => f.title),
      });
      await tx.execute(sql`update consent_enrollment_waits set reminded_at = now() where enrollment_id = ${r.enrollment_id}`);
      reminded += 1;
    });
  }
  return reminded;
}
