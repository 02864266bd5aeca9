// When requests were sent and when they ended (issue 39): the confirmation before a coach declines or withdraws a
// request, or a family withdraws one, names the day it was sent; and a declined or withdrawn request stays listed on
// the roster under its own heading, with the day it ended, instead of vanishing. The family's page already lists its
// ended requests (family.server.ts) and reads their days here.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { SqlExecutor } from "~/mail/index.server";

/** Why a request ended: its family, a coach, an offer that lapsed, or its session cancelled by the organisation (issue 41). */
const CLOSED_REASONS = ["family", "coach", "offer-expired", "session-cancelled"] as const;

/** A request's days as ISO instants: when it was sent, and when its status last changed; and whether it ended because
 * the organisation cancelled its session. */
export type RequestDates = { requestedAt: string; changedAt: string; sessionCancelled: boolean };

const DatesRow = z.object({
  id: z.string(),
  created_at: z.coerce.date(),
  status_changed_at: z.coerce.date(),
  closed_reason: z.enum(CLOSED_REASONS).nullable(),
});

/** The days of these requests, by id (ids that are not requests are left out). */
export async function getRequestDates(db: SqlExecutor, ids: string[]): Promise<Record<string, RequestDates>> {
  if (ids.length === 0) return {};
  const { rows } = await db.execute(sql`
    select id, created_at, status_changed_at, closed_reason from enrollments
    where id::text in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  return Object.fromEntries(
    rows.map((r) => {
      const row = DatesRow.parse(r);
      return [
        row.id,
        {
          requestedAt: row.created_at.toISOString(),
          changedAt: row.status_changed_at.toISOString(),
          sessionCancelled: row.closed_reason === "session-cancelled",
        },
      ];
    }),
  );
}

const ClosedRow = z.object({
  id: z.string(),
  athlete_name: z.string().nullable(),
  status: z.enum(["withdrawn", "declined"]),
  closed_reason: z.enum(CLOSED_REASONS).nullable(),
  created_at: z.coerce.date(),
  status_changed_at: z.coerce.date(),
});

/** A session's declined and withdrawn requests, the latest ended first: names and days only, no personal data. */
export async function getClosedRequests(db: SqlExecutor, eventId: string) {
  const { rows } = await db.execute(sql`
    select e.id, a.full_name as athlete_name, e.status, e.closed_reason, e.created_at, e.status_changed_at
    from enrollments e join users a on a.id = e.athlete_id
    where e.event_id = ${eventId} and e.status in ('withdrawn', 'declined')
    order by e.status_changed_at desc, e.seq desc limit 200`);
  return rows.map((r) => {
    const row = ClosedRow.parse(r);
    return {
      id: row.id,
      athleteName: row.athlete_name ?? "",
      status: row.status,
      closedReason: row.closed_reason,
      requestedAt: row.created_at.toISOString(),
      changedAt: row.status_changed_at.toISOString(),
    };
  });
}

export type ClosedRequest = Awaited<ReturnType<typeof getClosedRequests>>[number];
