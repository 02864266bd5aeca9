// The family page's "Sharing outside the organisation" (issue 40, decision 0061): for each athlete the person acts for
// (a guardian their household's athletes, an adult athlete themselves), each disclosure's answer in force and every
// answer given, and the answer to a change (intent=disclosure), beside that athlete only.
import { z } from "zod";
import { done, refused, says, parseForm } from "~/lib/forms";
import { getAthletesActedFor } from "~/family/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { Profile } from "~/lib/profile";
import type { SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
// DISCLOSURE_KINDS from the schema itself, not through disclosures.server.ts: this module reads it while loading (the
// schema below), and disclosures.server.ts sits in a long cycle through family's door back to consent's (decision 0073).
import { DISCLOSURE_KINDS } from "../../db/schema-disclosures";
import { getDisclosureHistory, getDisclosures, setDisclosure, type DisclosureAnswer, type DisclosureStates } from "./disclosures.server";
import { disclosureKindWords, DISCLOSURE_INTENT } from "./disclosures-words";

type Actor = Pick<Profile, "id" | "role">;

export type FamilyDisclosures = { id: string; name: string; self: boolean; states: DisclosureStates; history: DisclosureAnswer[] };

export async function getDisclosuresForFamily(db: SqlExecutor, actor: Actor, settings: SafePlaySettings): Promise<FamilyDisclosures[]> {
  const athletes = await getAthletesActedFor(db, actor, settings);
  const ids = athletes.map((a) => a.id);
  const [states, history] = await Promise.all([getDisclosures(db, ids), getDisclosureHistory(db, ids)]);
  return athletes.map((a) => ({ ...a, states: states.get(a.id)!, history: history.get(a.id) ?? [] }));
}

export const DisclosureSchema = z.object({
  athleteId: z.string().min(1).max(100),
  kind: z.enum(DISCLOSURE_KINDS, says(m.disclosures_error_kind)),
  given: z.enum(["yes", "no"]),
});

/** The change's answer: saved (or already so), or refused beside the athlete with nothing stored. */
export async function answerDisclosureForm(db: SqlExecutor, actor: Actor, form: FormData, settings: SafePlaySettings) {
  const { data: input } = parseForm(DisclosureSchema, form);
  const athleteId = typeof form.get("athleteId") === "string" ? String(form.get("athleteId")).slice(0, 100) : "";
  if (!input) return refused({ intent: DISCLOSURE_INTENT, values: { athleteId }, formError: m.disclosures_error_kind() });
  const r = await setDisclosure(db, actor, settings, { athleteId: input.athleteId, kind: input.kind, given: input.given === "yes" });
  if (!r.ok) return refused({ intent: DISCLOSURE_INTENT, values: { athleteId }, formError: r.error }, r.status);
  const athletes = await getAthletesActedFor(db, actor, settings);
  const words = { name: athletes.find((a) => a.id === input.athleteId)?.name ?? "", kind: disclosureKindWords(input.kind) };
  return done<{ athleteId: string }>({
    intent: DISCLOSURE_INTENT,
    athleteId,
    message: input.given === "yes" ? m.disclosures_saved_given(words) : m.disclosures_saved_withdrawn(words),
    savedAt: Date.now(),
  });
}
