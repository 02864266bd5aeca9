// The testimonial form's rules (name 2+ characters, text 10+, rating 1-5), apart from app/testimonials/rules.ts so that pages showing
// testimonials do not ship zod to visitors.
import { z } from "zod";
import { CONTACT_DETAILS_MESSAGE, containsContactDetails, hasBidiControls } from "../lib/public-words";
import { CONTENT_MAX, CONTENT_MIN, NAME_MAX, NAME_MIN, RATING_DEFAULT, containsBlockedWord } from "./rules";

export const NAME_BLOCKED_WORD_MESSAGE = "Please use a name without rude words.";
export const NAME_BIDI_MESSAGE = "This name contains hidden characters that change how it is shown. Please retype it.";

const rating = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? RATING_DEFAULT : v),
  z.coerce
    .number({ error: "Rating must be at least 1" })
    .int("Rating must be a whole number")
    .min(1, "Rating must be at least 1")
    .max(5, "Rating must be 5 or less"),
);

export const TestimonialSchema = z.object({
  name: z
    .string({ error: "Name must be at least 2 characters" })
    .trim()
    .min(NAME_MIN, "Name must be at least 2 characters")
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
    // The name is published beside the text, so the text's word filter applies to it too.
    .refine((v) => !hasBidiControls(v), NAME_BIDI_MESSAGE)
    .refine((v) => !containsBlockedWord(v), NAME_BLOCKED_WORD_MESSAGE)
    .refine((v) => !containsContactDetails(v), CONTACT_DETAILS_MESSAGE),
  content: z
    .string({ error: "Testimonial must be at least 10 characters" })
    .trim()
    .min(CONTENT_MIN, "Testimonial must be at least 10 characters")
    .max(CONTENT_MAX, `Testimonial must be at most ${CONTENT_MAX} characters`)
    .refine((v) => !containsContactDetails(v), CONTACT_DETAILS_MESSAGE),
  rating,
});

export type TestimonialInput = z.output<typeof TestimonialSchema>;

export const DeleteTestimonialSchema = z.object({
  id: z.string({ error: "A testimonial id is required" }).trim().min(1, "A testimonial id is required"),
});
