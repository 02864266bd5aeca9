// The calendar's front door (decision 0053): routes, programs, consent, payments, mail and the commands reach events and
// seasons through here. Inside: events.server.ts (events and sessions, their days and cancelled days), seasons.server.ts
// (seasons), cancellations.server.ts (a day or an event cancelled or changed: families told through notifications),
// event-actions.server.ts (the event form), ics.server.ts (calendar files). Pure shapes and words stay importable:
// event-format.ts, event-row.ts, season-standing.ts, season-terms.ts, starting-season.ts.
export { cancelDay, changeEvent, restoreDay } from "./cancellations.server";
export { readEventForm } from "./event-actions.server";
export {
  createEvent,
  deleteEvent,
  getAllEvents,
  getCancelledDays,
  getCurrentEvents,
  getEvent,
  getScheduleCards,
  getSessionSeasons,
  getShortNoticeCancellations,
  getUpcomingCancelledDays,
  moveEvent,
} from "./events.server";
export type { EventRow } from "./events.server";
export { buildCalendarFeed } from "./ics.server";
export type { FeedEvent } from "./ics.server";
export { createSeason, deleteSeason, getOpenSeasons, getSeasons, getSeasonsNotEnded, seasonName, updateSeason } from "./seasons.server";
export type { Season } from "./seasons.server";
