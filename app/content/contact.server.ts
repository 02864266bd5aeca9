// The contact page's standing words in each language (issue 27); the form's labels, field messages and confirmation
// are in the catalog (messages/help). Only the server reads this file: the contact loader sends the reader's language.
import type { Locale } from "~/i18n/language";
import { CONTACT_TEXT, type ContactWords } from "./contact";

export const CONTACT: Record<Locale, ContactWords> = {
  en: CONTACT_TEXT,
  es: {
    phoneTitle: "Teléfono",
    emailTitle: "Correo electrónico",
    locationsTitle: "Dónde estamos",
    locations: ["Washington DC", "Maryland", "Virginia"],
    formTitle: "Envíenos un mensaje",
    callNow: "Llamar ahora",
    emailUs: "Escríbanos",
  },
};
