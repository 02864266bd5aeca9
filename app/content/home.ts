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

export type EventCard = {
  title: string;
  when: string;
  details: string;
  /** Open cards get a Register button; closed and cancellation cards do not. */
  status: "open" | "closed" | "cancelled";
};

export const EVENTS_TITLE = "Upcoming Events & Weekly Schedule";

export const EVENT_CARDS: EventCard[] = [
  { title: "Fall Weekly Schedule", when: "Sundays 8-10 AM", details: "Group training for every level, Sep 7 - Nov 7.", status: "open" },
  { title: "Monday-Thursday Clinics", when: "4:30-6:00 PM", details: "Drills, match play and conditioning after school.", status: "open" },
  {
    title: "Level-5 Youth Clinic (Ages 8-12)",
    when: "Tuesday and Thursday 4:30-5:30 PM",
    details: "Our beginner clinic: racquets provided, no experience needed.",
    status: "open",
  },
  { title: "Private Lessons", when: "Fridays by appointment", details: "One-on-one coaching; book with 24 hours' notice.", status: "open" },
  { title: "Saturday", when: "Closed for the Sabbath", details: "No clinics or lessons on Saturdays.", status: "closed" },
  { title: "Cancellations", when: "9/21, 10/13 and 10/21", details: "No sessions on these dates.", status: "cancelled" },
];
