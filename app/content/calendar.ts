// The calendar page's words. The embedded calendar's address is configuration (CALENDAR_URL).
export const CALENDAR_TEXT = {
  embedTitle: "Next Level Tennis & Education calendar",
  openButton: "Open Calendar in New Tab",
  directLink: "Direct link to the calendar",
  popupBlocked:
    "Your browser blocked the pop-up. Please allow pop-ups for this site, or copy this link to open the calendar:",
  scheduleTitle: "Weekly Schedule Overview: Sep 7 - Nov 7",
  contactTitle: "Questions about the schedule?",
} as const;

export const WEEKLY_SCHEDULE = [
  { day: "Sunday", time: "8-10 AM", activity: "Group training, all levels" },
  { day: "Monday", time: "4:30-6:00 PM", activity: "Clinic" },
  { day: "Tuesday", time: "4:30-6:00 PM", activity: "Clinic; Level-5 youth clinic (ages 8-12) 4:30-5:30 PM" },
  { day: "Wednesday", time: "4:30-6:00 PM", activity: "Clinic" },
  { day: "Thursday", time: "4:30-6:00 PM", activity: "Clinic; Level-5 youth clinic (ages 8-12) 4:30-5:30 PM" },
  { day: "Friday", time: "By appointment", activity: "Private lessons" },
  { day: "Saturday", time: "Closed", activity: "Closed for the Sabbath" },
] as const;

export const SCHEDULE_NOTE = "Cancellations: 9/21, 10/13 and 10/21.";
