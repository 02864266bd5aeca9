// Updates and announcements, newest first. Add one at the top; dates are shown as written.
export type Announcement = { date: string; title: string; text: string };

export const ANNOUNCEMENTS: Announcement[] = [
  {
    date: "September 2024",
    title: "Fall weekly schedule starts September 7",
    text: "Sunday group training runs 8-10 AM and Monday-Thursday clinics run 4:30-6:00 PM through November 7. The Level-5 youth clinic for ages 8-12 meets Tuesday and Thursday 4:30-5:30 PM.",
  },
  {
    date: "September 2024",
    title: "No sessions on 9/21, 10/13 and 10/21",
    text: "Please mark these cancellations on your family calendar. Make-up time is added to the following week's clinics.",
  },
  {
    date: "August 2024",
    title: "Summer-camp grant renewed",
    text: "A $17,500 grant from a national tennis foundation keeps our summer camp affordable for every family who applies. Thank you to everyone who wrote in support.",
  },
  {
    date: "June 2024",
    title: "After-school program funded",
    text: "A $5,000 grant from a local Rotary club pays for court time, balls and homework help in our after-school program.",
  },
  {
    date: "Every season",
    title: "Scholarship recipients",
    text: "Recipients of our two memorial scholarships are announced here and on the Scholarships page, with the family's permission.",
  },
];
