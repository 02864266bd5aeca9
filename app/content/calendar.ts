// The calendar page's words. The schedule itself is in the database (coaches edit it at /calendar/events); an
// embedded external calendar is optional configuration (CALENDAR_URL).
export const CALENDAR_TEXT = {
  embedTitle: "Next Level Tennis & Education calendar",
  openButton: "Open Calendar in New Tab",
  directLink: "Direct link to the calendar",
  popupBlocked: "Your browser blocked the pop-up. Please allow pop-ups for this site, or copy this link to open the calendar:",
  scheduleTitle: "Weekly Schedule Overview",
  upcomingTitle: "The next two weeks",
  contactTitle: "Questions about the schedule?",
  subscribeTitle: "Add our schedule to your calendar",
  subscribeText: "Subscribe once and new sessions and cancelled dates appear in your calendar app by themselves.",
  refreshNote:
    "Calendar apps check for changes on their own schedule: Google Calendar every 12 to 24 hours. A session cancelled on the day shows on our home page at once, so check it before you leave.",
  subscribeApple: "Subscribe (Apple Calendar, Outlook)",
  subscribeGoogle: "Add to Google Calendar",
  feedAddress: "Calendar address to paste into any calendar app:",
  mailTitle: "Email me about short-notice cancellations",
  mailLabel: "Email me when a session in the next 48 hours is cancelled",
  mailSave: "Save email preference",
} as const;

/** The mail families who opted in get when a coach cancels a day within the next 48 hours. */
export const CANCELLATION_MAIL = {
  subject: (day: string) => `Cancelled: no sessions on ${day}`,
  paragraphs: (orgName: string, day: string, note: string | null) => [
    `${orgName} has cancelled every session on ${day}.`,
    ...(note ? [note] : []),
    "Calendar apps that subscribe to our calendar can take up to a day to show a change, so this email comes straight away.",
  ],
  button: "See the schedule",
  footnote: "You get this email because you asked for short-notice cancellations on the calendar page.",
};
