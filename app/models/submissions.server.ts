import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactMessages, registrationRequests, users } from "../../db/schema";
import type { ContactInput, RegistrationInput } from "~/lib/submission-schemas";

export async function createRegistrationRequest(db: Db, input: RegistrationInput) {
  const [row] = await db.insert(registrationRequests).values(input).returning({ id: registrationRequests.id });
  return row!;
}

export async function createContactMessage(db: Db, input: ContactInput) {
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row!;
}

/** Newest first, with the name of the coach who handled each one. */
export async function getRegistrationRequests(db: Db, limit = 200) {
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
      createdAt: registrationRequests.createdAt,
      handledAt: registrationRequests.handledAt,
      handledByName: users.fullName,
    })
    .from(registrationRequests)
    .leftJoin(users, eq(users.id, registrationRequests.handledBy))
    .orderBy(desc(registrationRequests.createdAt))
    .limit(limit);
}

export async function getContactMessages(db: Db, limit = 200) {
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
    .orderBy(desc(contactMessages.createdAt))
    .limit(limit);
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
