// Programs' words, in each language (issue 27): the five-level system, private lessons, the registration policy and
// the six program pages. Only the server reads this file; the programs loaders send the reader's language.
import type { Locale } from "~/i18n/language";
import { DOCUMENTS } from "./images";
import type { ProgramSlug } from "./site";

/** The four things every family asks first. Each is plain text the organisation edits here, or "to be decided". */
export type ProgramFacts = {
  /** Who it is for: ages and levels. */
  who: string;
  /** Days and times. */
  when: string;
  /** The place. */
  where: string;
  /** What it costs. */
  price: string;
};

export type ProgramPage = {
  summary: string;
  facts: ProgramFacts;
  sections: ReadonlyArray<{ title: string; text: string; items?: readonly string[] }>;
  /** Summer only: the photo release form. */
  photoRelease?: boolean;
};

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
  /** What a program page calls its facts and its buttons. */
  labels: {
    facts: ProgramFacts;
    register: string;
    contact: string;
    allPrograms: string;
    photoRelease: string;
  };
  programs: Record<ProgramSlug, ProgramPage>;
};

/** Written where a fact is not decided yet, so a family sees the question is known rather than forgotten. */
const TBD = "TBD";
const POR_DEFINIR = "Por definir";

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
        "Please give 30 days' notice to withdraw.",
        "There are no refunds, but payments can be reallocated to other clinics or lessons.",
      ],
      registerButton: "Register Now",
    },
    labels: {
      facts: { who: "Who it is for", when: "When", where: "Where", price: "Price" },
      register: "Register for This Program",
      contact: "Contact Us",
      allPrograms: "All Programs",
      photoRelease: DOCUMENTS.photoRelease.label,
    },
    programs: {
      spring: {
        facts: {
          who: "All five levels, placed by interview and evaluation; ages TBD",
          when: "Monday-Thursday 4:30-6:00 PM, Sunday group training; private lessons Fridays by appointment",
          where: TBD,
          price: TBD,
        },
        summary: "Spring is tournament season: we get players outdoors, sharpen match play and set goals for the summer.",
        sections: [
          {
            title: "What we do",
            text: "Weekly clinics at every level, tournament preparation for Levels 1-3, and a fresh evaluation for every player.",
          },
          { title: "Schedule", text: "Monday-Thursday clinics 4:30-6:00 PM, Sunday group training, private lessons on Fridays by appointment." },
          { title: "Education", text: "End-of-year exam preparation and study hours before clinics." },
        ],
      },
      summer: {
        facts: {
          who: "Student-athletes of every level; ages TBD",
          when: TBD,
          where: TBD,
          price: "TBD; a $17,500 grant keeps camp affordable, and scholarships are available",
        },
        summary: "Our summer camp combines morning tennis with afternoon learning, so players return to school stronger on and off the court.",
        sections: [
          {
            title: "Camp days",
            text: "Full days of coaching by level, match play, fitness and reading and maths sessions.",
            items: [
              "Morning: drills and match play by level",
              "Midday: lunch and rest in the shade",
              "Afternoon: reading, maths and college-readiness workshops",
            ],
          },
          { title: "Cost", text: "A $17,500 grant from a national tennis foundation keeps camp affordable; ask us about scholarships." },
          { title: "Before the first day", text: "Register online, then bring the signed photo release form to the first session." },
        ],
        photoRelease: true,
      },
      fall: {
        facts: {
          who: "Every level; the Level-5 youth clinic is for ages 8-12",
          when: "Sep 7 - Nov 7: Sundays 8-10 AM, Monday-Thursday 4:30-6:00 PM; no sessions 9/21, 10/13, 10/21",
          where: TBD,
          price: TBD,
        },
        summary: "The fall weekly schedule runs Sep 7 - Nov 7, with clinics after school and group training on Sundays.",
        sections: [
          {
            title: "Weekly schedule",
            text: "Every week from Sep 7 to Nov 7:",
            items: [
              "Sundays 8-10 AM: group training",
              "Monday-Thursday 4:30-6:00 PM: clinics",
              "Tuesday and Thursday 4:30-5:30 PM: Level-5 youth clinic, ages 8-12",
              "Fridays: private lessons by appointment",
              "Saturdays: closed for the Sabbath",
            ],
          },
          { title: "Cancellations", text: "No sessions on 9/21, 10/13 and 10/21." },
        ],
      },
      winter: {
        facts: { who: "Every level; ages TBD", when: TBD, where: "Indoor courts; address TBD", price: TBD },
        summary: "Winter keeps players moving: indoor court time, fitness, and extra academic support for mid-year grades.",
        sections: [
          { title: "Indoor training", text: "Reduced-size groups on indoor courts, focused on technique and footwork." },
          { title: "Fitness", text: "Strength, agility and injury-prevention sessions." },
          { title: "Academic support", text: "Tutoring and college-application help for older players during the break." },
        ],
      },
      "after-school": {
        facts: {
          who: "Student-athletes of every level; ages TBD",
          when: "Monday-Thursday 4:30-6:00 PM, homework first",
          where: TBD,
          price: "TBD; a $5,000 Rotary grant pays for court time, balls and tutoring",
        },
        summary: "After School Programming gives student-athletes a safe, active place between the last bell and dinner.",
        sections: [
          { title: "Homework first", text: "Every session starts with supervised homework time." },
          { title: "Then tennis", text: "Clinics by level, Monday-Thursday 4:30-6:00 PM." },
          { title: "Funded by the community", text: "A $5,000 grant from a local Rotary club pays for court time, balls and tutoring." },
        ],
      },
      "school-without-walls": {
        facts: {
          who: "Student-athletes of every level; ages TBD",
          when: "During the school year; days TBD",
          where: "On court and on college campuses; places TBD",
          price: TBD,
        },
        summary: "School Without Walls takes learning beyond the classroom: tennis, mentoring and campus visits that make college real.",
        sections: [
          { title: "Learning everywhere", text: "Lessons in goal-setting, nutrition and study skills, taught on and off the court." },
          { title: "College visits", text: "Trips to college campuses to meet coaches, players and admissions staff." },
          { title: "Mentoring", text: "Older players and alumni mentor younger student-athletes through the school year." },
        ],
      },
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
        "Para retirarse, avísenos con 30 días de anticipación.",
        "No hay reembolsos, pero los pagos se pueden usar para otras clínicas o clases.",
      ],
      registerButton: "Inscríbase ahora",
    },
    labels: {
      facts: { who: "Para quién es", when: "Cuándo", where: "Dónde", price: "Precio" },
      register: "Inscribirse en este programa",
      contact: "Contáctenos",
      allPrograms: "Todos los programas",
      photoRelease: "Formulario de autorización para fotos (PDF, en inglés)",
    },
    programs: {
      spring: {
        facts: {
          who: "Los cinco niveles, con ubicación por entrevista y evaluación; edades por definir",
          when: "De lunes a jueves de 4:30 a 6:00 p. m. y entrenamiento en grupo los domingos; clases privadas los viernes con cita previa",
          where: POR_DEFINIR,
          price: POR_DEFINIR,
        },
        summary:
          "La primavera es temporada de torneos: llevamos a los jugadores a las canchas al aire libre, afinamos su juego en partidos y fijamos metas para el verano.",
        sections: [
          {
            title: "Qué hacemos",
            text: "Clínicas semanales en todos los niveles, preparación para torneos en los Niveles 1 a 3 y una nueva evaluación para cada jugador.",
          },
          {
            title: "Horario",
            text: "Clínicas de lunes a jueves de 4:30 a 6:00 p. m., entrenamiento en grupo los domingos y clases privadas los viernes con cita previa.",
          },
          { title: "Educación", text: "Preparación para los exámenes de fin de año y horas de estudio antes de las clínicas." },
        ],
      },
      summer: {
        facts: {
          who: "Estudiantes-atletas de todos los niveles; edades por definir",
          when: POR_DEFINIR,
          where: POR_DEFINIR,
          price: "Por definir; una subvención de $17,500 mantiene el campamento a un precio accesible, y hay becas disponibles",
        },
        summary:
          "Nuestro campamento de verano combina tenis por la mañana con aprendizaje por la tarde, para que los jugadores vuelvan a la escuela más fuertes dentro y fuera de la cancha.",
        sections: [
          {
            title: "Los días de campamento",
            text: "Días completos de entrenamiento por nivel, partidos, acondicionamiento físico y sesiones de lectura y matemáticas.",
            items: [
              "Mañana: ejercicios y partidos por nivel",
              "Mediodía: almuerzo y descanso a la sombra",
              "Tarde: talleres de lectura, matemáticas y preparación para la universidad",
            ],
          },
          {
            title: "Costo",
            text: "Una subvención de $17,500 de una fundación nacional de tenis mantiene el campamento a un precio accesible; pregúntenos por las becas.",
          },
          {
            title: "Antes del primer día",
            text: "Inscríbase en línea y luego traiga a la primera sesión el formulario de autorización para fotos, firmado.",
          },
        ],
        photoRelease: true,
      },
      fall: {
        facts: {
          who: "Todos los niveles; la clínica juvenil de Nivel 5 es para niños de 8 a 12 años",
          when: "Del 7 de septiembre al 7 de noviembre: domingos de 8 a 10 a. m. y de lunes a jueves de 4:30 a 6:00 p. m.; no hay sesiones el 21 de septiembre ni el 13 y el 21 de octubre",
          where: POR_DEFINIR,
          price: POR_DEFINIR,
        },
        summary:
          "El horario semanal de otoño va del 7 de septiembre al 7 de noviembre, con clínicas después de clases y entrenamiento en grupo los domingos.",
        sections: [
          {
            title: "Horario semanal",
            text: "Todas las semanas, del 7 de septiembre al 7 de noviembre:",
            items: [
              "Domingos de 8 a 10 a. m.: entrenamiento en grupo",
              "De lunes a jueves de 4:30 a 6:00 p. m.: clínicas",
              "Martes y jueves de 4:30 a 5:30 p. m.: clínica juvenil de Nivel 5, de 8 a 12 años",
              "Viernes: clases privadas con cita previa",
              "Sábados: cerramos por el día de reposo (Sabbath)",
            ],
          },
          { title: "Cancelaciones", text: "No hay sesiones el 21 de septiembre, el 13 de octubre ni el 21 de octubre." },
        ],
      },
      winter: {
        facts: {
          who: "Todos los niveles; edades por definir",
          when: POR_DEFINIR,
          where: "Canchas bajo techo; dirección por definir",
          price: POR_DEFINIR,
        },
        summary:
          "En invierno los jugadores no se detienen: tiempo en canchas bajo techo, acondicionamiento físico y apoyo académico adicional para las calificaciones de mitad de año.",
        sections: [
          { title: "Entrenamiento bajo techo", text: "Grupos más pequeños en canchas bajo techo, con énfasis en la técnica y el juego de pies." },
          { title: "Acondicionamiento físico", text: "Sesiones de fuerza, agilidad y prevención de lesiones." },
          {
            title: "Apoyo académico",
            text: "Tutorías y ayuda con las solicitudes a la universidad para los jugadores mayores durante las vacaciones.",
          },
        ],
      },
      "after-school": {
        facts: {
          who: "Estudiantes-atletas de todos los niveles; edades por definir",
          when: "De lunes a jueves de 4:30 a 6:00 p. m., primero las tareas",
          where: POR_DEFINIR,
          price: "Por definir; una subvención de $5,000 de un Club Rotario paga el tiempo de cancha, las pelotas y las tutorías",
        },
        summary:
          "Nuestro programa después de clases les da a los estudiantes-atletas un lugar seguro y activo entre la salida de la escuela y la hora de la cena.",
        sections: [
          { title: "Primero las tareas", text: "Cada sesión empieza con un tiempo supervisado para hacer las tareas." },
          { title: "Después, tenis", text: "Clínicas por nivel, de lunes a jueves de 4:30 a 6:00 p. m." },
          {
            title: "Con el apoyo de la comunidad",
            text: "Una subvención de $5,000 de un Club Rotario local paga el tiempo de cancha, las pelotas y las tutorías.",
          },
        ],
      },
      "school-without-walls": {
        facts: {
          who: "Estudiantes-atletas de todos los niveles; edades por definir",
          when: "Durante el año escolar; días por definir",
          where: "En la cancha y en campus universitarios; lugares por definir",
          price: POR_DEFINIR,
        },
        summary:
          "School Without Walls lleva el aprendizaje más allá del salón de clases: tenis, mentoría y visitas a universidades que convierten la universidad en una meta real.",
        sections: [
          {
            title: "Aprender en todas partes",
            text: "Lecciones sobre cómo fijarse metas, nutrición y hábitos de estudio, dentro y fuera de la cancha.",
          },
          {
            title: "Visitas a universidades",
            text: "Viajes a campus universitarios para conocer a entrenadores, jugadores y personal de admisiones.",
          },
          {
            title: "Mentoría",
            text: "Jugadores mayores y exalumnos acompañan como mentores a los estudiantes-atletas más jóvenes durante el año escolar.",
          },
        ],
      },
    },
  },
};

/** The registration policy in each language, for the registration page (it shows it beside its form). */
export const REGISTRATION_POLICY: Record<Locale, readonly string[]> = {
  en: PROGRAMS.en.overview.registration,
  es: PROGRAMS.es.overview.registration,
};
