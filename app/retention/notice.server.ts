// What /privacy says about keeping children's data (issue 40, decision 0043), written from the retention table (with the
// periods in force) and from the outside services this site is configured to use: what each receives about children.
import type { Locale } from "~/i18n/language";
import type { SqlExecutor } from "~/mail/index.server";
import { getRetentionPeriods } from "./apply.server";
import { RETENTION } from "./table";

export type RetentionNotice = {
  rows: Array<{ kind: string; what: string; purpose: string; days: number; from: string; end: "delete" | "anonymise" }>;
  services: Array<{ id: string; name: string; receives: string; children: string }>;
};

/** The parts of the configuration that say which outside services the site uses (each set only when configured). */
export type ServicesConfig = {
  mail: { smtpUrl?: string | undefined };
  google?: unknown;
  stripe?: unknown;
  push?: unknown;
};

type Words = { en: string; es: string };
type Service = { id: string; name: Words; receives: Words; children: Words; used: (c: ServicesConfig) => boolean };

const NOTHING = { en: "Nothing about children.", es: "Nada sobre los niños." };

const SERVICES: Service[] = [
  {
    id: "mail",
    name: { en: "Mail provider", es: "Proveedor de correo" },
    receives: { en: "The address and words of each mail the site sends.", es: "La dirección y el texto de cada correo que envía el sitio." },
    children: {
      en: "A child's first and last name in mail to their guardians; never medical notes or forms' answers.",
      es: "El nombre y apellido de un niño en el correo a sus tutores; nunca notas médicas ni respuestas de formularios.",
    },
    used: (c) => Boolean(c.mail.smtpUrl),
  },
  {
    id: "push",
    name: {
      en: "Browser push services (Google, Mozilla, Apple, Microsoft)",
      es: "Servicios de notificaciones de los navegadores (Google, Mozilla, Apple, Microsoft)",
    },
    receives: {
      en: "An encrypted notice for a device that turned notifications on; the service cannot read it.",
      es: "Un aviso cifrado para un dispositivo que activó las notificaciones; el servicio no puede leerlo.",
    },
    children: NOTHING,
    used: (c) => Boolean(c.push),
  },
  {
    id: "payments",
    name: { en: "Payment provider (Stripe)", es: "Proveedor de pagos (Stripe)" },
    receives: { en: "The payer's card and the amount.", es: "La tarjeta de quien paga y el importe." },
    children: NOTHING,
    used: (c) => Boolean(c.stripe),
  },
  {
    id: "youtube",
    name: { en: "YouTube (videos on our pages)", es: "YouTube (videos en nuestras páginas)" },
    receives: {
      en: "Your browser's request when you play a video (privacy-enhanced mode).",
      es: "La solicitud de su navegador cuando reproduce un video (modo de privacidad mejorada).",
    },
    children: NOTHING,
    used: () => true,
  },
  {
    id: "google",
    name: { en: "Google sign-in", es: "Inicio de sesión con Google" },
    receives: {
      en: "The address of an adult who chooses to sign in with Google.",
      es: "La dirección de un adulto que elige iniciar sesión con Google.",
    },
    children: NOTHING,
    used: (c) => Boolean(c.google),
  },
];

export async function getRetentionNotice(db: SqlExecutor, config: ServicesConfig, locale: Locale): Promise<RetentionNotice> {
  const periods = await getRetentionPeriods(db);
  return {
    rows: RETENTION.map((r) => ({
      kind: r.kind,
      what: r.what[locale],
      purpose: r.purpose[locale],
      days: periods[r.kind],
      from: r.from[locale],
      end: r.end,
    })),
    services: SERVICES.filter((s) => s.used(config)).map((s) => ({
      id: s.id,
      name: s.name[locale],
      receives: s.receives[locale],
      children: s.children[locale],
    })),
  };
}
