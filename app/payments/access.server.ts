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
import { isAdmin } from "~/models/users.server";
import { m } from "~/paraglide/messages";
import type { Db } from "../../db/client";
import { maybeRow, rows } from "../../db/rows";

// A person's place in their household (null: in none) and the kind of client they are (never null, migration 0009).
const PurseRow = z.object({ member_role: z.enum(["guardian", "athlete"]).nullable(), kind: z.enum(["guardian", "athlete"]) });

/** Whether `user` holds a family's purse: a guardian, or an adult athlete of no household. */
export async function canHoldAccount(
  db: SqlExecutor,
  user: Pick<Profile, "id" | "role">,
  settings: Pick<AppLoadContext["config"]["safePlay"], "timeZone" | "quietHours" | "clock">,
) {
  if (user.role !== "client") return false;
  const r = await maybeRow(
    db,
    PurseRow,
    sql`
    select (select role from household_members where user_id = u.id) as member_role, u.client_kind as kind
    from users u where u.id = ${user.id} and u.deleted_at is null`,
  );
  if (!r) return false;
  if (r.member_role) return r.member_role === "guardian";
  if (r.kind === "guardian") return true;
  return (await actingForProblem(db, user, user.id, settings)) === null;
}

/** The first line of /account/payments' loaders and actions. */
export async function requireAccountHolder(request: Request, context: AppLoadContext): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(await canHoldAccount(context.db, user, context.config.safePlay), m.pay_not_account_holder(), 403);
  return user;
}

/** Whether `userId` decides aid and records payments: an administrator, or a coach an administrator allowed. */
export async function isPaymentStaff(db: Db, userId: string): Promise<boolean> {
  if (await isAdmin(db, userId)) return true;
  const { rows } = await db.execute(sql`
    select 1 from payment_staff p join users u on u.id = p.user_id
    where p.user_id = ${userId} and u.role = 'coach' and u.deleted_at is null`);
  return rows.length > 0;
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
