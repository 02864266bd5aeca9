// The home page's words, in each language (issue 27). Phone and email come from configuration; service areas from
// site.ts. Only the server reads this file (the home loader sends the reader's language with the page), so neither
// language adds to what a browser downloads. The event cards are in the database (coaches change them at
// /calendar/events).
import type { Locale } from "~/i18n/language";

export type HomeWords = {
  hero: string;
  join: string;
  learnMore: string;
  learnMoreHidden: string;
  mission: { title: string; text: string };
  vision: { title: string; text: string };
  getInTouch: { title: string; text: string; phone: string; email: string; areasTitle: string };
  eventsTitle: string;
  fullCalendar: string;
};

export const HOME: Record<Locale, HomeWords> = {
  en: {
    hero: "Tennis and education for student-athletes in Washington DC, Baltimore, Atlanta and Chesapeake, steering them toward academic circles and college scholarships.",
    join: "Join Our Programs",
    learnMore: "Learn More",
    learnMoreHidden: " about us",
    mission: {
      title: "Our Mission",
      text: "To steer student-athletes, many of them underprivileged, toward academic circles and college scholarships through tennis, tutoring and mentoring. On our courts, a missed homework assignment matters as much as a missed backhand.",
    },
    vision: {
      title: "Our Vision",
      text: "A community where every child who picks up a racquet, whatever a family can afford, has a coach who believes in them, a clear path from beginner to competitor, and a real chance at a college education.",
    },
    getInTouch: {
      title: "Get In Touch",
      text: "Questions about a program, a level or a scholarship? Call or email us: a coach answers every message.",
      phone: "Phone",
      email: "Email",
      areasTitle: "Service Areas",
    },
    eventsTitle: "Upcoming Events & Weekly Schedule",
    fullCalendar: "View Full Calendar",
  },
  es: {
    hero: "Tenis y educación para estudiantes-atletas en Washington DC, Baltimore, Atlanta y Chesapeake, para acercarlos a los estudios y a las becas universitarias.",
    join: "Únase a nuestros programas",
    learnMore: "Conozca más",
    learnMoreHidden: " sobre nosotros",
    mission: {
      title: "Nuestra misión",
      text: "Guiar a estudiantes-atletas, muchos de ellos de familias de bajos recursos, hacia los estudios y las becas universitarias por medio del tenis, las tutorías y la mentoría. En nuestras canchas, una tarea sin hacer importa tanto como un revés fallado.",
    },
    vision: {
      title: "Nuestra visión",
      text: "Una comunidad donde cada niño o niña que toma una raqueta, sin importar lo que su familia pueda pagar, tenga un entrenador que crea en él o en ella, un camino claro de principiante a competidor y una oportunidad real de ir a la universidad.",
    },
    getInTouch: {
      title: "Comuníquese con nosotros",
      text: "¿Preguntas sobre un programa, un nivel o una beca? Llámenos o escríbanos: un entrenador responde cada mensaje.",
      phone: "Teléfono",
      email: "Correo electrónico",
      areasTitle: "Dónde estamos",
    },
    eventsTitle: "Próximos eventos y horario semanal",
    fullCalendar: "Ver el calendario completo",
  },
};
