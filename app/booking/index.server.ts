// Lesson booking's front door (issue 30, decision 0032): routes, the job queue, the benchmark and the demo call these,
// nothing behind them. Inside: slots.ts (free slots, pure), availability.server.ts (what coaches publish),
// bookings.server.ts (book, cancel, move: the database refuses overlaps), access.server.ts (who may), mails.server.ts
// (invitations and reminders), feed.server.ts (the private calendar feed), lists.server.ts (what pages list).
//
// Seam for the enrollment issue (29, not built yet): an evaluation booked from an enrollment request should move that
// request to "evaluation" in the same transaction as createBooking's insert, and its outcome becomes the placement
// shown as the athlete's level on /appointments (lists.server.ts's `level`, empty until then).
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
export { cancelByCoach, cancelByFamily, createBooking, moveByCoach, type BookingResult } from "./bookings.server";
export { feedPath, getFeedForSecret, getFeedState, resetFeedSecret } from "./feed.server";
export { getCoachBookings, getFamilyBookings } from "./lists.server";
export { BOOKING_REMINDER_JOB, formatBookingTime, getBookingDetail, kindWords, sendBookingReminder, type BookingServices } from "./mails.server";
export { BookSchema, BookingIdSchema, CoachCancelSchema, DayOffSchema, MoveSchema, SettingsSchema, WindowSchema } from "./schemas";
export { EVALUATION_MINUTES, LESSON_LENGTHS, NOTICE_MS, type BookingKind, type Slot } from "./slots";
