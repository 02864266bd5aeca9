// The Spanish of app/content/pages.ts: every page's title, description and heading (issue 27). Typed by the English,
// so a page added there without its Spanish here fails the typecheck.
import type { PAGES, PROGRAM_PAGES, PageInfo } from "./pages";

export const PAGES_ES: Record<keyof typeof PAGES, PageInfo> = {
  home: {
    title: "Next Level Tennis & Education | La diversión para todos empieza aquí",
    description:
      "Programas de tenis y educación para jóvenes en Washington DC, Baltimore, Atlanta y Chesapeake que acercan a los estudiantes-atletas a los estudios y a las becas universitarias.",
    heading: "Next Level Tennis & Education",
  },
  general: {
    title: "Novedades y anuncios | NLTE",
    description: "Las últimas noticias, cambios de horario y anuncios de Next Level Tennis & Education.",
    heading: "Novedades y anuncios",
  },
  about: {
    title: "Nosotros | NLTE",
    description: "Nuestra misión, nuestra historia desde 1998, el sistema para padres, nuestros valores y la historia de nuestro fundador.",
    heading: "Sobre Next Level Tennis & Education",
  },
  programs: {
    title: "Programas | NLTE",
    description:
      "Un sistema de tenis de cinco niveles, de principiante a nacional e internacional, clases privadas y clínicas, con ubicación por entrevista y evaluación.",
    heading: "Nuestros programas",
  },
  registration: {
    title: "Inscripción en los programas | NLTE",
    description: "Inscriba a un estudiante-atleta en los programas de Next Level Tennis & Education.",
    heading: "Inscripción en los programas",
  },
  calendar: {
    title: "Calendario | NLTE",
    description: "Clínicas, clases, cierres y eventos en el calendario de Next Level Tennis & Education.",
    heading: "Calendario",
  },
  grants: {
    title: "Subvenciones recibidas | NLTE",
    description:
      "Las subvenciones que financian nuestro programa después de clases y nuestro campamento de verano, y la comunidad que respalda nuestro trabajo.",
    heading: "Subvenciones recibidas",
  },
  scholarships: {
    title: "Becas | NLTE",
    description: "Becas en memoria de seres queridos que apoyan la educación, el entrenamiento y el equipo de nuestros estudiantes-atletas.",
    heading: "Becas",
  },
  gallery: {
    title: "Galería | NLTE",
    description: "Fotos de nuestros estudiantes-atletas, clínicas, campamentos y torneos.",
    heading: "Galería",
  },
  vlog: {
    title: "Videoblog | NLTE",
    description: "Videos de torneos, entrenamientos y educación de Next Level Tennis & Education.",
    heading: "Videoblog",
  },
  appointments: {
    title: "Citas | NLTE",
    description: "Citas y solicitudes para los entrenadores.",
    heading: "Citas",
  },
  faq: {
    title: "Preguntas frecuentes | NLTE",
    description: "Edades, consentimiento, reembolsos, clases privadas y retiros: respuestas para las familias.",
    heading: "Preguntas frecuentes",
  },
  contact: {
    title: "Contáctenos | NLTE",
    description: "Llame, escriba o envíe un mensaje a Next Level Tennis & Education.",
    heading: "Contáctenos",
  },
  donate: {
    title: "Donar | NLTE",
    description:
      "Apoye a los estudiantes-atletas con una donación totalmente deducible de impuestos por Zelle, transferencia bancaria o comunicándose con nosotros.",
    heading: "Donar",
  },
  terms: {
    title: "Términos del servicio | NLTE",
    description: "Los términos del servicio del sitio web de Next Level Tennis & Education.",
    heading: "Términos del servicio",
  },
  signin: {
    title: "Iniciar sesión | NLTE",
    description: "Inicie sesión en su cuenta de Next Level Tennis & Education.",
    heading: "Iniciar sesión",
  },
  signup: {
    title: "Crear una cuenta | NLTE",
    description: "Cree una cuenta de cliente de Next Level Tennis & Education.",
    heading: "Crear una cuenta",
  },
  messages: {
    title: "Mensajes | NLTE",
    description: "Mensajes entre entrenadores y clientes.",
    heading: "Mensajes",
  },
  conversation: {
    title: "Conversación | NLTE",
    description: "Una conversación entre un entrenador y un cliente.",
    heading: "Conversación",
  },
  video: {
    title: "Video | NLTE",
    description: "Un video de la videoteca de Next Level Tennis & Education.",
    heading: "Video",
  },
  callback: {
    title: "Completando el inicio de sesión | NLTE",
    description: "Completando el inicio de sesión con Google.",
    heading: "Completando el inicio de sesión...",
  },
  forgotPassword: {
    title: "¿Olvidó su contraseña? | NLTE",
    description: "Reciba un enlace para elegir una contraseña nueva.",
    heading: "¿Olvidó su contraseña?",
  },
  resetPassword: {
    title: "Elija una contraseña nueva | NLTE",
    description: "Elija una contraseña nueva para su cuenta.",
    heading: "Elija una contraseña nueva",
  },
  verifyEmail: {
    title: "Confirme su correo electrónico | NLTE",
    description: "Confirme su dirección de correo electrónico.",
    heading: "Confirme su correo electrónico",
  },
  account: {
    title: "Su cuenta | NLTE",
    description: "Su perfil, correo electrónico, contraseña, idioma, sesiones y datos.",
    heading: "Su cuenta",
  },
  unsubscribe: {
    title: "Dejar de recibir correos | NLTE",
    description: "Dejar de recibir correos de notificaciones.",
    heading: "Dejar de recibir estos correos",
  },
  notFound: {
    title: "Página no encontrada | NLTE",
    description: "La página que buscaba no existe.",
    heading: "¡Uy! No encontramos la página",
  },
};

export const PROGRAM_PAGES_ES: Record<keyof typeof PROGRAM_PAGES, PageInfo> = {
  spring: {
    title: "Programas de primavera | NLTE",
    description: "Clínicas y clases de primavera para todos los niveles.",
    heading: "Programas de primavera",
  },
  summer: {
    title: "Campamento de verano | NLTE",
    description: "Campamento de verano de tenis y educación para estudiantes-atletas.",
    heading: "Campamento de verano",
  },
  fall: { title: "Programas de otoño | NLTE", description: "Horario semanal de otoño, clínicas y clases.", heading: "Programas de otoño" },
  winter: {
    title: "Programas de invierno | NLTE",
    description: "Entrenamiento bajo techo en invierno y apoyo académico.",
    heading: "Programas de invierno",
  },
  "after-school": {
    title: "Programas después de clases | NLTE",
    description: "Tenis y apoyo con las tareas después de clases para estudiantes-atletas.",
    heading: "Programas después de clases",
  },
  "school-without-walls": {
    title: "School Without Walls | NLTE",
    description: "Nuestra alianza con School Without Walls: aprender dentro y fuera de la cancha.",
    heading: "School Without Walls",
  },
};
