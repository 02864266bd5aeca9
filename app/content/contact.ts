export const CONTACT_TEXT = {
  phoneTitle: "Phone",
  emailTitle: "Email",
  locationsTitle: "Locations",
  locations: ["Washington DC", "Maryland", "Virginia"],
  formTitle: "Send Us a Message",
  callNow: "Call Now",
  emailUs: "Email Us",
  submit: "Send Message",
} as const;

export const REGISTRATION_TEXT = {
  studentTitle: "Student Information",
  parentTitle: "Parent/Guardian Information",
  submit: "Submit Registration",
  consent:
    "By submitting, a parent or guardian gives consent for a participant under 18. A coach will contact you to arrange the interview and evaluation.",
} as const;
