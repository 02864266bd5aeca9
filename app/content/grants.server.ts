// Grants received and the community's endorsements, in each language (issue 27). Only the server reads this file;
// the awarded-grants loader sends the reader's language.
import type { Locale } from "~/i18n/language";

export type GrantsWords = {
  grants: ReadonlyArray<{ amount: string; title: string; funder: string; text: string }>;
  endorsements: ReadonlyArray<{ quote: string; by: string }>;
  grantsTitle: string;
  endorsementsTitle: string;
  joinTitle: string;
  joinText: string;
  joinLink: string;
  joinSubject: string;
};

/** The endorsements in English, which tests compare with the page (grants.ts hands them on). */
export const ENDORSEMENTS_EN = [
  { quote: "They coach the whole child. My son's grades went up the same year his ranking did.", by: "Parent of a Level 3 player, Washington DC" },
  { quote: "A program that turns a tennis court into a classroom and a classroom into a future.", by: "High school principal, Baltimore MD" },
  { quote: "Their players arrive prepared, respectful and hungry to learn.", by: "College tennis coach, Atlanta GA" },
  { quote: "Every dollar we have given has come back to the community as a young person with a plan.", by: "Rotary club member, Washington DC" },
  { quote: "I started as a beginner who could not serve. I left with a scholarship.", by: "Program alumna, now a college student-athlete" },
  { quote: "They show up for kids other programs overlook, season after season.", by: "Community center director, Chesapeake VA" },
] as const;

export const GRANTS: Record<Locale, GrantsWords> = {
  en: {
    grants: [
      {
        amount: "$5,000",
        title: "After-School Program Grant",
        funder: "A local Rotary club",
        text: "Pays for court time, balls and homework help in our after-school program, so no family is turned away for cost.",
      },
      {
        amount: "$17,500",
        title: "Summer Camp Grant",
        funder: "A national tennis foundation",
        text: "Keeps our summer camp affordable, combining morning tennis with afternoon reading, maths and college-readiness workshops.",
      },
    ],
    endorsements: ENDORSEMENTS_EN,
    grantsTitle: "Grants We Have Received",
    endorsementsTitle: "Community Endorsements",
    joinTitle: "Join Our Mission",
    joinText: "Foundations, clubs and businesses: partner with us to bring tennis and education to more student-athletes.",
    joinLink: "Email us about partnering",
    joinSubject: "Joining the mission",
  },
  es: {
    grants: [
      {
        amount: "$5,000",
        title: "Subvención para el programa después de clases",
        funder: "Un Club Rotario local",
        text: "Paga el tiempo de cancha, las pelotas y la ayuda con las tareas en nuestro programa después de clases, para que ninguna familia se quede fuera por el costo.",
      },
      {
        amount: "$17,500",
        title: "Subvención para el campamento de verano",
        funder: "Una fundación nacional de tenis",
        text: "Mantiene nuestro campamento de verano a un precio accesible, con tenis por la mañana y talleres de lectura, matemáticas y preparación para la universidad por la tarde.",
      },
    ],
    endorsements: [
      {
        quote: "Se ocupan del niño entero, no solo del jugador. Las calificaciones de mi hijo subieron el mismo año que subió su ranking.",
        by: "Padre de un jugador de Nivel 3, Washington DC",
      },
      {
        quote: "Un programa que convierte una cancha de tenis en un salón de clases, y un salón de clases en un futuro.",
        by: "Director de una escuela secundaria, Baltimore MD",
      },
      { quote: "Sus jugadores llegan preparados, respetuosos y con muchas ganas de aprender.", by: "Entrenador de tenis universitario, Atlanta GA" },
      {
        quote: "Cada dólar que hemos dado ha vuelto a la comunidad en forma de un joven con un plan.",
        by: "Miembro de un Club Rotario, Washington DC",
      },
      { quote: "Empecé como principiante y no sabía sacar. Salí con una beca.", by: "Exalumna del programa, hoy estudiante-atleta universitaria" },
      {
        quote: "Temporada tras temporada, están presentes para los niños que otros programas pasan por alto.",
        by: "Director de un centro comunitario, Chesapeake VA",
      },
    ],
    grantsTitle: "Subvenciones que hemos recibido",
    endorsementsTitle: "Lo que dice la comunidad",
    joinTitle: "Súmese a nuestra misión",
    joinText: "Fundaciones, clubes y empresas: únanse a nosotros para llevar el tenis y la educación a más estudiantes-atletas.",
    joinLink: "Escríbanos para colaborar con nosotros",
    joinSubject: "Sumarse a la misión",
  },
};
