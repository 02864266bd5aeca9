// The About page: mission, history, the system explained for parents, values, founder and a student's story.
export const ABOUT = {
  missionTitle: "Our Mission",
  mission:
    "Next Level Tennis & Education steers student-athletes, many of them underprivileged, toward academic circles and college scholarships. Tennis is how we meet them; education is where we want them to arrive.",
  historyTitle: "Our History",
  history: [
    { year: "1998", text: "Founded in Washington DC with a bucket of balls, one public court and a handful of neighbourhood kids." },
    { year: "2004", text: "Moved to Atlanta, where the program grew for twelve years and sent its first players to college on tennis scholarships." },
    { year: "2018", text: "Became a registered non-profit, so that grants and tax-deductible gifts could reach more families." },
    { year: "Today", text: "Serving families in Washington DC, Baltimore, Atlanta and Chesapeake." },
  ],
  systemTitle: "Our System, Explained for Parents",
  system: [
    "Every player is placed in one of five levels, from Level 5 (Beginner) to Level 1 (National/International). Placement is by interview and evaluation, not by age, so your child trains with players at the same stage.",
    "Coaches re-evaluate players through the season. Moving up a level is earned on court and in the classroom: we ask to see report cards.",
    "Parents hear from the coach directly. You will always know your child's level, what they are working on, and what comes next.",
  ],
  valuesTitle: "Core Values",
  values: [
    { name: "Education first", text: "Homework and grades come before match play." },
    { name: "Fun for all", text: "Every child who wants to play gets a place, whatever a family can afford." },
    { name: "Discipline", text: "Showing up on time, prepared and ready to work." },
    { name: "Respect", text: "For coaches, opponents, parents and the game." },
    { name: "Community", text: "Older players mentor younger ones; families support each other." },
  ],
  founderTitle: "Our Founder's Story",
  founder: [
    "Our founder learned tennis on the public courts of Washington DC, where a volunteer coach lent rackets and insisted that homework was finished before anyone hit a ball. That coach's belief opened the door to a college education.",
    "In 1998 our founder started giving the same chance to the next generation: free clinics on weekends, tutoring on the bleachers, and a promise to every family that their child would be seen, coached and pushed toward college.",
  ],
  staffTitle: "Our Staff",
  staffPlaceholder: "Staff profiles are coming soon.",
  storyTitle: "A Student Success Story",
  story:
    "She joined a Level 5 clinic at nine, unable to serve over the net and behind in maths. Six years of Sunday practices, Monday-Thursday clinics and homework hours later, she was competing at Level 2 and earned a college tennis scholarship, the first in her family to go to university. She now coaches our youngest players in the summers.",
} as const;
