// Enrollment's front door (issue 29, decision 0033): routes, the job queue, the benchmark and the tests call these,
// nothing behind them. Inside: status.ts (the status machine, pure), access.server.ts (who may: one function a rule),
// enrollments.server.ts (requests, coaches' steps, the family's answers, the waitlist's offers; the session row's lock
// and the database's trigger keep every session within capacity), mails.server.ts (each step mailed to the family),
// sessions.server.ts (a session's facts and days), rosters.server.ts and attendance.server.ts (courtside),
// family.server.ts (what a family sees), report.server.ts and csv.ts (the funder report), roster-message.server.ts
// (one message to every household of a roster, through messaging's own send path).
//
// Visitors' requests (visitor-requests.server.ts): a visitor's registration with a session chosen (app/forms) keeps
// the request with its address unverified (keepVisitorRequest); when someone verifies that address, Better Auth's
// afterEmailVerification (server/auth.ts) calls claimVisitorRequests, which makes each kept request, in the order
// made, an athlete of that guardian's household and an enrollment request (createEnrollmentRequest's rules). Nothing
// is attached to an address that was not proved (decision 0024); the job queue forgets unclaimed ones after 30 days.
export {
  actForAthleteRefusal,
  getFamilyAthleteIds,
  getRequestableAthletes,
  isCoachOfSession,
  requireFamilyMember,
  requireEnrollmentCoach,
  requireSessionCoach,
} from "./access.server";
export { getMarksOn, recordMarks, type MarksResult } from "./attendance.server";
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
export { getFunderReport, reportRows, type FunderReport } from "./report.server";
export { reportQuery } from "./report-query.server";
export { getRoster, type RosterEntry } from "./rosters.server";
export { messageRoster, type RosterMessageResult } from "./roster-message.server";
export { getSession, getSessionsForCoaches, type SessionFacts } from "./sessions.server";
export { getOpenSessions } from "./sessions.server";
export {
  claimVisitorRequests,
  forgetUnclaimedVisitorRequests,
  keepVisitorRequest,
  VISITOR_REQUEST_DAYS,
  type ClaimedRequest,
  type VisitorRequestInput,
} from "./visitor-requests.server";
export { toCsv } from "./csv";
