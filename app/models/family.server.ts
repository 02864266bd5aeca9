// A family's people as the capabilities serving it read them (consent, enrollment, booking): whose records a person
// reads (familyAthleteIds), and whom a family's mail goes to (familyRecipients: only addresses people proved are
// theirs, as a minor's data goes to no address nobody verified, decision 0024; never a deleted account's or a no-login
// placeholder). The household rules themselves (who is whose guardian, acting for an athlete) are app/family's.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";

const RecipientRow = z.object({ email: z.string(), full_name: z.string().nullable(), locale: z.enum(["en", "es"]).nullable() });

export type FamilyRecipient = z.infer<typeof RecipientRow>;

/** The athlete's guardians, and the athlete with a login of their own: verified addresses only, by address. */
export async function familyRecipients(db: Pick<Db, "execute">, athleteId: string): Promise<FamilyRecipient[]> {
  return rows(
    db,
    RecipientRow,
    sql`
    select u.email, u.full_name, u.locale from users u
    where u.deleted_at is null and u.email_verified and u.email not like '%@no-login.invalid'
      and ((u.id = ${athleteId} and exists (select 1 from accounts a where a.user_id = u.id))
        or u.id in (select guardian_id from guardian_links where athlete_id = ${athleteId}))
    order by u.email`,
  );
}

/**
 * Whose family records a person reads (their forms and receipts, their enrollments): a guardian, their household's
 * athletes; an athlete, themselves. Everyone else (staff included): nobody.
 */
export async function familyAthleteIds(db: Pick<Db, "execute">, actor: { id: string; role: string }): Promise<string[]> {
  if (actor.role !== "client") return [];
  const athletes = await rows(
    db,
    z.object({ id: z.string() }),
    sql`
    select g.athlete_id as id from guardian_links g join users u on u.id = g.athlete_id and u.deleted_at is null
    where g.guardian_id = ${actor.id}
    union
    select u.id from users u where u.id = ${actor.id} and u.client_kind = 'athlete' and u.deleted_at is null`,
  );
  return athletes.map((r) => r.id);
}
