import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactMessages, events, registrationRequests, users } from "../../db/schema";
import type { ContactInput, RegistrationInput } from "~/forms/schemas";
import { SUBMISSION_MAIL } from "~/mail/submission-mail";
import { enqueueMail, type DbOrTx, type MailServices } from "../mail/index.server";
import { hitMailLimits } from "../mail/index.server";

/**
 * Stores a registration request and, in the same transaction, queues its confirmation and the coaches' notices. In a
 * caller's transaction (`db` a transaction: the registration with its enrollment request, issue 29) it is a savepoint
 * of it, and the caller's rollback takes the row and its mails back too.
 */
export async function createRegistrationRequest(
  db: DbOrTx,
  input: RegistrationInput,
  mail?: MailServices,
  links: { submittedBy?: string | null; athleteId?: string | null; sessionId?: string | null; receipt?: boolean } = {},
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(registrationRequests)
      .values({
        studentName: input.studentName,
        age: input.age,
        skillLevel: input.skillLevel,
        programInterest: input.programInterest,
        parentName: input.parentName,
        email: input.email,
        phone: input.phone,
        emergencyContact: input.emergencyContact,
        submittedBy: links.submittedBy ?? null,
        athleteId: links.athleteId ?? null,
        sessionId: links.sessionId ?? null,
      })
      .returning({ id: registrationRequests.id });
    if (mail) await queueSubmissionMail(tx, mail, "registration", input.email, input.programInterest, links.receipt ?? true);
    return row!;
  });
}

export async function createContactMessage(db: Db, input: ContactInput, mail?: MailServices) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    if (mail) await queueSubmissionMail(tx, mail, "contact", input.email);
    return row!;
  });
}

// The mails say as little as they can about the family (a child's details stay on the site, behind sign-in).
async function queueSubmissionMail(
  tx: DbOrTx,
  mail: MailServices,
  kind: "registration" | "contact",
  email: string,
  program?: string,
  receipt = true,
) {
  // The address was typed by whoever sent the form: past its limit (decision 0024) the form is still kept and the
  // coaches still told; only the confirmation is not sent again. No receipt where another mail is the receipt (a
  // signed-in family's request for a place: enrollment mails its guardians "requested" or "waitlisted").
  if (receipt && !(await hitMailLimits(tx, mail.secret, { senderId: null, to: email })))
    await enqueueMail(tx, mail, { to: email, ...SUBMISSION_MAIL.confirmation(kind, program) });
  const coaches = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, "coach"), eq(users.notifySubmissions, true), isNull(users.deletedAt)));
  for (const coach of coaches) {
    await enqueueMail(tx, mail, {
      to: coach.email,
      ...SUBMISSION_MAIL.coachNotice(kind, `${mail.config.publicUrl}/appointments/requests`),
      unsubscribe: { userId: coach.id, topic: "submissions" },
    });
  }
}

/** How many submissions the coaches' inbox shows on one page, of each kind. */
export const INBOX_PAGE_SIZE = 200;

/** How many there are of each kind, for the inbox's page count. */
export async function countSubmissions(db: Db) {
  const [[registrations], [messages]] = await Promise.all([
    db.select({ n: count() }).from(registrationRequests),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return { registrations: registrations!.n, messages: messages!.n };
}

/**
 * Newest first, with the name of the coach who handled each one. The id breaks ties (rows stored in one statement
 * share a time), so that pages never overlap.
 */
export async function getRegistrationRequests(db: Db, limit = INBOX_PAGE_SIZE, offset = 0) {
  return db
    .select({
      id: registrationRequests.id,
      studentName: registrationRequests.studentName,
      age: registrationRequests.age,
      skillLevel: registrationRequests.skillLevel,
      programInterest: registrationRequests.programInterest,
      parentName: registrationRequests.parentName,
      email: registrationRequests.email,
      phone: registrationRequests.phone,
      emergencyContact: registrationRequests.emergencyContact,
      /** The session chosen on the form (its title as the coaches wrote it), when one was. */
      sessionTitle: events.title,
      createdAt: registrationRequests.createdAt,
      handledAt: registrationRequests.handledAt,
      handledByName: users.fullName,
    })
    .from(registrationRequests)
    .leftJoin(users, eq(users.id, registrationRequests.handledBy))
    .leftJoin(events, eq(events.id, registrationRequests.sessionId))
    .orderBy(desc(registrationRequests.createdAt), desc(registrationRequests.id))
    .limit(limit)
    .offset(offset);
}

export async function getContactMessages(db: Db, limit = INBOX_PAGE_SIZE, offset = 0) {
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
      handledByName: users.fullName,
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.handledBy))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
}

/** Marks one submission handled; returns false when there is no such unhandled submission. */
export async function updateSubmissionHandled(db: Db, kind: "registration" | "contact", id: string, coachId: string) {
  const table = kind === "registration" ? registrationRequests : contactMessages;
  const rows = await db
    .update(table)
    .set({ handledAt: new Date(), handledBy: coachId })
    .where(and(eq(table.id, id), isNull(table.handledAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}
