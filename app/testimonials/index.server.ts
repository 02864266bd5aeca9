// testimonials's front door (docs/decisions/0053): the only module of app/testimonials/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
export {
  createTestimonial,
  decideTestimonial,
  deleteTestimonial,
  getTestimonialsAwaitingGuardian,
  loadTestimonialsSection,
} from "./testimonials.server";
export type { TestimonialsWords } from "./testimonials.server";
