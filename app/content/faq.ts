// The FAQ page's words in English, the reference (the Spanish, of the same type, is in faq.server.ts): the 12 questions
// families ask most, with the organisation's policies (ages, consent, refunds, withdrawals). `{withdrawalDays}` is the
// organisation's one withdrawal notice, filled in by the page (app/programs/policies.ts).

export type FaqWords = {
  questions: ReadonlyArray<{ q: string; a: string }>;
  quickLinksTitle: string;
  /** The links beside the questions; `to` is the English path (the page localises it). */
  quickLinks: ReadonlyArray<{ to: string; label: string }>;
  moreTitle: string;
  moreText: string;
  contactUs: string;
};

export const FAQS = [
  {
    q: "What ages do you accept?",
    a: "Children can join from age 4. Our Level-5 youth clinic is designed for ages 8-12, and older beginners are welcome in Level 5 clinics too.",
  },
  {
    q: "Does my child need experience?",
    a: "No. Level 5 (Beginner) starts from the very first swing, and racquets are provided. Every player is placed by interview and evaluation.",
  },
  {
    q: "How are players placed in the five levels?",
    a: "By a short interview and an on-court evaluation with a coach: 1 National/International, 2 State/Regional, 3 Intermediate, 4 Recreational, 5 Beginner. Coaches re-evaluate through the season.",
  },
  {
    q: "Do participants under 18 need parental consent?",
    a: "Yes. Parental consent is required for every participant under 18, given on the registration form by a parent or guardian.",
  },
  {
    q: "What is your refund policy for programs and camps?",
    a: "This is for cancelling a registration before a program starts. Cancel at least 7 days before the start for a full refund. Cancel 3-7 days before the start for a partial refund. Cancellations less than 3 days before the start are not refunded, except for medical emergencies. Once a program has started, monthly fees are not refunded (see withdrawals below).",
  },
  {
    q: "How do I book or cancel a private lesson?",
    a: "Private lessons are on Fridays by appointment and need 24-hour notice, whether you book, move or cancel. Signed in, book and cancel them on the Private lessons page; inside the 24 hours, call us or message the coach.",
  },
  {
    q: "How do I withdraw my child from a program?",
    a: "Once enrolled, please give {withdrawalDays} days' notice to withdraw. Monthly fees already paid are not refunded, but can be reallocated to other clinics or lessons.",
  },
  {
    q: "When are monthly fees due?",
    a: "Monthly enrollment fees are due 15 days in advance.",
  },
  {
    q: "What is the fall schedule?",
    a: "{fallSeason}: Sundays 8-10 AM, Monday-Thursday clinics 4:30-6:00 PM, the Level-5 youth clinic Tuesday and Thursday 4:30-5:30 PM, and private lessons on Fridays by appointment. We are closed on Saturdays for the Sabbath.",
  },
  {
    q: "Do you offer scholarships or financial help?",
    a: "Yes. Our two memorial scholarships support education and tennis training and equipment, and grants keep our after-school program and summer camp affordable. Ask a coach.",
  },
  {
    q: "Where do you run programs?",
    a: "We serve families in Washington DC, Baltimore MD, Atlanta GA and Chesapeake VA. Contact us for the court nearest you.",
  },
  {
    q: "Are donations tax deductible?",
    a: "Yes. We are a registered non-profit and donations are 100% tax deductible. See the Donate page for Zelle and bank transfer details.",
  },
] as const;

export const FAQ_EN: FaqWords = {
  questions: FAQS,
  quickLinksTitle: "Quick Links",
  quickLinks: [
    { to: "/programs", label: "Programs" },
    { to: "/calendar", label: "Calendar" },
    { to: "/lessons", label: "Book a private lesson" },
    { to: "/contact", label: "Contact" },
    { to: "/donate", label: "Donate" },
  ],
  moreTitle: "Still have a question?",
  moreText: "Call or email us and a coach will answer.",
  contactUs: "Contact Us",
};
