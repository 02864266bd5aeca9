// What the consent forms may send, checked at the boundary (issue 40, decision 0043); the database's CHECK constraints
// say the same again. Each message is the one shown beside its field. Control characters are refused before these by
// parseForm (app/lib/safe-text.ts).
import { z } from "zod";
import { says } from "~/lib/forms";
import { m } from "~/paraglide/messages";

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
const ticked = (message: () => string) => checkbox.refine((v) => v, says(message));

/** What a signature sends: the version read, the athlete and season it is for, the typed name and the two ticks. */
export const SignSchema = z.object({
  versionId: z.uuid(says(m.consent_error_version)),
  athleteId: z.string(says(m.consent_error_athlete)).min(1, says(m.consent_error_athlete)).max(100, says(m.consent_error_athlete)),
  seasonId: z.union([z.uuid(says(m.consent_error_season)), z.literal("none")], says(m.consent_error_season)),
  typedName: z
    .string(says(m.consent_error_name_required))
    .trim()
    .min(2, says(m.consent_error_name_required))
    .max(120, says(m.consent_error_name_long)),
  guardian: checkbox,
  esign: ticked(m.consent_error_esign),
  photoChoice: z.enum(["yes", "team", "no"], says(m.consent_error_photo_choice)).optional(),
});
export type SignInput = z.infer<typeof SignSchema>;

export const WithdrawSchema = z.object({ signatureId: z.uuid(says(m.consent_error_signature)) });

const title = z.string(says(m.consent_error_title)).trim().min(1, says(m.consent_error_title)).max(120, says(m.consent_error_title));
const body = z.string(says(m.consent_error_body)).trim().min(1, says(m.consent_error_body)).max(20000, says(m.consent_error_body));

/** A new version of a form (or the first of a new form): its words in both languages. */
export const VersionSchema = z.object({ titleEn: title, titleEs: title, bodyEn: body, bodyEs: body });
export type VersionInput = z.infer<typeof VersionSchema>;

export const KINDS = ["waiver", "medical", "photo", "conduct", "other"] as const;
export type FormKind = (typeof KINDS)[number];

export const NewFormSchema = VersionSchema.extend({ kind: z.enum(KINDS, says(m.consent_error_kind)) });

/**
 * A name compared as people write it: case, accents and spacing aside ("María  José" is "maria jose"). A typed
 * signature must be the signer's own name on their account, so nobody signs as someone else.
 */
export function sameName(typed: string, accountName: string): boolean {
  const norm = (s: string) =>
    s
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  const a = norm(typed);
  return a.length > 0 && a === norm(accountName);
}
