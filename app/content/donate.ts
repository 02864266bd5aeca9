// Donation options. Zelle uses the configured contact email and phone; bank details are shared on request.
export const DONATE_TEXT = {
  intro: "Every gift puts a racquet in a child's hand and a tutor beside them. Donations are made offline, in any of three ways.",
  zelleTitle: "Zelle",
  zelleText: "Send your gift with Zelle to our email address or phone number. Click either one to copy it.",
  zelleMemo: 'Memo suggestion: "Donation - NLTE" (or the name of the scholarship you are supporting).',
  copied: "Copied to clipboard",
  copyFailed: "Could not copy automatically. Please select the text and copy it.",
  bankTitle: "Bank Transfer",
  bankName: "Community Federal Bank",
  accountName: "Next Level Tennis & Education, Inc.",
  bankOnRequest: "Routing and account numbers are shared on request.",
  bankLink: "Email us for transfer details",
  bankSubject: "Bank transfer details",
  contactTitle: "Contact to Donate",
  contactText: "Prefer to talk first, give equipment, or sponsor a player? We would love to hear from you.",
  contactEmail: "Email us",
  contactSubject: "donation inquiry",
  contactCall: "Call us",
  scholarshipNote: "You chose the {name}: please add its name to your memo.",
} as const;

export const DONATE_STATS = [
  { value: "100%", label: "Tax Deductible" },
  { value: "5", label: "Program Levels" },
  { value: "4", label: "Cities" },
] as const;
