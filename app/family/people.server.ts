// What /account/family shows for issue 39's forms: the person's phone (and whether a coach waits for it) and, for each
// athlete they act for (acting-for.server.ts), the family's answers to what grant forms ask.
import type { AppLoadContext } from "react-router";
import type { Profile } from "~/lib/profile";
import { getAthletesActedFor } from "./acting-for.server";
import { getDemographics } from "./demographics.server";
import { getPhoneNeed } from "./guardian-phone.server";

export async function getFamilyPeople(context: AppLoadContext, user: Profile) {
  const settings = context.config.safePlay;
  const [phone, athletes] = await Promise.all([getPhoneNeed(context.db, user.id, settings.clock()), getAthletesActedFor(context.db, user, settings)]);
  const answers = await getDemographics(
    context.db,
    athletes.map((a) => a.id),
  );
  return { phone, demographics: athletes.map((a) => ({ id: a.id, name: a.name, answers: answers.get(a.id)! })) };
}
