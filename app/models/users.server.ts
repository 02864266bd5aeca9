import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

import type { Profile, Role } from "~/lib/profile";

export type { Profile, Role };

const profileColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  phone: users.phone,
  role: users.role,
  avatarUrl: users.avatarUrl,
};

export async function getProfileById(db: Db, id: string): Promise<Profile | null> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * Sets a user's role; returns the updated profile, or null when no user has that email. Setting a role also ends
 * the safeguarding lead capability: it is granted after, with grantSafeguardingLead.
 */
export async function updateUserRole(db: Db, email: string, role: Role): Promise<Profile | null> {
  const [row] = await db
    .update(users)
    .set({ role, safeguardingLead: false, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning(profileColumns);
  return row ?? null;
}

/**
 * Grants the safeguarding lead capability (Safe Play, decision 0022) to a coach. Null when no user has that email;
 * "not-coach" when they are not a coach (the lead is a coach capability, not a kind of user).
 */
export async function grantSafeguardingLead(db: Db, email: string): Promise<Profile | "not-coach" | null> {
  const [row] = await db
    .update(users)
    .set({ safeguardingLead: sql`${users.role} = 'coach'`, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ ...profileColumns, lead: users.safeguardingLead });
  if (!row) return null;
  if (!row.lead) return "not-coach";
  const { lead: _lead, ...profile } = row;
  return profile;
}
