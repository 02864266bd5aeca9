// The About page's words, in each language (issue 27): mission, history, the system explained for parents, values,
// founder and a student's story. Only the server reads this file; the about loader sends the reader's language.
import type { Locale } from "~/i18n/language";

export type AboutWords = {
  missionTitle: string;
  mission: string;
  historyTitle: string;
  history: ReadonlyArray<{ year: string; text: string }>;
  systemTitle: string;
  system: readonly string[];
  valuesTitle: string;
  values: ReadonlyArray<{ name: string; text: string }>;
  founderTitle: string;
  founder: readonly string[];
  staffTitle: string;
  staffPlaceholder: string;
  storyTitle: string;
  story: string;
};

export const ABOUT: Record<Locale, AboutWords> = {
  en: {
    missionTitle: "Our Mission",
    mission:
      "Next Level Tennis & Education steers student-athletes, many of them underprivileged, toward academic circles and college scholarships. Tennis is how we meet them; education is where we want them to arrive.",
    historyTitle: "Our History",
    history: [
      { year: "1998", text: "Founded in Washington DC with a bucket of balls, one public court and a handful of neighbourhood kids." },
      {
        year: "2004",
        text: "Moved to Atlanta, where the program grew for twelve years and sent its first players to college on tennis scholarships.",
      },
      { year: "2018", text: "Became a registered non-profit, so that grants and tax-deductible gifts could reach more families." },
      { year: "Today", text: "Serving families in Washington DC, Baltimore, Atlanta and Chesapeake." },
    ],
    systemTitle: "Our System, Explained for Parents",
    system: [
      "Every player is placed in one of five levels, from Level 5 (Beginner) to Level 1 (National/International). Placement is by interview and evaluation, not by age, so your child trains with players at the same stage.",
      "Coaches re-evaluate players through the season. Moving up a level is earned on court and in the classroom: we ask to see report cards.",
      "Parents hear from the coach directly. You will always know your child's level, what they are working on, and what comes next.",
    ],
    valuesTitle: "Core Values",
    values: [
      { name: "Education first", text: "Homework and grades come before match play." },
      { name: "Fun for all", text: "Every child who wants to play gets a place, whatever a family can afford." },
      { name: "Discipline", text: "Showing up on time, prepared and ready to work." },
      { name: "Respect", text: "For coaches, opponents, parents and the game." },
      { name: "Community", text: "Older players mentor younger ones; families support each other." },
    ],
    founderTitle: "Our Founder's Story",
    founder: [
      "Our founder learned tennis on the public courts of Washington DC, where a volunteer coach lent rackets and insisted that homework was finished before anyone hit a ball. That coach's belief opened the door to a college education.",
      "In 1998 our founder started giving the same chance to the next generation: free clinics on weekends, tutoring on the bleachers, and a promise to every family that their child would be seen, coached and pushed toward college.",
    ],
    staffTitle: "Our Staff",
    staffPlaceholder: "Staff profiles are coming soon.",
    storyTitle: "A Student Success Story",
    story:
      "She joined a Level 5 clinic at nine, unable to serve over the net and behind in maths. Six years of Sunday practices, Monday-Thursday clinics and homework hours later, she was competing at Level 2 and earned a college tennis scholarship, the first in her family to go to university. She now coaches our youngest players in the summers.",
  },
  es: {
    missionTitle: "Nuestra misión",
    mission:
      "Next Level Tennis & Education guía a estudiantes-atletas, muchos de ellos de familias de bajos recursos, hacia los estudios y las becas universitarias. El tenis es la manera en que los conocemos; la educación, la meta a la que queremos que lleguen.",
    historyTitle: "Nuestra historia",
    history: [
      { year: "1998", text: "Nacimos en Washington DC con un balde de pelotas, una cancha pública y un puñado de niños del vecindario." },
      {
        year: "2004",
        text: "Nos mudamos a Atlanta, donde el programa creció durante doce años y mandó a sus primeros jugadores a la universidad con becas de tenis.",
      },
      {
        year: "2018",
        text: "Nos registramos como organización sin fines de lucro, para que las subvenciones y las donaciones deducibles de impuestos llegaran a más familias.",
      },
      { year: "Hoy", text: "Atendemos a familias en Washington DC, Baltimore, Atlanta y Chesapeake." },
    ],
    systemTitle: "Nuestro sistema, explicado para los padres",
    system: [
      "Cada jugador se ubica en uno de cinco niveles, del Nivel 5 (Principiante) al Nivel 1 (Nacional/Internacional). La ubicación se decide por entrevista y evaluación, no por edad, así que su hijo o hija entrena con jugadores que están en la misma etapa.",
      "Los entrenadores vuelven a evaluar a los jugadores a lo largo de la temporada. Subir de nivel se gana en la cancha y en el salón de clases: pedimos ver las boletas de calificaciones.",
      "Los padres reciben noticias directamente del entrenador. Usted siempre sabrá en qué nivel está su hijo o hija, en qué está trabajando y cuál es el siguiente paso.",
    ],
    valuesTitle: "Nuestros valores",
    values: [
      { name: "La educación primero", text: "Las tareas y las calificaciones van antes que los partidos." },
      { name: "Diversión para todos", text: "Todo niño o niña que quiera jugar tiene un lugar, sin importar lo que su familia pueda pagar." },
      { name: "Disciplina", text: "Llegar a tiempo, preparado y con ganas de trabajar." },
      { name: "Respeto", text: "Hacia los entrenadores, los rivales, los padres y el juego." },
      { name: "Comunidad", text: "Los jugadores mayores guían a los más pequeños; las familias se apoyan unas a otras." },
    ],
    founderTitle: "La historia de nuestro fundador",
    founder: [
      "Nuestro fundador aprendió a jugar tenis en las canchas públicas de Washington DC, donde un entrenador voluntario prestaba raquetas e insistía en que las tareas estuvieran hechas antes de golpear la primera pelota. La confianza de ese entrenador le abrió la puerta a una educación universitaria.",
      "En 1998, nuestro fundador empezó a darle esa misma oportunidad a la siguiente generación: clínicas gratuitas los fines de semana, tutorías en las gradas y la promesa a cada familia de que su hijo o hija sería tomado en cuenta, entrenado e impulsado hacia la universidad.",
    ],
    staffTitle: "Nuestro equipo",
    staffPlaceholder: "Muy pronto presentaremos a nuestro equipo.",
    storyTitle: "La historia de éxito de una estudiante",
    story:
      "Llegó a una clínica de Nivel 5 a los nueve años, sin poder pasar el saque por encima de la red y atrasada en matemáticas. Seis años de prácticas los domingos, clínicas de lunes a jueves y horas de tareas después, competía en el Nivel 2 y se ganó una beca universitaria de tenis: fue la primera de su familia en ir a la universidad. Hoy, cada verano, entrena a nuestros jugadores más pequeños.",
  },
};
