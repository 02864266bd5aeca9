// calendar's front door (docs/decisions/0053): the only module of app/calendar/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
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
