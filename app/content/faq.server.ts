// The FAQ page's words in each language (issue 27). The English is the reference, in faq.ts (the tests read it);
// the Spanish is a faithful translation of the same policies: every age, day, time and amount as in the English.
// Only the server reads this file: the FAQ loader sends the reader's language with the page.
import type { Locale } from "~/i18n/language";
import { FAQ_EN, type FaqWords } from "./faq";

const FAQ_ES: FaqWords = {
  questions: [
    {
      q: "¿Desde qué edad pueden participar?",
      a: "Los niños pueden inscribirse desde los 4 años. Nuestra clínica juvenil de Nivel 5 está pensada para edades de 8 a 12 años, y los principiantes de más edad también son bienvenidos en las clínicas de Nivel 5.",
    },
    {
      q: "¿Mi hijo o hija necesita experiencia?",
      a: "No. El Nivel 5 (Principiante) empieza desde el primer golpe, y nosotros prestamos las raquetas. Cada jugador se ubica en su nivel mediante una entrevista y una evaluación.",
    },
    {
      q: "¿Cómo se ubica a los jugadores en los cinco niveles?",
      a: "Con una breve entrevista y una evaluación en la cancha con un entrenador: 1 Nacional/Internacional, 2 Estatal/Regional, 3 Intermedio, 4 Recreativo, 5 Principiante. Los entrenadores vuelven a evaluar a los jugadores durante la temporada.",
    },
    {
      q: "¿Los participantes menores de 18 años necesitan el consentimiento de sus padres?",
      a: "Sí. Todo participante menor de 18 años necesita el consentimiento de su madre, padre o tutor legal, que lo da en el formulario de inscripción.",
    },
    {
      q: "¿Cuál es su política de reembolsos para programas y campamentos?",
      a: "Esto se aplica si cancela una inscripción antes de que empiece el programa. Si cancela al menos 7 días antes del inicio, recibe un reembolso completo. Si cancela entre 3 y 7 días antes del inicio, recibe un reembolso parcial. Las cancelaciones con menos de 3 días de anticipación no se reembolsan, salvo en caso de emergencia médica. Una vez comenzado el programa, las cuotas mensuales no se reembolsan (vea la pregunta sobre cómo retirarse).",
    },
    {
      q: "¿Cómo reservo o cancelo una clase privada?",
      a: "Las clases privadas son los viernes con cita previa y requieren 24 horas de aviso, ya sea para reservar, cambiar o cancelar. Con su cuenta, resérvelas y cancélelas en la página Clases privadas; dentro de esas 24 horas, llámenos o escriba al entrenador.",
    },
    {
      q: "¿Cómo retiro a mi hijo o hija de un programa?",
      a: "Una vez inscrito, para retirarse avísenos con {withdrawalDays} días de anticipación. Las cuotas mensuales ya pagadas no se reembolsan, pero se pueden usar para otras clínicas o clases.",
    },
    {
      q: "¿Cuándo se pagan las cuotas mensuales?",
      a: "Las cuotas mensuales de inscripción se pagan con 15 días de anticipación.",
    },
    {
      q: "¿Cuál es el horario de otoño?",
      a: "{fallSeason}: domingos de 8 a 10 a. m., clínicas de lunes a jueves de 4:30 a 6:00 p. m., la clínica juvenil de Nivel 5 los martes y jueves de 4:30 a 5:30 p. m., y clases privadas los viernes con cita previa. Los sábados cerramos por el día de reposo (Sabbath).",
    },
    {
      q: "¿Ofrecen becas o ayuda económica?",
      a: "Sí. Nuestras dos becas en memoria de seres queridos apoyan la educación, el entrenamiento de tenis y el equipo, y las subvenciones mantienen al alcance de las familias nuestro programa después de clases y el campamento de verano. Pregúntele a un entrenador.",
    },
    {
      q: "¿Dónde ofrecen sus programas?",
      a: "Atendemos a familias en Washington DC, Baltimore MD, Atlanta GA y Chesapeake VA. Comuníquese con nosotros para saber cuál es la cancha más cercana.",
    },
    {
      q: "¿Las donaciones son deducibles de impuestos?",
      a: "Sí. Somos una organización sin fines de lucro registrada y las donaciones son 100% deducibles de impuestos. En la página Donar encontrará los datos para Zelle y para transferencias bancarias.",
    },
  ],
  quickLinksTitle: "Enlaces rápidos",
  quickLinks: [
    { to: "/programs", label: "Programas" },
    { to: "/calendar", label: "Calendario" },
    { to: "/lessons", label: "Reservar una clase privada" },
    { to: "/contact", label: "Contacto" },
    { to: "/donate", label: "Donar" },
  ],
  moreTitle: "¿Tiene otra pregunta?",
  moreText: "Llámenos o escríbanos y un entrenador le responderá.",
  contactUs: "Contáctenos",
};

export const FAQ: Record<Locale, FaqWords> = { en: FAQ_EN, es: FAQ_ES };
