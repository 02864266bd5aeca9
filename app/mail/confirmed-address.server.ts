// An address proved by a mail that reached it (issue 39): an invitation is sent to one address and its link, a secret
// only that mailbox got, is opened by the person signed in with that very address. That is what "confirm your email"
// proves too, so accepting it confirms the address: a coach invited by mail gets booking and cancellation mails from
// the start (they go to confirmed addresses only: decision 0024).
import { sql } from "drizzle-orm";
import type { SqlExecutor } from "~/mail/outbox.server";

/** Marks `userId`'s address confirmed when it is `invitedEmail` (any case). True when it changed. */
export async function confirmInvitedAddress(tx: SqlExecutor, userId: string, invitedEmail: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update users set email_verified = true, updated_at = now()
    where id = ${userId} and lower(email) = lower(${invitedEmail}) and not email_verified and deleted_at is null
    returning id`);
  return rows.length === 1;
}
