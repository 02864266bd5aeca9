// The funder report's aid (issue 41, decision 0059): for the sessions the report shows, the aid granted on their fees
// and the athletes who had any, per session, per program and in all (each athlete counted once in each). A fee counts
// when the time it pays for meets the report's period: a month's charge its month, a season's or a session's the
// session's first to last day. Summed from the ledger through the same view as /reports/finances (ledger_charges, a
// month's charge included), so over a period that covers everything the two reports give the same aid.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { SqlExecutor } from "~/mail/index.server";
import { rows } from "../../db/rows";

export type AidFigures = { aidCents: number; onAid: number };
export type FunderAid = { total: AidFigures; byProgram: Record<string, AidFigures>; byEvent: Record<string, AidFigures> };

// A grouping set's row (the grouping() flags say which); the aid (coalesced) and the count are bigint, text from the driver.
const AidGroupRow = z.object({
  event_id: z.string().nullable(),
  program: z.string().nullable(),
  g_event: z.number().int(),
  g_program: z.number().int(),
  aid: z.coerce.number(),
  on_aid: z.coerce.number().int(),
});

export async function getFunderAid(db: SqlExecutor, q: { from: string; to: string; eventIds: string[] }): Promise<FunderAid> {
  const empty: FunderAid = { total: { aidCents: 0, onAid: 0 }, byProgram: {}, byEvent: {} };
  if (q.eventIds.length === 0) return empty;
  const groups = await rows(
    db,
    AidGroupRow,
    sql`
    with c as (
      select ev.id as event_id, ev.program_slug, en.athlete_id,
        (select coalesce(sum(a.amount_cents), 0) from ledger_entries a where a.applies_to = lc.id and a.kind = 'aid') as aid
      from ledger_charges lc
      join enrollments en on en.id = lc.enrollment_id
      join events ev on ev.id = en.event_id
      where ev.id = any(${`{${q.eventIds.join(",")}}`}::uuid[])
        and coalesce(lc.period, coalesce(ev.on_date, ev.starts_on), lc.due_on) <= ${q.to}::date
        and coalesce((lc.period + interval '1 month' - interval '1 day')::date, case when ev.kind = 'date' then ev.on_date else ev.ends_on end, 'infinity'::date) >= ${q.from}::date)
    select event_id, program_slug as program, grouping(event_id)::int as g_event, grouping(program_slug)::int as g_program,
      coalesce(sum(aid), 0)::bigint as aid, count(distinct athlete_id) filter (where aid > 0) as on_aid
    from c group by grouping sets ((event_id, program_slug), (program_slug), ())`,
  );
  const figures = (r: z.output<typeof AidGroupRow>): AidFigures => ({ aidCents: r.aid, onAid: r.on_aid });
  const out = empty;
  for (const r of groups) {
    if (r.g_program === 1) out.total = figures(r);
    else if (r.g_event === 1) out.byProgram[r.program ?? ""] = figures(r);
    else out.byEvent[r.event_id!] = figures(r);
  }
  return out;
}
