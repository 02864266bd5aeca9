// Programs' words, in each language (issue 27): the five-level system, private lessons and the registration policy.
// The six program pages' own words and their sessions are in the database, edited by coaches (issue 28, decision
// 0031). `{withdrawalDays}` is the organisation's one withdrawal notice (app/programs/policies.ts fills it in). Only
// the server reads this file; the programs loaders send the reader's language.
import type { Locale } from "~/i18n/language";
import { DOCUMENTS } from "./images";

export type ProgramsWords = {
  /** The /programs page. */
  overview: {
    levels: ReadonlyArray<{ level: number; name: string; text: string }>;
    levelsTitle: string;
    levelsIntro: string;
    placement: string;
    privateTitle: string;
    privateText: string;
    privateButton: string;
    pagesTitle: string;
    registrationTitle: string;
    registration: readonly string[];
    registerButton: string;
  };
  /** What a program page calls its buttons. */
  labels: {
    register: string;
    contact: string;
    allPrograms: string;
    photoRelease: string;
  };
};

export const PROGRAMS: Record<Locale, ProgramsWords> = {
  en: {
    overview: {
      levels: [
        {
          level: 1,
          name: "National/International",
          text: "Players competing in national and international junior events, preparing for college tennis.",
        },
        { level: 2, name: "State/Regional", text: "Ranked tournament players building a competitive schedule and a college plan." },
        { level: 3, name: "Intermediate", text: "Consistent rallies, all strokes in place; match play and first tournaments." },
        { level: 4, name: "Recreational", text: "Players who know the basics and want to keep improving and having fun." },
        { level: 5, name: "Beginner", text: "No experience needed. Racquets provided; ages 4 and up." },
      ],
      levelsTitle: "Our Five-Level System",
      levelsIntro: "Every student-athlete is placed by interview and evaluation, then moves up as skills, effort and grades grow.",
      placement: "Placement is by interview and evaluation.",
      privateTitle: "Private Lessons & Clinics",
      privateText:
        "One-on-one lessons on Fridays by appointment, and small-group clinics throughout the week. Private lessons need 24 hours' notice to book or cancel.",
      privateButton: "Contact Us About Private Lessons",
      pagesTitle: "Seasonal & Special Programs",
      registrationTitle: "Registration Information",
      registration: [
        "Monthly enrollment fees are due 15 days in advance.",
        "Once enrolled, please give {withdrawalDays} days' notice to withdraw.",
        "Once a program has started, monthly fees are not refunded, but payments can be reallocated to other clinics or lessons. Cancelling before a program starts is covered by the refund policy in the FAQ.",
      ],
      registerButton: "Register Now",
    },
    labels: {
      register: "Register for This Program",
      contact: "Contact Us",
      allPrograms: "All Programs",
      photoRelease: DOCUMENTS.photoRelease.label,
    },
  },
  es: {
    overview: {
      levels: [
        {
          level: 1,
          name: "Nacional/Internacional",
          text: "Jugadores que compiten en torneos juveniles nacionales e internacionales y se preparan para el tenis universitario.",
        },
        {
          level: 2,
          name: "Estatal/Regional",
          text: "Jugadores de torneos con ranking que arman su calendario de competencias y su plan para la universidad.",
        },
        { level: 3, name: "Intermedio", text: "Pelotean con constancia y ya dominan todos los golpes; juegan partidos y sus primeros torneos." },
        { level: 4, name: "Recreativo", text: "Jugadores que conocen lo básico y quieren seguir mejorando y divirtiéndose." },
        { level: 5, name: "Principiante", text: "No se necesita experiencia. Nosotros ponemos las raquetas; a partir de los 4 años." },
      ],
      levelsTitle: "Nuestro sistema de cinco niveles",
      levelsIntro:
        "Cada estudiante-atleta se ubica por entrevista y evaluación, y va subiendo de nivel a medida que crecen sus habilidades, su esfuerzo y sus calificaciones.",
      placement: "La ubicación se decide por entrevista y evaluación.",
      privateTitle: "Clases privadas y clínicas",
      privateText:
        "Clases individuales los viernes con cita previa y clínicas en grupos pequeños durante toda la semana. Para reservar o cancelar una clase privada, avísenos con 24 horas de anticipación.",
      privateButton: "Pregúntenos por las clases privadas",
      pagesTitle: "Programas de temporada y especiales",
      registrationTitle: "Información sobre la inscripción",
      registration: [
        "Las cuotas mensuales de inscripción se pagan con 15 días de anticipación.",
        "Una vez inscrito, para retirarse avísenos con {withdrawalDays} días de anticipación.",
        "Una vez comenzado el programa, las cuotas mensuales no se reembolsan, pero los pagos se pueden usar para otras clínicas o clases. Si cancela antes de que el programa empiece, se aplica la política de reembolsos de las Preguntas frecuentes.",
      ],
      registerButton: "Inscríbase ahora",
    },
    labels: {
      register: "Inscribirse en este programa",
      contact: "Contáctenos",
      allPrograms: "Todos los programas",
      photoRelease: "Formulario de autorización para fotos (PDF, en inglés)",
    },
  },
};

/** The registration policy in each language, for the registration page (it shows it beside its form). */
export const REGISTRATION_POLICY: Record<Locale, readonly string[]> = {
  en: PROGRAMS.en.overview.registration,
  es: PROGRAMS.es.overview.registration,
};
