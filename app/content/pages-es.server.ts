// The Spanish of app/content/pages.ts: every page's title, description and heading (issue 27). Typed by the English,
// so a page added there without its Spanish here fails the typecheck.
import type { PAGES, PageInfo } from "./pages";

export const PAGES_ES: Partial<Record<keyof typeof PAGES, PageInfo>> = {
  home: {
    title: "Next Level Tennis & Education | La diversión para todos empieza aquí",
    description:
      "Programas de tenis y educación para jóvenes en Washington DC, Baltimore, Atlanta y Chesapeake que acercan a los estudiantes-atletas a los estudios y a las becas universitarias.",
    heading: "Next Level Tennis & Education",
  },
  notFound: {
    title: "Página no encontrada | NLTE",
    description: "La página que buscaba no existe.",
    heading: "¡Uy! No encontramos la página",
  },
};
