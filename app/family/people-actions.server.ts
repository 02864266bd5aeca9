// /account/family's forms of issue 39, answered with ActionResult as the page's other forms (AthleteSectionAnswer): the guardian's mobile phone and an
// athlete's answers to what grant forms ask. Each checks its rule on the server; bad input changes nothing and is
// answered beside its field with a 400.
import type { AppLoadContext } from "react-router";
import { GuardianPhoneSchema } from "~/auth/schemas";
import type { Profile } from "~/lib/profile";
import { m } from "~/paraglide/messages";
import { DemographicsSchema, saveDemographics } from "./demographics.server";
import { saveGuardianPhone } from "./guardian-phone.server";
import { done, parseForm, refused } from "~/lib/forms";

export const PEOPLE_INTENTS = ["guardian-phone", "demographics"] as const;
export type PeopleIntent = (typeof PEOPLE_INTENTS)[number];
export const isPeopleIntent = (v: unknown): v is PeopleIntent => (PEOPLE_INTENTS as readonly unknown[]).includes(v);

export async function peopleAction(intent: PeopleIntent, form: FormData, user: Profile, context: AppLoadContext) {
  if (user.role !== "client") return refused({ intent, formError: m.messaging_family_clients_only() }, 403);
  if (intent === "guardian-phone") {
    const { data: input, fieldErrors } = parseForm(GuardianPhoneSchema, form);
    if (!input) return refused({ intent, fieldErrors });
    await saveGuardianPhone(context.db, user.id, input.phone ?? null);
    const message = input.phone ? m.account_phone_saved({ phone: input.phone }) : m.account_phone_removed();
    return done({ intent, message, savedAt: Date.now() });
  }
  const athleteId = String(form.get("athleteId") ?? "");
  const { data: input, fieldErrors } = parseForm(DemographicsSchema, form);
  if (!input) return refused({ intent, values: { athleteId }, fieldErrors });
  const r = await saveDemographics(context.db, user, input, context.config.safePlay);
  if (!r.ok) return refused({ intent, values: { athleteId }, formError: r.error }, r.status);
  return done<{ athleteId: string }>({ intent, athleteId, message: m.account_demographics_saved(), savedAt: Date.now() });
}
