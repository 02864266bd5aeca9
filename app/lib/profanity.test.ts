// Audit (issue 38): "Fuck Off" passed the testimonial name filter (four words on its list). Names shown in public are
// checked against the maintained list `obscenity` in English, with Spanish words added to it: a testimonial's name is
// refused beside the field in the page's language, and so is a coach's name (shown to every family and on /about);
// real names that only look like the words are not.
import { describe, expect, it } from "vitest";
import { localeStore } from "../../tests/support/locale-store";
import { coachNameProblem } from "~/models/users.server";
import { TestimonialSchema } from "~/testimonials/schemas";
import { parseForm } from "~/lib/forms";

const store = localeStore();

const RUDE = "Please use a name without rude words.";
const RUDE_ES = "Por favor, use un nombre sin palabras groseras.";
const testimonial = (name: string) => ({ name, content: "The coaches are wonderful with our kids.", rating: "5" });
const nameError = (name: string) => parseForm(TestimonialSchema, testimonial(name)).fieldErrors?.name;

describe("a name shown in public", () => {
  it.each(["Fuck Off", "FUCK off", "Motherfucker", "fuk u", "Sh1t Head", "B!tch Please", "Fυck Off"])(
    "refuses the English %s as a testimonial's name",
    (name) => {
      expect(nameError(name)).toBe(RUDE);
    },
  );

  it.each(["Puta Madre", "El Pendejo", "Cabrón Pérez", "ch1ngada", "Hijueputa", "Mierda Total", "Pinche Güey"])(
    "refuses the Spanish %s, in Spanish on a Spanish page",
    (name) => {
      expect(nameError(name)).toBe(RUDE);
      expect(store.run("es", () => nameError(name))).toBe(RUDE_ES);
    },
  );

  it.each(["Dick Smith", "Analisa Gómez", "Cassandra Hancock", "Concepción Sánchez", "Putnam Scunthorpe", "Dickens", "Titus Cocker"])(
    "lets the real name %s through",
    (name) => {
      expect(nameError(name)).toBeUndefined();
    },
  );

  it("refuses a coach's name with such words, in both languages, and lets a plain one through", () => {
    expect(coachNameProblem("Coach Fuck Off")).toBe("A coach's name is shown to every family and on the About page, so it can't include rude words.");
    expect(store.run("es", () => coachNameProblem("Entrenador Pendejo"))).toBe(
      "El nombre de un entrenador lo ven todas las familias y la página Nosotros, así que no puede incluir palabras groseras.",
    );
    expect(coachNameProblem("Coach Dick Vega")).toBeNull();
  });
});
