// The two memorial scholarships, in each language (issue 27). Rename them here when the families' wishes are
// confirmed. Only the server reads this file: the scholarships loader sends the reader's language, and the donate
// loader the name of the scholarship a reader chose (by its id, the same in both languages).
import type { Locale } from "~/i18n/language";

export type ScholarshipId = "education" | "training";

export type ScholarshipsWords = {
  scholarships: ReadonlyArray<{ id: ScholarshipId; name: string; text: string }>;
  listTitle: string;
  recipientsTitle: string;
  recipients: string;
  policyTitle: string;
  policy: string;
  donateTitle: string;
  step1: string;
  step2: string;
  button: string;
};

export const SCHOLARSHIPS: Record<Locale, ScholarshipsWords> = {
  en: {
    scholarships: [
      {
        id: "education",
        name: "Memorial Educational Scholarship",
        text: "Supports a student-athlete's education: tutoring, test preparation, school supplies and college application fees.",
      },
      {
        id: "training",
        name: "Memorial Tennis Training & Equipment Scholarship",
        text: "Supports a player's development: clinic and camp fees, private lessons, racquets, strings and shoes.",
      },
    ],
    listTitle: "Our Memorial Scholarships",
    recipientsTitle: "Scholarship Recipients",
    recipients: "Coming soon.",
    policyTitle: "Announcement Policy",
    policy:
      "Recipients are chosen by the coaching staff each season, on effort, grades and need. They are announced on this page and on Updates and Announcements, and only with the family's permission; amounts awarded to individual students are never published.",
    donateTitle: "Donate to a Scholarship",
    step1: "Step 1: Choose a scholarship",
    step2: "Step 2: Give",
    button: "Donate to This Scholarship",
  },
  es: {
    scholarships: [
      {
        id: "education",
        name: "Beca Educativa en Memoria",
        text: "Apoya la educación de un estudiante-atleta: tutorías, preparación para exámenes, útiles escolares y cuotas de solicitud a la universidad.",
      },
      {
        id: "training",
        name: "Beca en Memoria para Entrenamiento y Equipo de Tenis",
        text: "Apoya el desarrollo de un jugador: cuotas de clínicas y campamentos, clases privadas, raquetas, cuerdas y zapatos de tenis.",
      },
    ],
    listTitle: "Nuestras becas en memoria",
    recipientsTitle: "Estudiantes becados",
    recipients: "Muy pronto.",
    policyTitle: "Cómo anunciamos las becas",
    policy:
      "Cada temporada, el equipo de entrenadores elige a los becados según su esfuerzo, sus calificaciones y su necesidad. Los anunciamos en esta página y en Novedades y anuncios, y solo con el permiso de la familia; nunca publicamos la cantidad que recibe cada estudiante.",
    donateTitle: "Donar a una beca",
    step1: "Paso 1: Elija una beca",
    step2: "Paso 2: Haga su donación",
    button: "Donar a esta beca",
  },
};
