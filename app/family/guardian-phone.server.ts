// A guardian's mobile phone on /account/family (issue 39): saved in the account's phone (the one coaches read on
// /appointments and the roster, through their own access rule), and whether a coach is waiting for it: the family
// has a lesson, an evaluation or a place coming (a coach's list names them) and no guardian gave a phone.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow } from "../../db/rows";
import { users } from "../../db/schema";
import type { SqlExecutor } from "~/mail/index.server";

/** Stores the phone as the account forms' rule kept it (optionalAccountPhone); null clears it. */
export async function saveGuardianPhone(db: Pick<Db, "update">, userId: string, phone: string | null) {
  await db.update(users).set({ phone, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * The person's phone, and whether a coach needs one: some athlete they are a guardian of has a booking not yet over
 * and not cancelled, or a request a roster lists (not withdrawn or declined), and none of that athlete's guardians
 * has a phone on record (so the coach's page says "no phone on record").
 */
export async function getPhoneNeed(db: SqlExecutor, userId: string, now: Date): Promise<{ phone: string | null; coachesNeedIt: boolean }> {
  const r = await maybeRow(
    db,
    z.object({ phone: z.string().nullable(), needed: z.boolean() }),
    sql`
    select u.phone, exists (
      select 1 from guardian_links l
      where l.guardian_id = u.id
        and not exists (select 1 from guardian_links o join users g on g.id = o.guardian_id and g.deleted_at is null
                        where o.athlete_id = l.athlete_id and coalesce(g.phone, '') <> '')
        and (exists (select 1 from bookings b where b.athlete_id = l.athlete_id and b.cancelled_at is null and b.ends_at > ${now.toISOString()}::timestamptz)
          or exists (select 1 from enrollments e where e.athlete_id = l.athlete_id and e.status not in ('withdrawn', 'declined')))
    ) as needed
    from users u where u.id = ${userId}`,
  );
  return { phone: r?.phone ?? null, coachesNeedIt: Boolean(r?.needed) };
}

/** Whether a person booking (a guardian or an adult athlete) has no phone a coach could call them on. */
export async function isPhoneMissing(db: SqlExecutor, userId: string): Promise<boolean> {
  const person = await maybeRow(db, z.object({ phone: z.string().nullable() }), sql`select phone from users where id = ${userId}`);
  return !person?.phone;
}
