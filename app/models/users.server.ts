import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

import type { Profile, Role } from "~/lib/profile";
import { containsContactDetails } from "~/lib/public-words";
import { m } from "~/paraglide/messages";

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

/** Beside the name on /account (in the page's language), and the reason `npm run user:role -- EMAIL coach` refuses (its English). */
export const COACH_NAME_CONTACT_DETAILS_MESSAGE = m.account_coach_name_contact_details({}, { locale: "en" });

/**
 * The rule for a coach's display name, the testimonials' rule for contact details (app/lib/public-words.ts): the name
 * is shown to every family the coach messages, minors included, so it must not become a way to reach them. Null when
 * the name may be a coach's, else the words to show.
 */
export function coachNameProblem(fullName: string | null | undefined): string | null {
  return fullName && containsContactDetails(fullName) ? m.account_coach_name_contact_details() : null;
}

/**
 * Sets a user's role; returns the updated profile, or null when no user has that email. Setting a role also ends
 * the safeguarding lead capability: it is granted after, with grantSafeguardingLead. Nobody becomes a coach with
 * contact details in their name ("coach-name", with the name as it is, and nothing changes). The row is locked for
 * the check, as updateOwnProfile locks it, so a name saved at the same moment cannot slip past.
 */
export async function updateUserRole(
  db: Db,
  email: string,
  role: Role,
): Promise<Profile | { refused: "coach-name"; fullName: string | null } | null> {
  return db.transaction(async (tx) => {
    const byEmail = eq(sql`lower(${users.email})`, email.trim().toLowerCase());
    const [current] = await tx.select({ fullName: users.fullName }).from(users).where(byEmail).for("update");
    if (!current) return null;
    if (role === "coach" && coachNameProblem(current.fullName)) return { refused: "coach-name" as const, fullName: current.fullName };
    const [row] = await tx.update(users).set({ role, safeguardingLead: false, updatedAt: new Date() }).where(byEmail).returning(profileColumns);
    return row ?? null;
  });
}

/**
 * The profile form on /account (name and phone) for the signed-in person. A coach's name obeys coachNameProblem:
 * the role is read here, locked with the row, so the rule holds whatever the session remembers and however the role
 * changes meanwhile. Returns the problem and changes nothing, or null once saved.
 */
export async function updateOwnProfile(db: Db, userId: string, input: { fullName: string; phone?: string | undefined }): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for("update");
    const problem = current?.role === "coach" ? coachNameProblem(input.fullName) : null;
    if (problem) return problem;
    await tx
      .update(users)
      .set({ fullName: input.fullName, phone: input.phone ?? null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    return null;
  });
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
