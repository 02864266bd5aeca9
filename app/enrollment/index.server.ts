// Enrollment's front door (issue 29, decision 0033): routes, the job queue, the benchmark and the tests call these,
// nothing behind them. Inside: status.ts (the status machine, pure), access.server.ts (who may: one function a rule),
// enrollments.server.ts (requests, coaches' steps, the family's answers, the waitlist's offers; the session row's lock
// and the database's trigger keep every session within capacity), mails.server.ts (each step mailed to the family),
// sessions.server.ts (a session's facts and days), rosters.server.ts and attendance.server.ts (courtside),
// family.server.ts (what a family sees), report.server.ts and csv.ts (the funder report), roster-message.server.ts
// (one message to every household of a roster, through messaging's own send path).
//
// Visitors' requests (visitor-requests*.ts): a visitor's registration with a session chosen (app/forms) keeps the
// request with its address unverified (keepVisitorRequest; at most 3 wait for one address). Nothing a visitor typed
// joins a family by itself (issue 37): the guardian whose verified address it is reads every field on
// /account/enrollments and keeps it (an athlete of their household, never merged into one by itself, and an
// enrollment request by createEnrollmentRequest's rules) or drops it; getReviewerAddress is the one rule of who may.
// The job queue forgets unanswered ones after 30 days.
//
// Places and eligibility (issue 39, decision 0046): places.server.ts (places left: the database's one count, which the
// capacity trigger shares; whether a bare request holds a place, the organisation's setting), eligibility.ts (ages on
// the session's first day and levels, pure: the enroll form and the server say the same words) and
// placement-outside.server.ts (a coach places outside them with a reason, logged).
import { offerFreePlaces } from "./enrollments.server";
import { setRequestsHoldPlace as setHold } from "./places.server";
import type { EnrollmentServices } from "./mails.server";

/** Staff set whether a bare request holds a place; every session is settled by the new rule at once. */
export const setRequestsHoldPlace = (services: EnrollmentServices, hold: boolean) => setHold(services, hold, offerFreePlaces);
export { getAthleteFits } from "./eligibility.server";
export { getPlacesLeft, getRequestsHoldPlace } from "./places.server";
export {
  actForAthleteRefusal,
  getFamilyAthleteIds,
  getRequestableAthletes,
  isCoachOfSession,
  requireFamilyMember,
  requireEnrollmentCoach,
  readsEveryRoster,
  requireRosterReader,
  requireSessionCoach,
} from "./access.server";
export { attendanceDay, dayRefusal, getMarksOn, getMeetingRule, recordMarks, type MarkRefusal, type MarksResult } from "./attendance.server";
export {
  answerAsFamily,
  capacityBelowPlaces,
  createEnrollmentRequest,
  currentLevel,
  endEnrollmentsOnDeletion,
  expireOffer,
  getOfferHours,
  OFFER_EXPIRY_JOB,
  REQUEST_ENDED_JOB,
  offerFreePlaces,
  setOfferHours,
  setSessionCapacity,
  takeCoachStep,
  type EnrollResult,
  type StepResult,
} from "./enrollments.server";
export { getEvaluationRequests, getRequestForEvaluation, reopenAfterCancelledEvaluation, startEvaluationForBooking } from "./evaluations.server";
export { getFamilyEnrollments, type FamilyChild } from "./family.server";
export { type EnrollmentServices } from "./mails.server";
export { getFunderReport, type FunderReport } from "./report.server";
export { reportCsvRows, reportRows, reportTables, type ReportAid, type ReportTable } from "./report-tables.server";
export { reportQuery } from "./report-query.server";
export { getAttendanceAthletes, getRosterForReader, type RosterEntry } from "./rosters.server";
export { messageRoster, scheduleRosterMessage, type RosterMessageResult } from "./roster-message.server";
export { confirmRosterFamily, RosterConfirmSchema } from "./roster-family.server";
export { getClosedRequests, getRequestDates, type ClosedRequest, type RequestDates } from "./request-history.server";
export { endRequestsOfCancelledSession, tellEnrolledOfCancelledSession } from "./session-cancelled.server";
export { getSession, getSessionsForCoaches, type SessionFacts } from "./sessions.server";
export { getOpenSessions } from "./sessions.server";
export {
  forgetUnclaimedVisitorRequests,
  keepVisitorRequest,
  VISITOR_REQUEST_DAYS,
  VISITOR_REQUESTS_PER_ADDRESS,
  type KeepVisitorResult,
  type VisitorRequestInput,
} from "./visitor-requests.server";
export {
  countVisitorRequestsToReview,
  dropVisitorRequest,
  getReviewerAddress,
  getVisitorRequestsToReview,
  getVisitorRequestToReview,
  keepVisitorRequestAsGuardian,
  type KeepAs,
  type ReviewResult,
} from "./visitor-requests-review.server";
export { answerVisitorRequest, VISITOR_REQUEST_INTENTS } from "./visitor-requests-action.server";
export { toCsv } from "./csv";
