// The two memorial scholarships. Rename them here when the families' wishes are confirmed.
export const SCHOLARSHIPS = [
  {
    id: "education",
    name: "Memorial Educational Scholarship",
    text: "Supports a student-athlete's education: tutoring, test preparation, school supplies and college application fees.",
  },
  {
    id: "training",
    name: "Memorial Tennis Training & Equipment Scholarship",
    text: "Supports a player's development: clinic and camp fees, private lessons, racquets, strings and shoes.",
  },
] as const;

export const SCHOLARSHIPS_TEXT = {
  listTitle: "Our Memorial Scholarships",
  recipientsTitle: "Scholarship Recipients",
  recipients: "Coming soon.",
  policyTitle: "Announcement Policy",
  policy:
    "Recipients are chosen by the coaching staff each season, on effort, grades and need. They are announced on this page and on Updates and Announcements, and only with the family's permission; amounts awarded to individual students are never published.",
  donateTitle: "Donate to a Scholarship",
  step1: "Step 1: Choose a scholarship",
  step2: "Step 2: Give",
  button: "Donate to This Scholarship",
} as const;
