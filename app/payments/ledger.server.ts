// The ledger (decision 0044): every movement one row that is never changed (migration 0034's triggers refuse it);
// a balance is always the sum of its rows, never a number kept beside them. What is due is the balance, unless the
// family asked for help and staff have not answered yet: then nothing is.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { maybeRow, row, rows } from "../../db/rows";
import { LEDGER_KINDS, PAYMENT_METHODS } from "../../db/schema-payments";
import { lessonOfReason } from "./lesson-fees";

export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type LedgerRow = {
  id: string;
  kind: LedgerKind;
  amountCents: number;
  effectCents: number;
  reason: string;
  dueOn: string | null;
  method: PaymentMethod | null;
  reference: string | null;
  createdAt: string;
  /** A lesson's charge or credit (migration 0048): its booking as it is now, or only what its reason says once it is gone. */
  lesson: { kind: "lesson" | "evaluation"; minutes: number; startsAt: string | null; coachName: string | null } | null;
  /** A charge's session as it is now (its Spanish title and what the fee is per), while the session exists; a month's
   * charge its month (the first day, migration 0050). */
  session: { title: string; titleEs: string | null; per: "month" | "season" | "session" | null; period: string | null } | null;
};

/**
 * The account that pays for what `userId` does: their household's if they are in one, else their own, made when
 * first needed. Only for steps that record money or a request for help, in their transaction: a page that only shows
 * money asks findAccountFor.
 */
export async function getOrCreateAccountFor(tx: SqlExecutor, userId: string): Promise<string> {
  return (await row(tx, z.object({ id: z.string() }), sql`select payment_account_for(${userId}) as id`)).id;
}

/**
 * The account `userId` pays from by the same rule (migration 0063's payment_account_of), or null while there is none
 * yet: reading writes nothing (issue 41), and a family with no account has no rows, nothing due and no request.
 */
export async function findAccountFor(db: SqlExecutor, userId: string): Promise<string | null> {
  return (await row(db, AccountOfRow, sql`select payment_account_of(${userId}) as id`)).id;
}

// The schemas of the statements every /account/payments request makes are made once, here: zod builds and compiles a
// schema the first time it parses with it, which cost about a millisecond of processor time for each schema written
// inline in the call, on every request (issue 41, decision 0088).
const AccountOfRow = z.object({ id: z.string().nullable() });
const DueRow = z.object({ balance: z.coerce.number(), due_on: z.string().nullable(), open_aid: z.boolean() });

const entryColumns = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount_cents: z.number(),
  effect_cents: z.number(),
  reason: z.string(),
  due_on: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  reference: z.string().nullable(),
  created_at: z.string(),
  booking_id: z.string().nullable(),
  lesson_kind: z.enum(["lesson", "evaluation"]).nullable(),
  lesson_minutes: z.number().nullable(),
  lesson_starts_at: z.string().nullable(),
  coach_name: z.string().nullable(),
  title: z.string().nullable(),
  title_es: z.string().nullable(),
  fee_per: z.enum(["month", "season", "session"]).nullable(),
  period: z.string().nullable(),
});

const toLedgerRow = (r: z.output<typeof entryColumns>): LedgerRow => ({
  id: r.id,
  kind: r.kind,
  amountCents: r.amount_cents,
  effectCents: r.effect_cents,
  reason: r.reason,
  dueOn: r.due_on,
  method: r.method,
  reference: r.reference,
  createdAt: r.created_at,
  lesson: r.booking_id === null ? null : lessonOfRow(r),
  session: r.title === null ? null : { title: r.title, titleEs: r.title_es, per: r.fee_per, period: r.period },
});

/** Every row of an account, oldest first: the one statement of the pages below, as one page holding them all. */
export async function getEntries(db: SqlExecutor, accountId: string): Promise<LedgerRow[]> {
  return (await getEntriesPage(db, accountId, 1, Number.MAX_SAFE_INTEGER)).rows;
}

/** How many rows /account/payments shows at once: a year of a monthly fee with aid and a payment each month is 36. */
export const HISTORY_PAGE_ROWS = 36;

/**
 * The statement `getEntriesPage` runs (bench:payments explains it): the account's running balance and each row's place
 * from the newest are counted on ledger_entries alone; only the page's rows are joined to their session or lesson. A
 * page past the last is the last. A charge's enrollment and month are ledger_charges' (migration 0050) written out on
 * the account's own rows: joined through the view, the planner read every charge of every account for each row of this
 * one (32,700 comparisons for 181 rows, 13-26 ms, and more as the ledger grows).
 */
export const entriesPageStatement = (accountId: string, page: number, perPage: number = HISTORY_PAGE_ROWS) => sql`
    with numbered as (
      select id, sum(effect_cents) over (order by seq) as after_cents,
        row_number() over (order by seq desc) as from_newest, count(*) over () as total
      from ledger_entries where account_id = ${accountId}),
    shown as (
      select * from numbered
      where from_newest > least(${(page - 1) * perPage}::bigint, (total - 1) / ${perPage}::bigint * ${perPage}::bigint)
        and from_newest <= least(${(page - 1) * perPage}::bigint, (total - 1) / ${perPage}::bigint * ${perPage}::bigint) + ${perPage}::bigint)
    select l.id, l.kind, l.amount_cents, l.effect_cents, l.reason, l.due_on::text, l.method, l.reference,
      l.booking_id, bk.kind as lesson_kind, round(extract(epoch from bk.ends_at - bk.starts_at) / 60)::int as lesson_minutes,
      to_json(bk.starts_at) #>> '{}' as lesson_starts_at, bc.full_name as coach_name,
      to_json(l.created_at) #>> '{}' as created_at, ev.title, ev.title_es, ev.fee_per, lc.period::text as period,
      s.after_cents::text, s.from_newest::int, s.total::int
    from shown s
    join ledger_entries l on l.id = s.id
    left join season_fee_months lc on l.kind = 'charge' and lc.charge_id = l.id
    left join enrollments en on l.kind = 'charge' and en.id = coalesce(l.enrollment_id, lc.enrollment_id)
    left join events ev on ev.id = en.event_id
    left join bookings bk on bk.id = l.booking_id
    left join users bc on bc.id = bk.coach_id
    order by l.seq`;

/** The page a link asked for (`?page=2`): a whole number from 1; anything else is the first page. */
export function historyPage(asked: string | null): number {
  return asked !== null && /^[1-9]\d{0,5}$/.test(asked) ? Number(asked) : 1;
}

export type EntriesPage = {
  /** The page's rows, oldest first. */
  rows: LedgerRow[];
  /** 1 is the newest rows; `pages` the oldest. */
  page: number;
  pages: number;
  /** The sum of every row before the page's first (0 on the oldest page). */
  broughtForwardCents: number;
  /** The balance after the page's last row: the account's balance on page 1. */
  balanceAfterCents: number;
};

// Made once, as the statements' schemas above: extended in the call, zod built and compiled the page's widest schema
// on every request (issue 41, decision 0088).
const EntriesPageRow = entryColumns.extend({ after_cents: z.coerce.number(), from_newest: z.number(), total: z.number() });

/**
 * One page of an account's rows, newest page first (page 1: the latest HISTORY_PAGE_ROWS), with what the rows before
 * it sum to, so the page's rows and that one figure add up to the balance shown under them. Every row is on a page.
 */
export async function getEntriesPage(db: SqlExecutor, accountId: string, page: number, perPage = HISTORY_PAGE_ROWS): Promise<EntriesPage> {
  const found = await rows(db, EntriesPageRow, entriesPageStatement(accountId, page, perPage));
  if (found.length === 0) return { rows: [], page: 1, pages: 1, broughtForwardCents: 0, balanceAfterCents: 0 };
  const first = found[0]!;
  const last = found.at(-1)!;
  return {
    rows: found.map(toLedgerRow),
    page: Math.ceil(last.from_newest / perPage),
    pages: Math.ceil(first.total / perPage),
    broughtForwardCents: first.after_cents - first.effect_cents,
    balanceAfterCents: last.after_cents,
  };
}

/** A lesson's row: its booking's kind, length, day and coach; once the booking is gone, what the charge's reason says. */
function lessonOfRow(r: {
  reason: string;
  lesson_kind: "lesson" | "evaluation" | null;
  lesson_minutes: number | null;
  lesson_starts_at: string | null;
  coach_name: string | null;
}): NonNullable<LedgerRow["lesson"]> {
  if (r.lesson_kind) return { kind: r.lesson_kind, minutes: r.lesson_minutes ?? 0, startsAt: r.lesson_starts_at, coachName: r.coach_name };
  const said = lessonOfReason(r.reason);
  return { kind: said?.kind ?? "lesson", minutes: said?.minutes ?? 0, startsAt: null, coachName: null };
}

/** What the account owes (negative: a credit it holds), summed from its rows. */
export async function getBalance(db: SqlExecutor, accountId: string): Promise<number> {
  const r = await row(
    db,
    z.object({ balance: z.coerce.number() }),
    sql`select coalesce(sum(effect_cents), 0)::bigint as balance from ledger_entries where account_id = ${accountId}`,
  );
  return r.balance;
}

export type Due = { state: "nothing" } | { state: "aid-pending" } | { state: "due"; cents: number; dueOn: string | null };

/** What the family is asked to pay now: nothing while a request for help waits for staff, else the balance owed. */
export async function getDue(db: SqlExecutor, accountId: string | null): Promise<Due> {
  if (!accountId) return { state: "nothing" };
  const r = await row(
    db,
    DueRow,
    sql`
    select coalesce(sum(effect_cents), 0)::bigint as balance,
      min(due_on)::text as due_on,
      exists (select 1 from aid_requests where account_id = ${accountId} and status = 'open') as open_aid
    from ledger_entries where account_id = ${accountId}`,
  );
  if (r.open_aid) return { state: "aid-pending" };
  const cents = r.balance;
  return cents > 0 ? { state: "due", cents, dueOn: r.due_on } : { state: "nothing" };
}

export type RecordPayment = {
  accountId: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string;
  recordedBy: string | null;
  providerEventId?: string | null;
};

/**
 * Adds one payment. The database's unique indexes make it once: the same reference (or provider event) again adds
 * nothing and answers null, however many arrive at the same moment.
 */
export async function recordPayment(tx: DbOrTx, p: RecordPayment): Promise<string | null> {
  const made = await maybeRow(
    tx,
    z.object({ id: z.string() }),
    sql`
    insert into ledger_entries (account_id, kind, amount_cents, reason, method, reference, recorded_by, provider_event_id)
    values (${p.accountId}, 'payment', ${p.amountCents}, ${`payment:${p.method}`}, ${p.method}, ${p.reference}, ${p.recordedBy}, ${p.providerEventId ?? null})
    on conflict do nothing
    returning id`,
  );
  return made?.id ?? null;
}

/** A correction staff add (positive: the family owes more; negative: less), with the reason they give. */
export async function addCorrection(tx: DbOrTx, accountId: string, cents: number, reason: string, recordedBy: string) {
  const made = await row(
    tx,
    z.object({ id: z.string() }),
    sql`
    insert into ledger_entries (account_id, kind, amount_cents, reason, recorded_by)
    values (${accountId}, 'correction', ${cents}, ${reason}, ${recordedBy}) returning id`,
  );
  return made.id;
}
