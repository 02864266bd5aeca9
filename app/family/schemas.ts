// The Safe Play forms of /account and the invitation page (decision 0022). Dates are checked against the
// organisation's clock on the server (clientKindProblem, dateOfBirthProblem).
import { z } from "zod";
import { clientKind, optionalDate } from "../auth/schemas";

const email = z
  .string()
  .trim()
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((v) => v.toLowerCase());

/** The forms of /account's family sections, by their `intent`. */
export const FAMILY_INTENTS = [
  "kind",
  "add-athlete",
  "edit-athlete",
  "invite-athlete",
  "cancel-invitation",
  "remove-athlete",
  "invite-guardian",
  "remove-guardian",
  "invite-coguardian",
  "approve-testimonial",
  "decline-testimonial",
] as const;
export type FamilyIntent = (typeof FAMILY_INTENTS)[number];

export const ClientKindSchema = z.object({ kind: clientKind, dateOfBirth: optionalDate });

const athleteName = z
  .string({ error: "Please enter the athlete's name." })
  .trim()
  .min(1, "Please enter the athlete's name.")
  .max(120, "The name can be at most 120 characters.");
const dateOfBirth = z
  .string({ error: "Please enter a date of birth." })
  .trim()
  .min(1, "Please enter a date of birth.")
  .max(10, "Please enter a date as YYYY-MM-DD.");

/** A guardian corrects their athlete's name or date of birth. */
export const EditAthleteSchema = z.object({ fullName: athleteName, dateOfBirth });

/** The athlete a household form acts on: an opaque id (the model checks it is the guardian's). */
export const AthleteIdSchema = z.string().min(1).max(64);

/** A guardian sends their athlete's invitation, again or to a new address. */
export const InviteAthleteSchema = z.object({
  email: z.string({ error: "Please enter an email address." }).trim().min(1, "Please enter an email address.").pipe(email),
});

export const AddAthleteSchema = z.object({
  fullName: athleteName,
  dateOfBirth,
  email: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(email.optional()),
});

export const InviteCoGuardianSchema = z.object({
  coGuardianEmail: z.string({ error: "Please enter an email address." }).trim().min(1, "Please enter an email address.").pipe(email),
});

export const InviteGuardianSchema = z.object({
  guardianEmail: z.string({ error: "Please enter an email address." }).trim().min(1, "Please enter an email address.").pipe(email),
});
