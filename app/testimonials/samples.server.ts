// The sample testimonials in each language (issue 27). They are sample content, not real quotes: the Spanish page shows
// the same three people saying the same things in Spanish, as a Spanish-speaking family would expect of a sample.
// Real testimonials are shown as their authors wrote them, in whatever language.
import type { Locale } from "~/i18n/language";
import { FALLBACK_TESTIMONIALS, type Testimonial } from "./rules";

const [f1, f2, f3] = FALLBACK_TESTIMONIALS as [Testimonial, Testimonial, Testimonial];

export const SAMPLE_TESTIMONIALS: Record<Locale, readonly Testimonial[]> = {
  en: FALLBACK_TESTIMONIALS,
  es: [
    {
      ...f1,
      name: "Tanya M., madre",
      content:
        "Mi hijo empezó como principiante y ahora juega en el equipo de su escuela. A los entrenadores les importan sus calificaciones tanto como su saque.",
    },
    {
      ...f2,
      name: "Marcus J., estudiante-atleta",
      content:
        "NLTE me dio orden y disciplina dentro y fuera de la cancha. Las horas de estudio y la orientación para la universidad me ayudaron a ganar una beca.",
    },
    {
      ...f3,
      name: "Linda R., abuela",
      content: "Una comunidad acogedora para todas las familias. Mi nieta espera con ganas cada clínica y ha hecho amistades para toda la vida.",
    },
  ],
};
