// What the home page's testimonial cards need to offer a coach the delete button: which testimonials are samples
// (never deletable). Apart from app/testimonials/rules.ts, whose form rules and positivity gate load only with the
// form. The failure's title comes with the section's words (testimonials.server.ts).

import { isUuid } from "../lib/uuid";

/** Real testimonials have UUID ids (which may well start with 'f' too); samples have short ids starting with 'f'. */
export const isFallbackId = (id: string) => id.startsWith("f") && !isUuid(id);
