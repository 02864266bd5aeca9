// Choices offered by the public registration form.
import { PROGRAM_LINKS } from "./site";

export const SKILL_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
export const PROGRAM_CHOICES = PROGRAM_LINKS.map((p) => p.label);

export const FORM_TEXT = {
  registrationSuccessTitle: "Registration received!",
  registrationSuccess:
    "Thank you. A coach will call or email you within two business days to arrange the interview and evaluation that places your student-athlete in the right level.",
  contactSuccessTitle: "Message sent!",
  contactSuccess: "Thank you for reaching out. We read every message and will reply within two business days.",
  rateLimited: "We have received several messages from your connection in a short time. Please wait a few minutes and try again, or call us.",
  fixErrors: "Please correct the highlighted fields.",
} as const;

/** The name of the hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";
