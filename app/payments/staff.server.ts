// What staff do with money on /aid besides aid: see each family's balance and record a payment made in person (cash,
// check or Zelle, with its reference). A reference counts once (the unique index), and nothing over what the family
// owes is taken, so two staff recording the same check at once record it once.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow, rows } from "../../db/rows";
import { addCorrection, recordPayment } from "./ledger.server";
import { mailReceipt, type ReceiptServices } from "./receipts.server";
import type { CorrectionInput, ManualPaymentInput } from "./schemas";

export type AccountSummary = { id: string; familyName: string; balanceCents: number; aidOpen: boolean };

// The family's name is null when its guardians (or its adult athlete) have none; the balance is a bigint sum.
const AccountSummaryRow = z.object({ id: z.string(), family_name: z.string().nullable(), balance: z.coerce.number(), aid_open: z.boolean() });

/** Every account with something in its ledger, the families' names (their guardians', or the adult athlete's). */
export async function getAccountSummaries(db: Db): Promise<AccountSummary[]> {
  const accounts = await rows(
    db,
    AccountSummaryRow,
    sql`
    select a.id,
      coalesce((select string_agg(u.full_name, ', ' order by u.full_name) from household_members hm join users u on u.id = hm.user_id
                where hm.household_id = a.household_id and hm.role = 'guardian'),
               (select full_name from users where id = a.user_id)) as family_name,
      (select coalesce(sum(effect_cents), 0) from ledger_entries where account_id = a.id)::bigint as balance,
      exists (select 1 from aid_requests r where r.account_id = a.id and r.status = 'open') as aid_open
    from payment_accounts a
    where exists (select 1 from ledger_entries l where l.account_id = a.id)
    order by family_name nulls last, a.id`,
  );
  return accounts.map((r) => ({ id: r.id, familyName: r.family_name ?? "", balanceCents: r.balance, aidOpen: r.aid_open }));
}

export type ManualPaymentResult =
  | { ok: true; paymentId: string }
  | { ok: false; field: "accountId" | "amountCents" | "reference"; reason: "unknown-account" | "over-balance" | "duplicate" };

/** Records a payment staff took in person; the account's row is locked so two recordings see each other's. */
export async function recordManualPayment(
  db: Db,
  services: ReceiptServices,
  input: ManualPaymentInput,
  staffId: string,
): Promise<ManualPaymentResult> {
  return db.transaction(async (tx) => {
    const account = await maybeRow(
      tx,
      z.object({ balance: z.coerce.number() }),
      sql`
      select (select coalesce(sum(effect_cents), 0) from ledger_entries where account_id = a.id)::bigint as balance
      from payment_accounts a where a.id = ${input.accountId} for update`,
    );
    if (!account) return { ok: false, field: "accountId", reason: "unknown-account" };
    if (input.amountCents > account.balance) return { ok: false, field: "amountCents", reason: "over-balance" };
    const paymentId = await recordPayment(tx, {
      accountId: input.accountId,
      amountCents: input.amountCents,
      method: input.method,
      reference: input.reference,
      recordedBy: staffId,
    });
    if (!paymentId) return { ok: false, field: "reference", reason: "duplicate" };
    await mailReceipt(tx, services, input.accountId, paymentId);
    return { ok: true, paymentId };
  });
}

/** Adds staff's correction to an account (a row like any other: the ledger is never edited); false for no such account. */
export async function correctAccount(db: Db, input: CorrectionInput, staffId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`select 1 from payment_accounts where id = ${input.accountId} for update`);
    if (!rows.length) return false;
    await addCorrection(tx, input.accountId, input.direction === "more" ? input.amountCents : -input.amountCents, input.reason, staffId);
    return true;
  });
}
