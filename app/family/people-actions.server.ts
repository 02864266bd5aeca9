// /account/family's forms of issue 39, answered in FamilyActionData's shape: the guardian's mobile phone and an
// athlete's answers to what grant forms ask. Each checks its rule on the server; bad input changes nothing and is
// answered beside its field with a 400.
import { data, type AppLoadContext } from "react-router";
import { GuardianPhoneSchema } from "~/auth/schemas";
import type { Profile } from "~/lib/profile";
import { m } from "~/paraglide/messages";
import type { FamilyActionData } from "./actions.server";
import { DemographicsSchema, saveDemographics } from "./demographics.server";
import { saveGuardianPhone } from "./guardian-phone.server";
import { parseForm } from "~/lib/forms";

export const PEOPLE_INTENTS = ["guardian-phone", "demographics"] as const;
export type PeopleIntent = (typeof PEOPLE_INTENTS)[number];
export const isPeopleIntent = (v: unknown): v is PeopleIntent => (PEOPLE_INTENTS as readonly unknown[]).includes(v);

export async function peopleAction(intent: PeopleIntent, form: FormData, user: Profile, context: AppLoadContext) {
  if (user.role !== "client") return data<FamilyActionData>({ intent, error: m.messaging_family_clients_only() }, { status: 403 });
  if (intent === "guardian-phone") {
    const { data: input, fieldErrors } = parseForm(GuardianPhoneSchema, form);
    if (!input) return data<FamilyActionData>({ intent, fieldErrors: fieldErrors ?? {} }, { status: 400 });
    await saveGuardianPhone(context.db, user.id, input.phone ?? null);
    const saved = input.phone ? m.account_phone_saved({ phone: input.phone }) : m.account_phone_removed();
    return data<FamilyActionData>({ intent, saved, savedAt: Date.now() });
  }
  const athleteId = String(form.get("athleteId") ?? "");
  const { data: input, fieldErrors } = parseForm(DemographicsSchema, form);
  if (!input) return data<FamilyActionData>({ intent, athleteId, fieldErrors: fieldErrors ?? {} }, { status: 400 });
  const r = await saveDemographics(context.db, user, input, context.config.safePlay);
  if (!r.ok) return data<FamilyActionData>({ intent, athleteId, error: r.error }, { status: r.status });
  return data<FamilyActionData>({ intent, athleteId, saved: m.account_demographics_saved(), savedAt: Date.now() });
}
