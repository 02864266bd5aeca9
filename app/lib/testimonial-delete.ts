// What the home page's testimonial cards need to offer a coach the delete button: which testimonials are samples
// (never deletable) and the failure's title. Apart from app/lib/testimonials.ts, whose form rules and positivity gate
// load only with the form.

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Real testimonials have UUID ids (which may well start with 'f' too); samples have short ids starting with 'f'. */
export const isUuid = (id: string) => UUID_PATTERN.test(id);
export const isFallbackId = (id: string) => id.startsWith("f") && !isUuid(id);

export const DELETE_FAILED_TITLE = "Could Not Delete Testimonial";
