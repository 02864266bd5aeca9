// A family's answers to the aid questions (household size, school lunch, income band) in the words staff read: the
// /aid queue and a kept visitor request that asked for help say them the same way. Pure: the browser may import it.
import { m } from "~/paraglide/messages";

export type AidAnswers = { householdSize: number | null; schoolLunch: string | null; incomeBand: string | null };

const lunch: Record<string, () => string> = { free: m.pay_aid_lunch_free, reduced: m.pay_aid_lunch_reduced, none: m.pay_aid_lunch_none };
const income: Record<string, () => string> = {
  "under-25k": m.pay_aid_income_under_25k,
  "25k-50k": m.pay_aid_income_25k_50k,
  "50k-75k": m.pay_aid_income_50k_75k,
  "over-75k": m.pay_aid_income_over_75k,
};

/** One line an answer given ("Household size: 4"), in the reader's language; nothing for an answer left out. */
export function aidAnswerLines(a: AidAnswers): string[] {
  return [
    a.householdSize ? `${m.pay_aid_household_size()}: ${a.householdSize}` : null,
    a.schoolLunch ? `${m.pay_aid_lunch()}: ${lunch[a.schoolLunch]?.() ?? ""}` : null,
    a.incomeBand ? `${m.pay_aid_income()}: ${income[a.incomeBand]?.() ?? ""}` : null,
  ].filter((line): line is string => line !== null);
}
