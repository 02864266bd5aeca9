import { describe, expect, it } from "vitest";
import { inLocale } from "../../server/languages";
// Binds the catalog to the request's language, as the app's root does.
import "../i18n/locale";
import {
  FALLBACK_TESTIMONIALS,
  containsBlockedWord,
  isFallbackId,
  passesPositivityGate,
  positivityToast,
  selectTestimonials,
  type Testimonial,
} from "./rules";
import { SAMPLE_TESTIMONIALS } from "./samples.server";
import { TestimonialSchema } from "./schemas";
import { parseForm } from "~/lib/forms";

const real = (n: number, day: number): Testimonial => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Real ${n}`,
  content: "A real testimonial text",
  rating: 5,
  createdAt: new Date(Date.UTC(2025, 0, day)).toISOString(),
});

const ids = (list: Testimonial[]) => list.map((t) => t.id);

describe("selectTestimonials: the newest three, padded with fallbacks", () => {
  it("shows three samples when there is no real testimonial", () => {
    expect(ids(selectTestimonials([]))).toEqual(["f1", "f2", "f3"]);
  });

  it("puts one real testimonial between two samples", () => {
    expect(ids(selectTestimonials([real(1, 1)]))).toEqual(["f1", real(1, 1).id, "f2"]);
  });

  it("puts a sample between two real ones, newest first", () => {
    expect(ids(selectTestimonials([real(1, 1), real(2, 5)]))).toEqual([real(2, 5).id, "f1", real(1, 1).id]);
  });

  it("shows the three newest real ones when there are three or more", () => {
    const list = [real(1, 3), real(2, 9), real(3, 1), real(4, 7)];
    expect(ids(selectTestimonials(list))).toEqual([real(2, 9).id, real(4, 7).id, real(1, 3).id]);
  });

  it("gives samples ids starting with 'f' and every sample a full text", () => {
    for (const t of FALLBACK_TESTIMONIALS) {
      expect(isFallbackId(t.id)).toBe(true);
      expect(t.content.length).toBeGreaterThanOrEqual(10);
    }
    expect(isFallbackId(real(1, 1).id)).toBe(false);
    // A real UUID may start with 'f': it is still a real, deletable testimonial.
    expect(isFallbackId("f47ac10b-58cc-4372-a567-0e02b2c3d479")).toBe(false);
  });
});

describe("the positivity gate", () => {
  it.each(["damn", "hell", "shit", "crap"])("blocks '%s' as a whole word in any case", (word) => {
    expect(containsBlockedWord(`What the ${word} happened`)).toBe(true);
    expect(containsBlockedWord(`${word.toUpperCase()}! Great clinic.`)).toBe(true);
    expect(containsBlockedWord(`It was ${word[0]!.toUpperCase()}${word.slice(1)}.`)).toBe(true);
  });

  it.each(["Hello coaches!", "I came out of my shell", "A scrappy, determined team", "Shitake risotto at the picnic", "Damnation is a word"])(
    "does not block a word that merely contains one: %s",
    (text) => {
      expect(containsBlockedWord(text)).toBe(false);
    },
  );

  it("needs at least four stars and positive content", () => {
    expect(passesPositivityGate({ rating: 5, content: "Wonderful coaches" })).toBe(true);
    expect(passesPositivityGate({ rating: 4, content: "Wonderful coaches" })).toBe(true);
    expect(passesPositivityGate({ rating: 3, content: "Wonderful coaches" })).toBe(false);
    expect(passesPositivityGate({ rating: 1, content: "Wonderful coaches" })).toBe(false);
    expect(passesPositivityGate({ rating: 5, content: "Hell of a good time" })).toBe(false);
  });
});

describe("TestimonialSchema", () => {
  it("accepts a valid testimonial, trims it, and defaults the rating to 5", () => {
    const { data } = parseForm(TestimonialSchema, { name: "  Ann  ", content: "  Great coaching here  " });
    expect(data).toEqual({ name: "Ann", content: "Great coaching here", rating: 5 });
  });

  it("gives the spec's exact messages", () => {
    expect(parseForm(TestimonialSchema, { name: "A", content: "short", rating: "0" }).fieldErrors).toEqual({
      name: "Name must be at least 2 characters",
      content: "Testimonial must be at least 10 characters",
      rating: "Rating must be at least 1",
    });
    expect(parseForm(TestimonialSchema, { name: "Ann", content: "Great coaching here", rating: "6" }).fieldErrors).toEqual({
      rating: "Rating must be 5 or less",
    });
  });

  it("counts the trimmed text, and refuses what is not a rating", () => {
    expect(parseForm(TestimonialSchema, { name: " A ", content: "  123456789  " }).fieldErrors).toEqual({
      name: "Name must be at least 2 characters",
      content: "Testimonial must be at least 10 characters",
    });
    expect(parseForm(TestimonialSchema, { name: "Ann", content: "Great coaching here", rating: "abc" }).fieldErrors?.rating).toBeTruthy();
    expect(parseForm(TestimonialSchema, { name: "Ann", content: "Great coaching here", rating: "4.5" }).fieldErrors?.rating).toBe(
      "Rating must be a whole number",
    );
    expect(parseForm(TestimonialSchema, { name: "Ann", content: "x".repeat(1001) }).fieldErrors?.content).toBe(
      "Testimonial must be at most 1000 characters",
    );
  });
});

describe("in Spanish (a request to /es/...)", () => {
  it("gives the form's messages in Spanish, with the same limits", () => {
    const errors = inLocale("es", () => parseForm(TestimonialSchema, { name: "A", content: "corto", rating: "9" }).fieldErrors);
    expect(errors).toEqual({
      name: "El nombre debe tener al menos 2 caracteres",
      content: "El testimonio debe tener al menos 10 caracteres",
      rating: "La calificación debe ser de 5 o menos",
    });
    expect(inLocale("es", () => parseForm(TestimonialSchema, { name: "Ana", content: "Escríbame a ana@example.com" }).fieldErrors?.content)).toMatch(
      /^Los testimonios son públicos/,
    );
    expect(inLocale("es", () => positivityToast().title)).toBe("Por favor, comparta un comentario positivo y alentador");
  });

  it("keeps the samples' ids, ratings and dates, in Spanish words", () => {
    const es = SAMPLE_TESTIMONIALS.es;
    expect(es.map(({ id, rating, createdAt }) => ({ id, rating, createdAt }))).toEqual(
      FALLBACK_TESTIMONIALS.map(({ id, rating, createdAt }) => ({ id, rating, createdAt })),
    );
    expect(ids(selectTestimonials([], es))).toEqual(["f1", "f2", "f3"]);
    for (const [i, t] of es.entries()) expect(t.content).not.toBe(FALLBACK_TESTIMONIALS[i]!.content);
  });
});
