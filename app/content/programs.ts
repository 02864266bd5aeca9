// Programs: the five-level system, private lessons, the registration policy and the six program pages.
import type { ProgramSlug } from "./site";

export const LEVELS = [
  { level: 1, name: "National/International", text: "Players competing in national and international junior events, preparing for college tennis." },
  { level: 2, name: "State/Regional", text: "Ranked tournament players building a competitive schedule and a college plan." },
  { level: 3, name: "Intermediate", text: "Consistent rallies, all strokes in place; match play and first tournaments." },
  { level: 4, name: "Recreational", text: "Players who know the basics and want to keep improving and having fun." },
  { level: 5, name: "Beginner", text: "No experience needed. Racquets provided; ages 4 and up." },
] as const;

export const PROGRAMS_TEXT = {
  levelsTitle: "Our Five-Level System",
  levelsIntro: "Every student-athlete is placed by interview and evaluation, then moves up as skills, effort and grades grow.",
  placement: "Placement is by interview and evaluation.",
  privateTitle: "Private Lessons & Clinics",
  privateText:
    "One-on-one lessons on Fridays by appointment, and small-group clinics throughout the week. Private lessons need 24 hours' notice to book or cancel.",
  privateButton: "Contact Us About Private Lessons",
  pagesTitle: "Seasonal & Special Programs",
  registrationTitle: "Registration Information",
  registration: [
    "Monthly enrollment fees are due 15 days in advance.",
    "Please give 30 days' notice to withdraw.",
    "There are no refunds, but payments can be reallocated to other clinics or lessons.",
  ],
  registerButton: "Register Now",
} as const;

/** Written where a fact is not decided yet, so a family sees the question is known rather than forgotten. */
export const TBD = "TBD";

/** The four things every family asks first. Each is plain text the organisation edits here, or TBD. */
export type ProgramFacts = {
  /** Who it is for: ages and levels. */
  who: string;
  /** Days and times. */
  when: string;
  /** The place. */
  where: string;
  /** What it costs. */
  price: string;
};

export const PROGRAM_FACT_LABELS: Record<keyof ProgramFacts, string> = {
  who: "Who it is for",
  when: "When",
  where: "Where",
  price: "Price",
};

export type ProgramPage = {
  summary: string;
  facts: ProgramFacts;
  sections: Array<{ title: string; text: string; items?: string[] }>;
  /** Summer only: the photo release form. */
  photoRelease?: boolean;
};

export const PROGRAM_DETAILS: Record<ProgramSlug, ProgramPage> = {
  spring: {
    facts: {
      who: "All five levels, placed by interview and evaluation; ages TBD",
      when: "Monday-Thursday 4:30-6:00 PM, Sunday group training; private lessons Fridays by appointment",
      where: TBD,
      price: TBD,
    },
    summary: "Spring is tournament season: we get players outdoors, sharpen match play and set goals for the summer.",
    sections: [
      { title: "What we do", text: "Weekly clinics at every level, tournament preparation for Levels 1-3, and a fresh evaluation for every player." },
      { title: "Schedule", text: "Monday-Thursday clinics 4:30-6:00 PM, Sunday group training, private lessons on Fridays by appointment." },
      { title: "Education", text: "End-of-year exam preparation and study hours before clinics." },
    ],
  },
  summer: {
    facts: {
      who: "Student-athletes of every level; ages TBD",
      when: TBD,
      where: TBD,
      price: "TBD; a $17,500 grant keeps camp affordable, and scholarships are available",
    },
    summary: "Our summer camp combines morning tennis with afternoon learning, so players return to school stronger on and off the court.",
    sections: [
      {
        title: "Camp days",
        text: "Full days of coaching by level, match play, fitness and reading and maths sessions.",
        items: [
          "Morning: drills and match play by level",
          "Midday: lunch and rest in the shade",
          "Afternoon: reading, maths and college-readiness workshops",
        ],
      },
      { title: "Cost", text: "A $17,500 grant from a national tennis foundation keeps camp affordable; ask us about scholarships." },
      { title: "Before the first day", text: "Register online, then bring the signed photo release form to the first session." },
    ],
    photoRelease: true,
  },
  fall: {
    facts: {
      who: "Every level; the Level-5 youth clinic is for ages 8-12",
      when: "Sep 7 - Nov 7: Sundays 8-10 AM, Monday-Thursday 4:30-6:00 PM; no sessions 9/21, 10/13, 10/21",
      where: TBD,
      price: TBD,
    },
    summary: "The fall weekly schedule runs Sep 7 - Nov 7, with clinics after school and group training on Sundays.",
    sections: [
      {
        title: "Weekly schedule",
        text: "Every week from Sep 7 to Nov 7:",
        items: [
          "Sundays 8-10 AM: group training",
          "Monday-Thursday 4:30-6:00 PM: clinics",
          "Tuesday and Thursday 4:30-5:30 PM: Level-5 youth clinic, ages 8-12",
          "Fridays: private lessons by appointment",
          "Saturdays: closed for the Sabbath",
        ],
      },
      { title: "Cancellations", text: "No sessions on 9/21, 10/13 and 10/21." },
    ],
  },
  winter: {
    facts: { who: "Every level; ages TBD", when: TBD, where: "Indoor courts; address TBD", price: TBD },
    summary: "Winter keeps players moving: indoor court time, fitness, and extra academic support for mid-year grades.",
    sections: [
      { title: "Indoor training", text: "Reduced-size groups on indoor courts, focused on technique and footwork." },
      { title: "Fitness", text: "Strength, agility and injury-prevention sessions." },
      { title: "Academic support", text: "Tutoring and college-application help for older players during the break." },
    ],
  },
  "after-school": {
    facts: {
      who: "Student-athletes of every level; ages TBD",
      when: "Monday-Thursday 4:30-6:00 PM, homework first",
      where: TBD,
      price: "TBD; a $5,000 Rotary grant pays for court time, balls and tutoring",
    },
    summary: "After School Programming gives student-athletes a safe, active place between the last bell and dinner.",
    sections: [
      { title: "Homework first", text: "Every session starts with supervised homework time." },
      { title: "Then tennis", text: "Clinics by level, Monday-Thursday 4:30-6:00 PM." },
      { title: "Funded by the community", text: "A $5,000 grant from a local Rotary club pays for court time, balls and tutoring." },
    ],
  },
  "school-without-walls": {
    facts: {
      who: "Student-athletes of every level; ages TBD",
      when: "During the school year; days TBD",
      where: "On court and on college campuses; places TBD",
      price: TBD,
    },
    summary: "School Without Walls takes learning beyond the classroom: tennis, mentoring and campus visits that make college real.",
    sections: [
      { title: "Learning everywhere", text: "Lessons in goal-setting, nutrition and study skills, taught on and off the court." },
      { title: "College visits", text: "Trips to college campuses to meet coaches, players and admissions staff." },
      { title: "Mentoring", text: "Older players and alumni mentor younger student-athletes through the school year." },
    ],
  },
};

export const PROGRAM_LABEL_TEXT = {
  register: "Register for This Program",
  contact: "Contact Us",
  allPrograms: "All Programs",
} as const;
