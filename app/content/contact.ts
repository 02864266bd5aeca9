// The contact page's standing words in English (the Spanish, of the same type, is in contact.server.ts; the form's
// labels and messages are in the catalog, messages/help).
export type ContactWords = {
  phoneTitle: string;
  emailTitle: string;
  locationsTitle: string;
  locations: readonly string[];
  formTitle: string;
  callNow: string;
  emailUs: string;
};

export const CONTACT_TEXT: ContactWords = {
  phoneTitle: "Phone",
  emailTitle: "Email",
  locationsTitle: "Locations",
  locations: ["Washington DC", "Maryland", "Virginia"],
  formTitle: "Send Us a Message",
  callNow: "Call Now",
  emailUs: "Email Us",
};

export const REGISTRATION_TEXT = {
  studentTitle: "Student Information",
  parentTitle: "Parent/Guardian Information",
  submit: "Submit Registration",
  consent:
    "By submitting, a parent or guardian gives consent for a participant under 18. A coach will contact you to arrange the interview and evaluation.",
} as const;
