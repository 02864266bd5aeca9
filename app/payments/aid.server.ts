// Financial aid (issue 41): a family ticks "I would like financial help" (every other answer optional); until staff
// answer, nothing is due. Staff grant a full waiver, a percentage or an amount off each charge (the organisation's
// floor kept) until a day, or decline. A grant is applied by the database's one function (payments_apply_aid) to the
// charges already there and to every charge made after, so both orders end the same.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow, rows } from "../../db/rows";
import { AID_DECISIONS, INCOME_BANDS, SCHOOL_LUNCH } from "../../db/schema-payments";
import type { SqlExecutor } from "~/mail/index.server";
import type { AidAnswers, AidDecisionInput } from "./schemas";

export type AidRequestResult = { ok: true; id: string } | { ok: false; reason: "already-open" };

/** Asks for help for the account; one request waits at a time (a unique index holds it, whatever races). */
export async function createAidRequest(db: SqlExecutor, accountId: string, requestedBy: string, answers: AidAnswers): Promise<AidRequestResult> {
  const created = await maybeRow(
    db,
    z.object({ id: z.string() }),
    sql`
    insert into aid_requests (account_id, requested_by, household_size, school_lunch, income_band, note)
    values (${accountId}, ${requestedBy}, ${answers.householdSize ?? null}, ${answers.schoolLunch ?? null}, ${answers.incomeBand ?? null}, ${answers.note})
    on conflict (account_id) where status = 'open' do nothing
    returning id`,
  );
  return created ? { ok: true, id: created.id } : { ok: false, reason: "already-open" };
}

export type AidState =
  | { state: "none" }
  | { state: "open"; since: string }
  | {
      state: "granted";
      decision: "waiver" | "percent" | "amount";
      percent: number | null;
      amountCents: number | null;
      floorCents: number | null;
      validUntil: string;
    }
  | { state: "declined"; decidedAt: string };

// The grant's terms are null but on a grant; its days and times are selected as text.
const AidStateRow = z.object({
  status: z.enum(["open", "granted", "declined"]),
  decision: z.enum(AID_DECISIONS).nullable(),
  percent: z.number().int().nullable(),
  amount_cents: z.number().int().nullable(),
  floor_cents: z.number().int().nullable(),
  valid_until: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

/** The account's latest request for help and its answer, as the family reads it. */
export async function getAidState(db: SqlExecutor, accountId: string | null): Promise<AidState> {
  if (!accountId) return { state: "none" };
  const r = await maybeRow(
    db,
    AidStateRow,
    sql`
    select status, decision, percent, amount_cents, floor_cents, valid_until::text, created_at::text, decided_at::text
    from aid_requests where account_id = ${accountId} order by created_at desc limit 1`,
  );
  if (!r) return { state: "none" };
  if (r.status === "open") return { state: "open", since: r.created_at };
  if (r.status === "declined") return { state: "declined", decidedAt: r.decided_at! };
  return {
    state: "granted",
    decision: r.decision!,
    percent: r.percent,
    amountCents: r.amount_cents,
    floorCents: r.floor_cents,
    validUntil: r.valid_until!,
  };
}

export type AidQueueItem = {
  id: string;
  accountId: string;
  familyName: string;
  householdSize: number | null;
  schoolLunch: string | null;
  incomeBand: string | null;
  note: string;
  createdAt: string;
  balanceCents: number;
};

const OpenAidRow = z.object({
  id: z.string(),
  account_id: z.string(),
  // A family's name is null when its guardians (or its adult athlete) have none, or were deleted.
  family_name: z.string().nullable(),
  household_size: z.number().int().nullable(),
  school_lunch: z.enum(SCHOOL_LUNCH).nullable(),
  income_band: z.enum(INCOME_BANDS).nullable(),
  note: z.string(),
  created_at: z.string(),
  // A bigint sum: text from the driver.
  balance: z.coerce.number(),
});

/** Requests waiting for staff, oldest first, with the family's name (its guardians') and what it has been charged. */
export async function getOpenAidRequests(db: SqlExecutor): Promise<AidQueueItem[]> {
  const open = await rows(
    db,
    OpenAidRow,
    sql`
    select r.id, r.account_id, r.household_size, r.school_lunch, r.income_band, r.note, to_json(r.created_at) #>> '{}' as created_at,
      coalesce((select string_agg(u.full_name, ', ' order by u.full_name) from household_members hm join users u on u.id = hm.user_id
                where hm.household_id = a.household_id and hm.role = 'guardian'),
               (select full_name from users where id = a.user_id)) as family_name,
      (select coalesce(sum(effect_cents), 0) from ledger_entries where account_id = r.account_id)::bigint as balance
    from aid_requests r join payment_accounts a on a.id = r.account_id
    where r.status = 'open' order by r.created_at, r.id`,
  );
  return open.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    familyName: r.family_name ?? "",
    householdSize: r.household_size,
    schoolLunch: r.school_lunch,
    incomeBand: r.income_band,
    note: r.note,
    createdAt: r.created_at,
    balanceCents: r.balance,
  }));
}

export type DecideResult = { ok: true } | { ok: false; reason: "not-open" };

/**
 * Staff's answer to a waiting request. A grant applies at once to the account's charges it covers; the request row's
 * lock (status 'open' in the update) makes two staff answering together end with one answer.
 */
export async function decideAidRequest(db: Db, requestId: string, deciderId: string, input: AidDecisionInput): Promise<DecideResult> {
  return db.transaction(async (tx) => {
    if (input.decision === "decline") {
      const { rows } = await tx.execute(sql`
        update aid_requests set status = 'declined', decided_by = ${deciderId}, decided_at = now()
        where id = ${requestId} and status = 'open' returning id`);
      return rows.length ? { ok: true } : { ok: false, reason: "not-open" };
    }
    const granted = await maybeRow(
      tx,
      z.object({ account_id: z.string() }),
      sql`
      update aid_requests set status = 'granted', decision = ${input.decision}, decided_by = ${deciderId}, decided_at = now(),
        percent = ${input.decision === "percent" ? input.percent : null},
        amount_cents = ${input.decision === "amount" ? input.amountCents : null},
        floor_cents = ${input.decision === "waiver" ? null : (input.floorCents ?? null)},
        valid_until = ${input.validUntil}
      where id = ${requestId} and status = 'open' returning account_id`,
    );
    const accountId = granted?.account_id;
    if (!accountId) return { ok: false, reason: "not-open" };
    await tx.execute(sql`
      select payments_apply_aid(id) from ledger_entries where account_id = ${accountId} and kind = 'charge' order by seq`);
    return { ok: true };
  });
}
