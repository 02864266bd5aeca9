// The testimonial form's rules (name 2+ characters, text 10+, rating 1-5), apart from app/testimonials/rules.ts so that pages showing
// testimonials do not ship zod to visitors. Its messages are the catalog's (messages/help), read when a form is
// checked: in the request's language on the server, the page's in the browser.
import { z } from "zod";
import type { Toast } from "../lib/toast";
import { containsProfanity } from "../lib/profanity";
import { containsContactDetails, hasBidiControls } from "../lib/public-words";
import { m } from "../paraglide/messages";
import { CONTENT_MAX, CONTENT_MIN, NAME_MAX, NAME_MIN, RATING_DEFAULT, containsBlockedWord } from "./rules";
import type { ActionResult } from "~/lib/form-errors";

/** The English of the name's refusals, as the server answers an English page. */
export const NAME_BLOCKED_WORD_MESSAGE = m.help_testimonial_name_rude({}, { locale: "en" });
export const NAME_BIDI_MESSAGE = m.help_testimonial_name_hidden_characters({}, { locale: "en" });

const nameTooShort = () => m.help_testimonial_name_too_short({ min: NAME_MIN });
const contentTooShort = () => m.help_testimonial_content_too_short({ min: CONTENT_MIN });
const ratingTooLow = () => m.help_testimonial_rating_too_low();
const contactDetails = () => m.help_testimonial_contact_details();

const rating = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? RATING_DEFAULT : v),
  z.coerce
    .number({ error: ratingTooLow })
    .int({ error: () => m.help_testimonial_rating_whole() })
    .min(1, { error: ratingTooLow })
    .max(5, { error: () => m.help_testimonial_rating_too_high() }),
);

export const TestimonialSchema = z.object({
  name: z
    .string({ error: nameTooShort })
    .trim()
    .min(NAME_MIN, { error: nameTooShort })
    .max(NAME_MAX, { error: () => m.help_testimonial_name_too_long({ max: NAME_MAX }) })
    // The name is published beside the text, so the text's word filter applies to it too, and the maintained
    // profanity list in English and Spanish (app/lib/profanity.ts) that every name shown in public passes.
    .refine((v) => !hasBidiControls(v), { error: () => m.help_testimonial_name_hidden_characters() })
    .refine((v) => !containsBlockedWord(v) && !containsProfanity(v), { error: () => m.help_testimonial_name_rude() })
    .refine((v) => !containsContactDetails(v), { error: contactDetails }),
  content: z
    .string({ error: contentTooShort })
    .trim()
    .min(CONTENT_MIN, { error: contentTooShort })
    .max(CONTENT_MAX, { error: () => m.help_testimonial_content_too_long({ max: CONTENT_MAX }) })
    .refine((v) => !containsContactDetails(v), { error: contactDetails }),
  rating,
});

export type TestimonialInput = z.output<typeof TestimonialSchema>;

export const DeleteTestimonialSchema = z.object({
  id: z
    .string({ error: () => m.help_testimonial_id_required() })
    .trim()
    .min(1, { error: () => m.help_testimonial_id_required() }),
});

/**
 * What the testimonial form's action answers (the form, the delete dialog and the home page's section read it): the
 * one answer shape (decision 0077), its `intent` "create", "delete" or "unknown". A success carries the toast to show;
 * the positivity gate, a rule of the whole form, answers under the field "form" (as parseForm answers a refinement of
 * no field), which the form shows as the gate's toast.
 */
export type TestimonialAnswer = ActionResult<{ toast: Toast }>;
