// Choices offered by the public registration form, and the words the public forms answer with (issue 27: each is
// read when it is used, so it is in the language of the request; the contact form's own words are in messages/help).
import { m } from "~/paraglide/messages";
import { PROGRAM_LINKS } from "./site";

/** What the form stores (English, as the coaches read it); SKILL_LEVEL_NAMES says each in the reader's language. */
export const SKILL_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
export const SKILL_LEVEL_NAMES: Record<(typeof SKILL_LEVELS)[number], () => string> = {
  Beginner: m.account_reg_skill_beginner,
  Intermediate: m.account_reg_skill_intermediate,
  Advanced: m.account_reg_skill_advanced,
};
export const PROGRAM_CHOICES = PROGRAM_LINKS.map((p) => p.label);

/** A stored program choice in the reader's language (the stored English label when it is no longer offered). */
export function programName(label: string): string {
  return PROGRAM_LINKS.find((p) => p.label === label)?.name() ?? label;
}

export const FORM_TEXT = {
  get registrationSuccessTitle() {
    return m.account_reg_success_title();
  },
  get registrationSuccess() {
    return m.account_reg_success();
  },
  get rateLimited() {
    return m.account_form_rate_limited();
  },
  get fixErrors() {
    return m.account_form_fix_errors();
  },
};
