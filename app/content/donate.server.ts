// The Donate page's words, in each language (issue 27). Zelle uses the configured contact email and phone; bank
// details are shared on request. Only the server reads this file; the donate loader sends the reader's language.
import type { Locale } from "~/i18n/language";

/** The bank's and the account's names: the same in every language, exactly as the bank writes them. */
export const BANK = {
  bankName: "Community Federal Bank",
  accountName: "Next Level Tennis & Education, Inc.",
} as const;

export type DonateWords = {
  intro: string;
  zelleTitle: string;
  zelleText: string;
  zelleMemo: string;
  bankTitle: string;
  bankOnRequest: string;
  bankLink: string;
  bankSubject: string;
  contactTitle: string;
  contactText: string;
  contactEmail: string;
  contactSubject: string;
  contactCall: string;
  /** `{name}` is the scholarship's name. */
  scholarshipNote: string;
  stats: ReadonlyArray<{ value: string; label: string }>;
};

export const DONATE: Record<Locale, DonateWords> = {
  en: {
    intro: "Every gift puts a racquet in a child's hand and a tutor beside them. Donations are made offline, in any of three ways.",
    zelleTitle: "Zelle",
    zelleText: "Send your gift with Zelle to our email address or phone number. Click either one to copy it.",
    zelleMemo: 'Memo suggestion: "Donation - NLTE" (or the name of the scholarship you are supporting).',
    bankTitle: "Bank Transfer",
    bankOnRequest: "Routing and account numbers are shared on request.",
    bankLink: "Email us for transfer details",
    bankSubject: "Bank transfer details",
    contactTitle: "Contact to Donate",
    contactText: "Prefer to talk first, give equipment, or sponsor a player? We would love to hear from you.",
    contactEmail: "Email us",
    contactSubject: "donation inquiry",
    contactCall: "Call us",
    scholarshipNote: "You chose the {name}: please add its name to your memo.",
    stats: [
      { value: "100%", label: "Tax Deductible" },
      { value: "5", label: "Program Levels" },
      { value: "4", label: "Cities" },
    ],
  },
  es: {
    intro:
      "Cada donación pone una raqueta en la mano de un niño y a un tutor a su lado. Las donaciones se hacen fuera de este sitio, de cualquiera de estas tres maneras.",
    zelleTitle: "Zelle",
    zelleText:
      "Envíe su donación con Zelle a nuestro correo electrónico o a nuestro número de teléfono. Haga clic en cualquiera de los dos para copiarlo.",
    zelleMemo: 'Sugerencia para la nota del pago: "Donación - NLTE" (o el nombre de la beca que desea apoyar).',
    bankTitle: "Transferencia bancaria",
    bankOnRequest: "Le damos los números de ruta y de cuenta cuando nos los pida.",
    bankLink: "Escríbanos para recibir los datos de la transferencia",
    bankSubject: "Datos para una transferencia bancaria",
    contactTitle: "Comuníquese con nosotros para donar",
    contactText: "¿Prefiere hablar primero, donar equipo o patrocinar a un jugador? Nos encantaría saber de usted.",
    contactEmail: "Escríbanos",
    contactSubject: "consulta sobre donaciones",
    contactCall: "Llámenos",
    scholarshipNote: "Eligió la {name}: por favor, escriba su nombre en la nota del pago.",
    stats: [
      { value: "100%", label: "Deducible de impuestos" },
      { value: "5", label: "Niveles de programa" },
      { value: "4", label: "Ciudades" },
    ],
  },
};
