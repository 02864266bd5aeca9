// The words of the mails sent when a family uses the registration or contact form.
import type { MailContent } from "./template.server";

type SubmissionMail = MailContent & { kind: string };

export const SUBMISSION_MAIL = {
  confirmation: (form: "registration" | "contact", program?: string): SubmissionMail =>
    form === "registration"
      ? {
          kind: "registration-received",
          subject: "We received your registration request",
          paragraphs: [
            `Thank you! We received your registration request${program ? ` for ${program}` : ""}.`,
            "A coach will contact you within 2 business days.",
          ],
          footnote: ["If you did not send this request, reply to let us know."],
        }
      : {
          kind: "contact-received",
          subject: "We received your message",
          paragraphs: ["Thank you for contacting us! We received your message and will get back to you soon."],
          footnote: ["If you did not send this message, you can ignore this email."],
        },
  coachNotice: (form: "registration" | "contact", url: string): SubmissionMail => ({
    kind: form === "registration" ? "registration-notice" : "contact-notice",
    subject: form === "registration" ? "New registration request" : "New contact message",
    paragraphs: [form === "registration" ? "A family sent a new registration request." : "Someone sent a new message through the contact form."],
    action: { label: "Open appointments", url },
    footnote: ["You get this email because you are a coach. Turn these emails off on your account page."],
  }),
};
