// Testimonials' front door (decision 0053): the testimonial route, the home page and /account/family reach the
// testimonials through here. Inside: testimonials.server.ts (stored testimonials, a guardian's approval of a minor's,
// the home page's section), samples.server.ts; rules.ts and schemas.ts (the form's rules) stay importable from the browser.
export {
  createTestimonial,
  decideTestimonial,
  deleteTestimonial,
  getTestimonialsAwaitingGuardian,
  loadTestimonialsSection,
} from "./testimonials.server";
export type { TestimonialsWords } from "./testimonials.server";
