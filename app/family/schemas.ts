// The Safe Play forms of /account and the invitation page (decision 0022). Dates are checked against the
// organisation's clock on the server (clientKindProblem, dateOfBirthProblem).
import { z } from "zod";
import { clientKind, optionalDate } from "../auth/schemas";
import { m } from "~/paraglide/messages";
import { says } from "~/lib/forms";

/** A zod message read when the issue is raised, so it is in the language of the page. */

const email = z
  .string()
  .trim()
  .max(254, says(m.messaging_family_email_too_long))
  .pipe(z.email(says(m.messaging_family_email_invalid)))
  .transform((v) => v.toLowerCase());

export { FAMILY_INTENTS, type FamilyIntent } from "./intents";

export const ClientKindSchema = z.object({ kind: clientKind, dateOfBirth: optionalDate });

/**
 * Staff confirm people of a household (/families/<id>, and a session's roster, which adds the request it is about):
 * the members named (ids of those still waiting) and how staff know them.
 */
export const ConfirmPeopleSchema = z.object({
  people: z.array(z.string().max(64)).max(20),
  how: z
    .string(says(m.messaging_household_how_required))
    .trim()
    .min(3, says(m.messaging_household_how_short))
    .max(300, says(m.messaging_household_how_long)),
});

const athleteName = z
  .string(says(m.messaging_family_name_required))
  .trim()
  .min(1, says(m.messaging_family_name_required))
  .max(120, says(m.messaging_family_name_too_long));
const dateOfBirth = z
  .string(says(m.messaging_dob_missing))
  .trim()
  .min(1, says(m.messaging_dob_missing))
  .max(10, says(m.messaging_family_date_format));

/** A guardian corrects their athlete's name or date of birth. */
export const EditAthleteSchema = z.object({ fullName: athleteName, dateOfBirth });

/** The athlete a household form acts on: an opaque id (the model checks it is the guardian's). */
export const AthleteIdSchema = z.string().min(1).max(64);

/** A guardian sends their athlete's invitation, again or to a new address. */
export const InviteAthleteSchema = z.object({
  email: z.string(says(m.messaging_family_email_required)).trim().min(1, says(m.messaging_family_email_required)).pipe(email),
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
  coGuardianEmail: z.string(says(m.messaging_family_email_required)).trim().min(1, says(m.messaging_family_email_required)).pipe(email),
});

export const InviteGuardianSchema = z.object({
  guardianEmail: z.string(says(m.messaging_family_email_required)).trim().min(1, says(m.messaging_family_email_required)).pipe(email),
});
