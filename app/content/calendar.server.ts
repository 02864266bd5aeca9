// The calendar page's standing words, in each language (issue 27). The schedule itself is in the database (coaches
// edit it at /calendar/events); an embedded external calendar is optional configuration (CALENDAR_URL). Only the
// server reads this file: the calendar's loader sends the reader's language with the page. Buttons, labels and the
// cancellation mail are in the catalog (messages/calendar).
import type { Locale } from "~/i18n/language";

export type CalendarWords = {
  embedTitle: string;
  popupBlocked: string;
  upcomingTitle: string;
  scheduleTitle: string;
  contactTitle: string;
  /** "Call {phone} or email {email}.", around the two links. */
  contactCall: string;
  contactOrEmail: string;
  subscribeTitle: string;
  subscribeText: string;
  refreshNote: string;
};

export const CALENDAR: Record<Locale, CalendarWords> = {
  en: {
    embedTitle: "Next Level Tennis & Education calendar",
    popupBlocked: "Your browser blocked the pop-up. Please allow pop-ups for this site, or copy this link to open the calendar:",
    upcomingTitle: "The next two weeks",
    scheduleTitle: "Weekly Schedule Overview",
    contactTitle: "Questions about the schedule?",
    contactCall: "Call",
    contactOrEmail: "or email",
    subscribeTitle: "Add our schedule to your calendar",
    subscribeText: "Subscribe once and new sessions and cancelled dates appear in your calendar app by themselves.",
    refreshNote:
      "Calendar apps check for changes on their own schedule: Google Calendar every 12 to 24 hours. A session cancelled on the day shows on our home page at once, so check it before you leave.",
  },
  es: {
    embedTitle: "Calendario de Next Level Tennis & Education",
    popupBlocked:
      "Su navegador bloqueó la ventana emergente. Permita las ventanas emergentes en este sitio, o copie este enlace para abrir el calendario:",
    upcomingTitle: "Las próximas dos semanas",
    scheduleTitle: "Resumen del horario semanal",
    contactTitle: "¿Preguntas sobre el horario?",
    contactCall: "Llame al",
    contactOrEmail: "o escriba a",
    subscribeTitle: "Agregue nuestro horario a su calendario",
    subscribeText: "Suscríbase una sola vez y las nuevas sesiones y las fechas canceladas aparecerán solas en su aplicación de calendario.",
    refreshNote:
      "Las aplicaciones de calendario buscan cambios según su propio horario: Google Calendar, cada 12 a 24 horas. Una sesión cancelada el mismo día aparece enseguida en nuestra página de inicio; revísela antes de salir.",
  },
};
