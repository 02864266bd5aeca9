// The registration page's standing words in each language (issue 27): the consent beside the form, with the
// registration policy (programs.server.ts). The form's labels, field messages and confirmation are in the catalog
// (messages/account). Only the server reads this file: the page's loader sends the reader's language.
import type { Locale } from "~/i18n/language";
import { REGISTRATION_POLICY } from "./programs.server";

export type RegistrationWords = { consent: string; policy: readonly string[] };

export const REGISTRATION: Record<Locale, RegistrationWords> = {
  en: {
    consent:
      "By submitting, a parent or guardian gives consent for a participant under 18. A coach will contact you to arrange the interview and evaluation.",
    policy: REGISTRATION_POLICY.en,
  },
  es: {
    consent:
      "Al enviar este formulario, la madre, el padre o el tutor legal da su consentimiento para la participación de un menor de 18 años. Un entrenador se comunicará con usted para programar la entrevista y la evaluación.",
    policy: REGISTRATION_POLICY.es,
  },
};
