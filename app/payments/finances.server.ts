// /reports/finances and its CSV (issue 41): what was billed, the aid granted and the credits given, per program, season
// and session, and the organisation's totals, all summed from the ledger's rows. What was collected and what is
// outstanding are the accounts' (a payment is for a family's whole balance, never one session's), so they are totals.
// Charges are read through ledger_charges (migration 0050), so a per-month session's later months count in its row, as
// the funder report's aid does (app/payments/season-fees-report.server.ts).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { seasonName } from "~/calendar/index.server";
import type { Locale } from "~/i18n/language";
import type { SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import { row, rows } from "../../db/rows";

export type FinanceRow = {
  level: "program" | "season" | "session";
  program: string | null;
  season: string | null;
  session: string | null;
  billedCents: number;
  aidCents: number;
  creditCents: number;
  athletesOnAid: number;
};

export type FinanceTotals = {
  billedCents: number;
  aidCents: number;
  creditCents: number;
  collectedCents: number;
  outstandingCents: number;
  athletesOnAid: number;
};

// A grouping set's row: the grouping() flags say which (all three 1: the organisation's total). The sums are bigint
// (text from the driver) and null only in the total of a ledger with no charge; a count is bigint too.
const FinanceGroupRow = z.object({
  program: z.string().nullable(),
  season: z.string().nullable(),
  session: z.string().nullable(),
  g_program: z.number().int(),
  g_season: z.number().int(),
  g_session: z.number().int(),
  billed: z.coerce.number().nullable(),
  aid: z.coerce.number().nullable(),
  credit: z.coerce.number().nullable(),
  on_aid: z.coerce.number().int(),
});

export async function getFinanceReport(db: SqlExecutor): Promise<{ rows: FinanceRow[]; totals: FinanceTotals }> {
  const groups = await rows(
    db,
    FinanceGroupRow,
    sql`
    with charged as (
      select c.id, c.amount_cents, en.athlete_id, ev.title, ev.program_slug,
        case when s.id is null then null else s.term || ' ' || s.year end as season,
        (select coalesce(sum(amount_cents), 0) from ledger_entries a where a.applies_to = c.id and a.kind = 'aid') as aid,
        (select coalesce(sum(amount_cents), 0) from ledger_entries r where r.applies_to = c.id and r.kind = 'credit') as credit
      from ledger_charges c
      left join enrollments en on en.id = c.enrollment_id
      left join events ev on ev.id = en.event_id
      left join seasons s on s.id = ev.season_id)
    select program_slug as program, season, title as session,
      grouping(program_slug)::int as g_program, grouping(season)::int as g_season, grouping(title)::int as g_session,
      sum(amount_cents)::bigint as billed, sum(aid)::bigint as aid, sum(credit)::bigint as credit,
      count(distinct athlete_id) filter (where aid > 0) as on_aid
    from charged
    group by grouping sets ((program_slug), (season), (program_slug, season, title), ())
    order by grouping(program_slug), grouping(season), grouping(title), program_slug nulls last, season nulls last, title`,
  );
  const money = await row(
    db,
    z.object({ collected: z.coerce.number(), outstanding: z.coerce.number() }),
    sql`
    select
      (select coalesce(sum(case kind when 'payment' then amount_cents else -amount_cents end), 0) from ledger_entries where kind in ('payment', 'refund'))::bigint as collected,
      (select coalesce(sum(greatest(b, 0)), 0) from (select sum(effect_cents) as b from ledger_entries group by account_id) x)::bigint as outstanding`,
  );
  const toRow = (r: z.output<typeof FinanceGroupRow>): FinanceRow => ({
    level: r.g_session === 0 ? "session" : r.g_season === 0 ? "season" : "program",
    program: r.program,
    season: r.season,
    session: r.session,
    billedCents: r.billed ?? 0,
    aidCents: r.aid ?? 0,
    creditCents: r.credit ?? 0,
    athletesOnAid: r.on_aid,
  });
  const all = groups.find((r) => r.g_program === 1 && r.g_season === 1 && r.g_session === 1);
  return {
    rows: groups.filter((r) => r !== all).map(toRow),
    totals: {
      billedCents: all?.billed ?? 0,
      aidCents: all?.aid ?? 0,
      creditCents: all?.credit ?? 0,
      athletesOnAid: all?.on_aid ?? 0,
      collectedCents: money.collected,
      outstandingCents: money.outstanding,
    },
  };
}

/** A season key ("fall 2026") in the reader's words. */
function seasonWords(key: string | null, locale: Locale): string {
  if (!key) return m.fin_none({}, { locale });
  const [term, year] = key.split(" ") as ["spring" | "summer" | "fall" | "winter", string];
  return seasonName({ term, year: Number(year) }, locale);
}

/** The report's rows as a table's cells (the page and the CSV alike), in the reader's language. */
export function financeCells(report: { rows: FinanceRow[] }, locale: Locale) {
  const money = (c: number) => formatDollars(c, locale);
  return report.rows.map((r) => ({
    level: r.level,
    cells: [
      r.level === "season" ? "" : (r.program ?? m.fin_none({}, { locale })),
      r.level === "program" ? "" : seasonWords(r.season, locale),
      r.session ?? "",
      money(r.billedCents),
      money(r.aidCents),
      money(r.creditCents),
      String(r.athletesOnAid),
    ],
  }));
}

export const financeHeadings = (locale: Locale) => [
  m.fin_col_program({}, { locale }),
  m.fin_col_season({}, { locale }),
  m.fin_col_session({}, { locale }),
  m.fin_col_billed({}, { locale }),
  m.fin_col_aid({}, { locale }),
  m.fin_col_credit({}, { locale }),
  m.fin_col_on_aid({}, { locale }),
];
