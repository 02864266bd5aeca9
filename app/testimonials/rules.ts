// Testimonials: which three to show, the form's rules and the positivity gate.
// Pure: used by the browser for instant feedback and by the server, which decides.
// Its words are the catalog's (messages/help), read when shown: in the request's language on the server, the page's in
// the browser.
import { readingsOf } from "../lib/public-words";
import { m } from "../paraglide/messages";

// Apart so that the home page's cards (app/components/testimonials-section.tsx) do not ship the form's rules.
export { isFallbackId } from "./delete";
export { isUuid } from "../lib/uuid";
import type { Toast } from "../lib/toast";

export type Testimonial = {
  id: string;
  name: string;
  content: string;
  rating: number;
  /** ISO 8601. */
  createdAt: string;
};

export const TESTIMONIALS_SHOWN = 3;
export const RATING_DEFAULT = 5;
export const RATING_MIN_ACCEPTED = 4;
export const NAME_MIN = 2;
export const NAME_MAX = 80;
export const CONTENT_MIN = 10;
export const CONTENT_MAX = 1000;

/**
 * Sample testimonials shown when there are too few real ones. Their ids start with 'f' and are never deletable. The
 * Spanish page shows the same samples in Spanish (app/testimonials/samples.server.ts).
 */
export const FALLBACK_TESTIMONIALS: readonly Testimonial[] = [
  {
    id: "f1",
    name: "Tanya M., parent",
    content: "My son joined as a beginner and now he plays on his school team. The coaches care about his grades as much as his serve.",
    rating: 5,
    createdAt: "2024-05-01T00:00:00.000Z",
  },
  {
    id: "f2",
    name: "Marcus J., student-athlete",
    content: "NLTE gave me structure on and off the court. The study hours and the college guidance helped me earn a scholarship.",
    rating: 5,
    createdAt: "2024-04-01T00:00:00.000Z",
  },
  {
    id: "f3",
    name: "Linda R., grandparent",
    content: "A welcoming community for every family. My granddaughter looks forward to every clinic and has made friends for life.",
    rating: 5,
    createdAt: "2024-03-01T00:00:00.000Z",
  },
];

/**
 * The three testimonials the home page shows, from the newest real ones:
 * 0 real: three samples; 1: sample, real, sample; 2: real, sample, real; 3 or more: the three newest.
 */
export function selectTestimonials(real: readonly Testimonial[], samples: readonly Testimonial[] = FALLBACK_TESTIMONIALS): Testimonial[] {
  const newest = [...real].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, TESTIMONIALS_SHOWN);
  const [f1, f2, f3] = samples as [Testimonial, Testimonial, Testimonial];
  switch (newest.length) {
    case 0:
      return [f1, f2, f3];
    case 1:
      return [f1, newest[0]!, f2];
    case 2:
      return [newest[0]!, f1, newest[1]!];
    default:
      return newest;
  }
}

export const BLOCKED_WORDS = ["damn", "hell", "shit", "crap"] as const;
// Whole words only, any case: 'Hello', 'shell' and 'scrappy' pass; 'HELL' and 'crap!' do not.
const BLOCKED_PATTERN = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${BLOCKED_WORDS.join("|")})(?![\\p{L}\\p{N}_])`, "iu");

/** Also through invisible characters, accents and look-alike letters ("sh" + zero-width joiner + "it", "ѕhit", "sh1t"). */
export function containsBlockedWord(text: string): boolean {
  return readingsOf(text).some((reading) => BLOCKED_PATTERN.test(reading));
}

/** The positivity gate: at least 4 stars and none of the listed words. */
export function passesPositivityGate(input: { rating: number; content: string }): boolean {
  return input.rating >= RATING_MIN_ACCEPTED && !containsBlockedWord(input.content);
}

export const positivityToast = (): Toast => ({
  type: "error",
  title: m.help_testimonial_gate_title(),
  description: m.help_testimonial_gate_text(),
});

export const addedToast = (): Toast => ({ type: "success", title: m.help_testimonial_added_title(), description: m.help_testimonial_added_text() });

/** A student-athlete under 18's testimonial waits for a parent or guardian (Safe Play, decision 0022). */
export const awaitingGuardianToast = (): Toast => ({
  type: "success",
  title: m.help_testimonial_awaiting_title(),
  description: m.help_testimonial_awaiting_text(),
});

/** "Sofia Ruiz Lopez" as a minor's testimonial shows it: the first name and the last name's initial. */
export function firstNameAndInitial(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? "";
  return `${words[0]} ${words.at(-1)!.charAt(0).toUpperCase()}.`;
}

export const deletedToast = (): Toast => ({
  type: "success",
  title: m.help_testimonial_deleted_title(),
  description: m.help_testimonial_deleted_text(),
});
