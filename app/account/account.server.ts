// The signed-in person's own account: settings, sessions, their data, and deleting it (decision 0013). Deleting runs
// family's and enrollment's steps in its one transaction, through their doors: this is the account capability's, not
// app/models' (a lower layer does not ask capabilities; decision 0080).
import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import { rows } from "../../db/rows";
import {
  coachProfiles,
  accounts,
  contactMessages,
  familyInvitations,
  guardianLinks,
  messageReports,
  registrationRequests,
  sessions,
  testimonials,
  users,
  verifications,
} from "../../db/schema";
import { endEnrollmentsOnDeletion, type EnrollmentServices } from "~/enrollment/index.server";
import { removeFromFamilyOnDeletion, type SafeguardingMailServices } from "~/family/index.server";
import { isLastAdmin, lockStaffRoles } from "~/models/users.server";
import { m } from "~/paraglide/messages";

export { DELETED_USER_NAME } from "~/lib/profile";
import { DELETED_USER_NAME } from "~/lib/profile";

export async function getAccountSettings(db: Db, userId: string) {
  const [row] = await db
    .select({
      emailVerified: users.emailVerified,
      notifyMessages: users.notifyMessages,
      notifyChanges: users.notifyChanges,
      notifySubmissions: users.notifySubmissions,
    })
    .from(users)
    .where(eq(users.id, userId));
  const hasPassword =
    (
      await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    ).length > 0;
  return { ...(row ?? { emailVerified: false, notifyMessages: true, notifyChanges: true, notifySubmissions: true }), hasPassword };
}

export async function getActiveSessions(db: Db, userId: string) {
  return db
    .select({ id: sessions.id, token: sessions.token, userAgent: sessions.userAgent, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt));
}

/** The token of one of the person's own sessions, or null: another person's session id finds nothing. */
export async function getOwnSessionToken(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return row?.token ?? null;
}

export async function updatePreferences(
  db: DbOrTx,
  userId: string,
  input: { notifyMessages?: boolean; notifyChanges?: boolean; notifySubmissions?: boolean },
) {
  await db
    .update(users)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

const ExportMessage = z.object({
  conversation_id: z.string(),
  sender: z.string().nullable(),
  content: z.string(),
  message_type: z.string(),
  file_name: z.string().nullable(),
  created_at: z.coerce.date(),
});

/** What the export and its page say while the address is not confirmed (in the request's language; this is its English). */
export const UNVERIFIED_FORMS_NOTE = m.account_mydata_forms_note({}, { locale: "en" });

/** Everything the site keeps about the person that they may see: the "Download my data" file. */
export async function exportUserData(db: Db, userId: string) {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      fullName: users.fullName,
      phone: users.phone,
      role: users.role,
      clientKind: users.clientKind,
      dateOfBirth: users.dateOfBirth,
      notifyMessages: users.notifyMessages,
      notifyChanges: users.notifyChanges,
      notifySubmissions: users.notifySubmissions,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) return null;
  const messages = await rows(
    db,
    ExportMessage,
    sql`
    select m.conversation_id::text, s.full_name as sender, m.content, m.message_type::text, a.file_name, m.created_at
    from messages m
    join conversation_participants me on me.conversation_id = m.conversation_id and me.user_id = ${userId}
    left join users s on s.id = m.sender_id
    left join attachments a on a.id = m.attachment_id
    order by m.conversation_id, m.created_at`,
  );
  const byConversation = new Map<string, Array<Omit<z.infer<typeof ExportMessage>, "conversation_id">>>();
  for (const { conversation_id, ...m } of messages) {
    byConversation.set(conversation_id, [...(byConversation.get(conversation_id) ?? []), m]);
  }
  // Forms sent from the address are the person's only once they proved the address is theirs (decision 0024): until
  // then, only the registrations they sent signed in. Anyone can sign up with a family's address.
  const email = profile.email.toLowerCase();
  const fromAddress = profile.emailVerified;
  return {
    exportedAt: new Date().toISOString(),
    profile,
    ...(fromAddress ? {} : { formsNote: m.account_mydata_forms_note() }),
    conversations: [...byConversation].map(([id, msgs]) => ({ id, messages: msgs })),
    testimonials: await db
      .select({ name: testimonials.name, content: testimonials.content, rating: testimonials.rating, createdAt: testimonials.createdAt })
      .from(testimonials)
      .where(eq(testimonials.createdBy, userId)),
    registrationRequests: await db
      .select()
      .from(registrationRequests)
      .where(
        fromAddress
          ? or(eq(registrationRequests.submittedBy, userId), eq(sql`lower(${registrationRequests.email})`, email))
          : eq(registrationRequests.submittedBy, userId),
      ),
    contactMessages: fromAddress
      ? await db
          .select()
          .from(contactMessages)
          .where(eq(sql`lower(${contactMessages.email})`, email))
      : [],
    // Safe Play: the family links, the invitations the person sent, and the reports they made.
    parentsOrGuardians: await db
      .select({ fullName: users.fullName, linkedAt: guardianLinks.createdAt })
      .from(guardianLinks)
      .innerJoin(users, eq(users.id, guardianLinks.guardianId))
      .where(eq(guardianLinks.athleteId, userId)),
    studentAthletes: await db
      .select({ fullName: users.fullName, dateOfBirth: users.dateOfBirth, linkedAt: guardianLinks.createdAt })
      .from(guardianLinks)
      .innerJoin(users, eq(users.id, guardianLinks.athleteId))
      .where(eq(guardianLinks.guardianId, userId)),
    invitationsSent: await db
      .select({
        kind: familyInvitations.kind,
        email: familyInvitations.email,
        createdAt: familyInvitations.createdAt,
        acceptedAt: familyInvitations.acceptedAt,
      })
      .from(familyInvitations)
      .where(eq(familyInvitations.inviterId, userId)),
    // A coach's staff profile as families read it on /about, with the check dates an administrator recorded.
    coachProfile:
      (
        await db
          .select({
            bio: coachProfiles.bio,
            bioEs: coachProfiles.bioEs,
            hasPhoto: sql<boolean>`${coachProfiles.photoId} is not null`,
            programs: coachProfiles.programs,
            shownOnAboutPage: coachProfiles.shown,
            safePlayCheckedOn: coachProfiles.safePlayCheckedOn,
            backgroundCheckedOn: coachProfiles.backgroundCheckedOn,
            updatedAt: coachProfiles.updatedAt,
          })
          .from(coachProfiles)
          .where(eq(coachProfiles.userId, userId))
      )[0] ?? null,
    reportsMade: await db
      .select({ conversationId: messageReports.conversationId, reason: messageReports.reason, createdAt: messageReports.createdAt })
      .from(messageReports)
      .where(eq(messageReports.reporterId, userId)),
  };
}

/**
 * Removes the person's profile data and logins. The row stays, emptied and named "Deleted user", so the messages
 * they sent stay in the other person's conversation with that sender. Sessions are ended by the caller through
 * Better Auth first. The site's last administrator is not deleted ("last-admin"): taken under the staff roles' lock,
 * so two administrators deleting their accounts at once cannot both go.
 */
export async function anonymizeUser(
  db: Db,
  userId: string,
  services?: SafeguardingMailServices,
  enrollment?: EnrollmentServices,
): Promise<"last-admin" | undefined> {
  return db.transaction(async (tx) => {
    await lockStaffRoles(tx);
    if (await isLastAdmin(tx, userId)) return "last-admin" as const;
    const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    if (row) await tx.delete(verifications).where(eq(verifications.identifier, row.email));
    await tx.update(testimonials).set({ createdBy: null }).where(eq(testimonials.createdBy, userId));
    await removeFromFamilyOnDeletion(tx, userId, services);
    await endEnrollmentsOnDeletion(tx, userId, enrollment);
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        emailVerified: false,
        fullName: DELETED_USER_NAME,
        phone: null,
        avatarUrl: null,
        notifyMessages: false,
        notifyChanges: false,
        notifySubmissions: false,
        dateOfBirth: null,
        safeguardingLead: false,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    return undefined;
  });
}
