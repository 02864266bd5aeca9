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

/** Sets a user's role; returns the updated profile, or null when no user has that email. */
export async function updateUserRole(db: Db, email: string, role: Role): Promise<Profile | null> {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning(profileColumns);
  return row ?? null;
}

