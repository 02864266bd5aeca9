// What the Safe Play model must cover (issue 37): every household, invitation, confirmation, protection and
// kept-request action the site offers. The coverage test (app/safe-play/safe-play-coverage.test.ts) lists the site's
// actions from the code itself (the exported functions of the modules below, /account/family's intents, the kept
// requests' intents and the intents of the /safeguarding, /families/:id and /invitation actions) and fails for any
// that is neither one of the model's actions (model.ts, `covers`) nor named here with the reason it needs no model.
import { FAMILY_INTENTS } from "~/family/intents";
import { VISITOR_REQUEST_INTENTS } from "~/enrollment/visitor-requests-action.server";

/** The modules whose exported functions are the site's family actions (their routes call them). */
export const FAMILY_MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  "app/family/invitations.server.ts": () => import("~/family/invitations.server"),
  "app/family/membership.server.ts": () => import("~/family/membership.server"),
  "app/family/family-view.server.ts": () => import("~/family/family-view.server"),
  "app/family/client-kind.server.ts": () => import("~/family/client-kind.server"),
  "app/family/guardian-athletes.server.ts": () => import("~/family/guardian-athletes.server"),
  "app/family/account-deletion.server.ts": () => import("~/family/account-deletion.server"),
  "app/family/family-for-staff.server.ts": () => import("~/family/family-for-staff.server"),
  "app/family/confirmation.server.ts": () => import("~/family/confirmation.server"),
  "app/family/protection.server.ts": () => import("~/family/protection.server"),
  "app/family/family-log.server.ts": () => import("~/family/family-log.server"),
  "app/family/actions.server.ts": () => import("~/family/actions.server"),
  "app/family/reports.server.ts": () => import("~/family/reports.server"),
  "app/enrollment/visitor-requests.server.ts": () => import("~/enrollment/visitor-requests.server"),
  "app/enrollment/visitor-requests-review.server.ts": () => import("~/enrollment/visitor-requests-review.server"),
  "app/enrollment/visitor-requests-action.server.ts": () => import("~/enrollment/visitor-requests-action.server"),
};

/** Routes whose actions change families, and how their intents are written in the source. */
export const FAMILY_ROUTES: Record<string, { file: string; intents: RegExp; always?: string[] }> = {
  safeguarding: { file: "app/routes/safeguarding.tsx", intents: /intent: z\.literal\("([a-z-]+)"\)/g },
  // The form without an intent confirms the people ticked.
  "families.$householdId": { file: "app/routes/families.$householdId.tsx", intents: /form\.get\("intent"\) === "([a-z-]+)"/g, always: ["confirm"] },
  invitation: { file: "app/routes/invitation.tsx", intents: /form\.get\("intent"\) === "([a-z-]+)"/g },
  // A coach's roster confirms families and keeps messages; a conversation's page sends and keeps them (issue 39).
  "rosters.$sessionId": { file: "app/routes/rosters.$sessionId.tsx", intents: /intent === "([a-z-]+)"/g },
  "messages.$conversationId": { file: "app/routes/messages.$conversationId.tsx", intents: /intent === "([a-z-]+)"/g },
};

export const siteIntents = () => [...FAMILY_INTENTS.map((i) => `intent:${i}`), ...VISITOR_REQUEST_INTENTS.map((i) => `visitor-intent:${i}`)];

const words = "words of a refusal or a notice (no state)";
const read = "reads only (what a page shows)";

/** Site actions the model does not play, each with why. */
export const NOT_MODELLED: Record<string, string> = {
  "intent:approve-testimonial": "a guardian publishes their minor's testimonial: no family link, date of birth or message path",
  "intent:decline-testimonial": "a guardian declines a testimonial: no family link, date of birth or message path",
  "route:safeguarding#resolve": "the lead's outcome of a report: bookkeeping",
  "route:safeguarding#reviewed": "the lead marks alerts reviewed: bookkeeping",
  familyAction: "the dispatcher of /account/family's intents (each intent is modelled through it)",
  getHouseholdOf: read,
  nameOf: read,
  noLoginEmail: "an address's shape",
  isNoLoginEmail: "an address's shape",
  logSafeguarding: "writes the log only (inside the modelled actions)",
  householdForGuardian: "makes a guardian's household inside the modelled createAthleteForGuardian",
  notYourAthlete: words,
  otherFamilyMessage: words,
  protectedDetailsMessage: words,
  confirmedAlreadyMessage: words,
  frozenMessage: words,
  lockedDetailsMessage: words,
  addressTakenMessage: words,
  athleteInvitationNeedsNewLogin: words,
  invitationGoneMessage: words,
  wrongAddressMessage: words,
  changedDetails: "a log line's words",
  markFamilyCorrection: "marks a transaction inside the modelled corrections",
  frozenRefusal: "a check inside the modelled actions",
  getOpenProtectionRequests: read,
  getEndedInvitations: read,
  getUnconfirmedHouseholds: read,
  getFamily: read,
  getConfirmation: read,
  getInvitation: read,
  isGuardianOf: read,
  getAthletesLeftWithoutGuardian: read,
  getHouseholdForStaff: read,
  getClientLabels: read,
  getAthletesForRegistration: read,
  getReviewerAddress: read,
  getVisitorRequestsToReview: read,
  getVisitorRequestToReview: read,
  countVisitorRequestsToReview: read,
  keepChoiceProblem: "a check inside keepVisitorRequestAsGuardian",
  forgetUnclaimedVisitorRequests: "the daily job deletes unclaimed requests: it only removes",
  "route:rosters.$sessionId#capacity": "a session's number of places: no family link, date of birth or message path",
  "route:rosters.$sessionId#cancel-scheduled": "cancelling a kept message only removes",
  "route:messages.$conversationId#cancel-scheduled": "cancelling a kept message only removes",
  "route:messages.$conversationId#read": "read marks: no family link, date of birth or message content",
  reportReceivedMessage: words,
  logActionLabel: "a log line's words",
  getOpenReports: read,
  getMyReports: read,
  getConversationPause: read,
  getSuspendedCoaches: read,
  getAlerts: read,
  getReportedConversation: read,
  getSafeguardingLog: read,
  resolveReport: "the lead's outcome of a report: bookkeeping (no pause, suspension, family link or message path)",
  markAlertsReviewed: "the lead marks alerts reviewed: bookkeeping",
};
