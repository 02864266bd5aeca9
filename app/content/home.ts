// The home page's words. Phone and email come from configuration; service areas from site.ts.
export const HERO_TEXT =
  "Tennis and education for student-athletes in Washington DC, Baltimore, Atlanta and Chesapeake, steering them toward academic circles and college scholarships.";

export const MISSION = {
  title: "Our Mission",
  text: "To steer student-athletes, many of them underprivileged, toward academic circles and college scholarships through tennis, tutoring and mentoring. On our courts, a missed homework assignment matters as much as a missed backhand.",
};

export const VISION = {
  title: "Our Vision",
  text: "A community where every child who picks up a racquet, whatever a family can afford, has a coach who believes in them, a clear path from beginner to competitor, and a real chance at a college education.",
};

export const GET_IN_TOUCH = {
  title: "Get In Touch",
  text: "Questions about a program, a level or a scholarship? Call or email us: a coach answers every message.",
  areasTitle: "Service Areas",
};

// The event cards themselves are in the database (table events, seeded from the cards this file used to hold);
// coaches change them at /calendar/events.
export const EVENTS_TITLE = "Upcoming Events & Weekly Schedule";
