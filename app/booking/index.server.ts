// Lesson booking's front door (issue 30, decision 0032): routes, the job queue, the benchmark and the demo call these,
// nothing behind them. Inside: slots.ts (free slots, pure), availability.server.ts (what coaches publish),
// bookings.server.ts (book, cancel, move: the database refuses overlaps), access.server.ts (who may), mails.server.ts
// (invitations and reminders, the family's and the coach's), feed.server.ts (the private calendar feed), lists.server.ts
// (what pages list), placements.server.ts (an evaluation's outcome), changes.server.ts (a coach's move or cancellation
// told as an event, the booking_changed job, which notifications takes: decision 0073).
//
// Evaluations from enrollment requests (issues 29 and 30): createBooking with an `enrollmentId` moves the request to
// "evaluation" in the booking's transaction (enrollment's startEvaluationForBooking: its status machine, its acting-for
// rule, its mail), a cancellation gives a request still in evaluation back its turn, and the coach records the outcome
// on /appointments with recordPlacement, which is enrollment's placement step. The level shown there is enrollment's.
export { getBookableAthletes, insideNotice, isMinorAthlete, requireFamilyMember } from "./access.server";
export {
  addDayOff,
  addWindow,
  getBookableCoaches,
  getFreeSlots,
  getOwnAvailability,
  removeDayOff,
  removeWindow,
  saveBookingSettings,
} from "./availability.server";
export {
  cancelByCoach,
  cancelByFamily,
  cancelEvaluationsOfEndedRequest,
  cancelFutureBookingsOfAthlete,
  createBooking,
  moveByCoach,
  type BookingResult,
} from "./bookings.server";
export { BOOKING_CHANGED_JOB, BookingChangedSchema, type BookingChanged } from "./changes.server";
export { feedPath, getFeedForSecret, getFeedState, resetFeedSecret } from "./feed.server";
export { getCoachBookings, getFamilyBookings } from "./lists.server";
export { recordPlacement, type PlacementResult } from "./placements.server";
export { BOOKING_REMINDER_JOB, formatBookingTime, getBookingDetail, kindWords, sendBookingReminder, type BookingServices } from "./mails.server";
export { BookSchema, BookingIdSchema, CoachCancelSchema, DayOffSchema, MoveSchema, PlacementSchema, SettingsSchema, WindowSchema } from "./schemas";
export { EVALUATION_MINUTES, LESSON_LENGTHS, NOTICE_MS, type BookingKind, type Slot } from "./slots";
