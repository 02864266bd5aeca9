// Who may do what with forms (issue 40, decision 0043), one function a rule. Signing for an athlete is acting for
// them (app/family/acting-for.server.ts: a guardian for their household's athlete, an adult athlete for themselves,
// never a minor alone). Reading the forms and receipts: the athlete's guardians and the athlete. Anyone else is
// answered as if the thing did not exist.
import type { AppLoadContext } from "react-router";
import { actingForProblem, requireFamilyPerson } from "~/family/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { Profile } from "~/lib/profile";
import type { SqlExecutor } from "~/mail/index.server";
import { familyAthleteIds } from "~/models/family.server";
import { m } from "~/paraglide/messages";

type Actor = Pick<Profile, "id" | "role">;

/** The first line of the family's forms pages: a visitor signs in; staff get 403 (they keep the forms on /staff/forms). */
export async function requireFormsFamily(request: Request, context: AppLoadContext): Promise<Profile> {
  return requireFamilyPerson(request, context, m.consent_refused_not_family);
}

/** Null when `actor` may sign for `athleteId`, with whether as guardian or for themselves; else the refusal's words. */
export async function signAsRefusal(
  db: SqlExecutor,
  actor: Actor,
  athleteId: string,
  settings: SafePlaySettings,
): Promise<{ refusal: string } | { role: "guardian" | "self" }> {
  const problem = await actingForProblem(db, actor, athleteId, settings);
  if (problem === "minor") return { refusal: m.consent_refused_minor() };
  if (problem) return { refusal: m.consent_error_athlete() };
  return { role: athleteId === actor.id ? "self" : "guardian" };
}

/** Whose forms and receipts `actor` reads: their household's athletes (a guardian), themselves (an athlete). */
export const getFormsAthleteIds = familyAthleteIds;
