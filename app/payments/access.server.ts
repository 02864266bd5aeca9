// Who may (one function a rule, asked by loaders and actions alike). A family's money is read and paid by a guardian
// of its household, or by an adult athlete who belongs to none; an athlete of a household, a coach and anyone else
// get 403, and never learn whether another account exists. Aid and payments recorded by hand are staff's:
// administrators, and coaches an administrator allowed.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { requireUser } from "~/auth/index.server";
import { actingForProblem } from "~/family/index.server";
import type { Profile } from "~/lib/profile";
import { invariantResponse } from "~/lib/responses.server";
import type { SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import type { Db } from "../../db/client";
import { maybeRow, rows } from "../../db/rows";

// A person's place in their household (null: in none) and the kind of client they are (never null, migration 0009);
// for /account/payments also the account they pay from (findAccountFor's rule, payment_account_of), in the same statement.
const PurseRow = z.object({
  member_role: z.enum(["guardian", "athlete"]).nullable(),
  kind: z.enum(["guardian", "athlete"]),
  account_id: z.string().nullable(),
});

type PurseSettings = Pick<AppLoadContext["config"]["safePlay"], "timeZone" | "quietHours" | "clock">;

/** canHoldAccount's rule, with the account `user` pays from when `withAccount` (null while there is none yet). */
async function readPurse(
  db: SqlExecutor,
  user: Pick<Profile, "id" | "role">,
  settings: PurseSettings,
  withAccount: boolean,
): Promise<{ holds: boolean; accountId: string | null }> {
  if (user.role !== "client") return { holds: false, accountId: null };
  const r = await maybeRow(
    db,
    PurseRow,
    sql`
    select (select role from household_members where user_id = u.id) as member_role, u.client_kind as kind,
      ${withAccount ? sql`payment_account_of(u.id)` : sql`null`} as account_id
    from users u where u.id = ${user.id} and u.deleted_at is null`,
  );
  if (!r) return { holds: false, accountId: null };
  const accountId = r.account_id;
  if (r.member_role) return { holds: r.member_role === "guardian", accountId };
  if (r.kind === "guardian") return { holds: true, accountId };
  return { holds: (await actingForProblem(db, user, user.id, settings)) === null, accountId };
}

/** Whether `user` holds a family's purse: a guardian, or an adult athlete of no household. */
export async function canHoldAccount(db: SqlExecutor, user: Pick<Profile, "id" | "role">, settings: PurseSettings) {
  return (await readPurse(db, user, settings, false)).holds;
}

/** The first line of /account/payments' loaders and actions. */
export async function requireAccountHolder(request: Request, context: AppLoadContext): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(await canHoldAccount(context.db, user, context.config.safePlay), m.pay_not_account_holder(), 403);
  return user;
}

/**
 * requireAccountHolder with the account the holder pays from (findAccountFor's answer, null while there is none), read
 * in the rule's own statement: the first line of /account/payments' loader, one statement fewer a page (issue 41).
 */
export async function requireAccountHolderWithAccount(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: Profile; accountId: string | null }> {
  const user = await requireUser(request, context);
  const purse = await readPurse(context.db, user, context.config.safePlay, true);
  invariantResponse(purse.holds, m.pay_not_account_holder(), 403);
  return { user, accountId: purse.accountId };
}

/**
 * The rule as a condition on a row `u` of users: an administrator, or a coach an administrator allowed (a deleted
 * account is neither). isPaymentStaff asks it alone; the account menu asks it in the person's own row (one statement on
 * every signed-in page instead of two or three, issue 41).
 */
export const paymentStaffCondition = sql`(u.deleted_at is null and (u.admin or (u.role = 'coach' and exists (select 1 from payment_staff p where p.user_id = u.id))))`;

const PaymentStaffRow = z.object({ staff: z.boolean() });

/** Whether `userId` decides aid and records payments: an administrator, or a coach an administrator allowed. */
export async function isPaymentStaff(db: SqlExecutor, userId: string): Promise<boolean> {
  const r = await maybeRow(db, PaymentStaffRow, sql`select ${paymentStaffCondition} as staff from users u where u.id = ${userId}`);
  return r?.staff === true;
}

/** The first line of /aid's loader and action. */
export async function requirePaymentStaff(request: Request, context: AppLoadContext): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(await isPaymentStaff(context.db, user.id), m.pay_staff_only(), 403);
  return user;
}

/** An administrator allows a coach (or stops allowing them) to decide aid and record payments. */
export async function setPaymentStaff(db: Db, coachId: string, allowed: boolean, grantedBy: string): Promise<boolean> {
  if (!allowed) {
    await db.execute(sql`delete from payment_staff where user_id = ${coachId}`);
    return true;
  }
  const { rows } = await db.execute(sql`
    insert into payment_staff (user_id, granted_by)
    select id, ${grantedBy} from users where id = ${coachId} and role = 'coach' and deleted_at is null
    on conflict (user_id) do nothing returning user_id`);
  return rows.length > 0;
}

/** The coaches an administrator may allow, with whether each is. */
export async function getCoachesForPaymentStaff(db: Db) {
  const coaches = await rows(
    db,
    z.object({ id: z.string(), full_name: z.string().nullable(), allowed: z.boolean() }),
    sql`
    select u.id, u.full_name, exists (select 1 from payment_staff p where p.user_id = u.id) as allowed
    from users u where u.role = 'coach' and u.deleted_at is null and not u.admin order by u.full_name, u.id`,
  );
  return coaches.map((r) => ({ id: r.id, name: r.full_name ?? "", allowed: r.allowed }));
}
