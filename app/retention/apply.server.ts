// The nightly retention job (issue 40, decision 0043): for each row of the retention table, one statement that deletes or
// anonymises what is older than its period, measured from the row's own date, and nothing else. The periods are the
// table's, or the organisation's settings within the table's bounds (app_settings 'retention.<kind>'). The counts go to
// the server log; nothing personal does.
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import type { SqlExecutor } from "~/mail/index.server";
import { MEDICAL_DETAILS_READ } from "~/medical/index.server";
import { periodOf, RETENTION, type RetentionKind } from "./table";

export const RETENTION_JOB = "apply_retention";

/** Each kind's statement, given the cutoff instant: rows older than it end. Returns the rows touched. */
const STATEMENTS: Record<RetentionKind, (cutoff: SQL) => SQL[]> = {
  visitor_requests: (c) => [sql`delete from visitor_enrollment_requests where created_at < ${c}`],
  public_forms: (c) => [sql`delete from registration_requests where created_at < ${c}`, sql`delete from contact_messages where created_at < ${c}`],
  // The request stays (the funder report counts past sessions); what was about the child on court goes.
  enrollment_notes: (c) => [
    sql`update enrollments set medical_notes = '', pickup_people = '', emergency_name = '-', emergency_phone = '(removed)', updated_at = now()
      where status in ('withdrawn', 'declined') and status_changed_at < ${c}
        and (medical_notes <> '' or pickup_people <> '' or emergency_name <> '-' or emergency_phone <> '(removed)')`,
  ],
  // Kept while the athlete takes part: an open request in a session with no last day or one on or after the cutoff's,
  // a request ended since the cutoff, an account deleted since it, or a change since it keeps the row.
  medical_information: (c) => [
    sql`delete from athlete_medical am
      where am.updated_at < ${c}
        and not exists (select 1 from users u where u.id = am.athlete_id and u.deleted_at >= ${c})
        and not exists (
          select 1 from enrollments e join events ev on ev.id = e.event_id
          where e.athlete_id = am.athlete_id
            and case when e.status in ('withdrawn', 'declined') then e.status_changed_at >= ${c}
                     else coalesce(case when ev.kind = 'date' then ev.on_date else ev.ends_on end >= (${c})::date, true) end)`,
  ],
  // Only this job deletes these lines of the append-only log: it says so for its own transaction (nlte.retention),
  // which migration 0060's trigger reads, before the delete's rows are touched (the setting is read once, first).
  medical_reads: (c) => [
    sql`delete from safeguarding_log where action = ${MEDICAL_DETAILS_READ} and created_at < ${c}
      and (select set_config('nlte.retention', 'medical_reads', true)) = 'medical_reads'`,
  ],
  attendance: (c) => [sql`delete from attendance_marks where day < (${c})::date`],
  // A message reported to the safeguarding lead stays with its report (deleting it would delete the report), and so
  // does its attachment.
  messages: (c) => [
    sql`delete from messages m where m.created_at < ${c} and not exists (select 1 from message_reports r where r.message_id = m.id)`,
    sql`delete from attachments a where a.created_at < ${c} and not exists (select 1 from messages m where m.attachment_id = a.id)`,
  ],
  signed_forms: (c) => [sql`delete from consent_signatures where state <> 'active' and ended_at < ${c}`],
  mail_outbox: (c) => [sql`delete from mail_outbox where created_at < ${c}`],
  report_cards: (c) => [sql`delete from athlete_report_cards where created_at < ${c}`],
};

/** The periods in force, in days, by kind. */
export async function getRetentionPeriods(db: SqlExecutor): Promise<Record<RetentionKind, number>> {
  const settings = await rows(
    db,
    z.object({ key: z.string(), value: z.string() }),
    sql`select key, value from app_settings where key like 'retention.%'`,
  );
  const set = new Map(settings.map((r) => [r.key.slice("retention.".length), r.value]));
  return Object.fromEntries(RETENTION.map((row) => [row.kind, periodOf(row, set.get(row.kind))])) as Record<RetentionKind, number>;
}

/** Applies the table as of `now`, in one transaction. Returns how many rows each kind deleted or anonymised. */
export async function applyRetention(db: Db, now: Date): Promise<Record<RetentionKind, number>> {
  const periods = await getRetentionPeriods(db);
  return db.transaction(async (tx) => {
    const counts = {} as Record<RetentionKind, number>;
    for (const row of RETENTION) {
      const cutoff = sql`${new Date(now.getTime() - periods[row.kind] * 86_400_000).toISOString()}::timestamptz`;
      let n = 0;
      for (const statement of STATEMENTS[row.kind](cutoff)) n += (await tx.execute(statement)).rowCount ?? 0;
      counts[row.kind] = n;
    }
    return counts;
  });
}

/** The job: applies the table at the site's clock and logs the counts (kinds and numbers only). */
export async function runRetentionJob(services: { db: Db; config: { safePlay: { clock: () => Date } } }) {
  const counts = await applyRetention(services.db, services.config.safePlay.clock());
  console.log(
    `retention: ${Object.entries(counts)
      .map(([kind, n]) => `${kind}=${n}`)
      .join(" ")}`,
  );
  return counts;
}
