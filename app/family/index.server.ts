// family's front door (docs/decisions/0053): the only module of app/family/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
export { actingForProblem, getAthletesActedFor, requireFamilyPerson } from "./acting-for.server";
export { familyAction } from "./actions.server";
export type { FamilyActionData } from "./actions.server";
export { confirmHousehold, confirmPeople, getUnconfirmedHouseholds } from "./confirmation.server";
export type { FamilyResult } from "./family-log.server";
export { isPhoneMissing } from "./guardian-phone.server";
export {
  addGuardiansToConversation,
  getAthletesForRegistration,
  getAthletesLeftWithoutGuardian,
  getClientLabels,
  getFamily,
  getHouseholdForStaff,
  getHouseholdOf,
  joinAsGuardian,
  removeFromFamilyOnDeletion,
} from "./households.server";
export { acceptInvitation, claimAthleteAccount, getInvitation } from "./invitations.server";
export { isPeopleIntent, peopleAction } from "./people-actions.server";
export { getFamilyPeople } from "./people.server";
export { correctByLead, decideProtectionRequest, getOpenProtectionRequests, setHouseholdFrozen, unlinkGuardianByLead } from "./protection.server";
export { getActivityAudience } from "./quiet-hours.server";
export type { ActivityAudience } from "./quiet-hours.server";
export {
  getAlerts,
  getConversationPause,
  getMyReports,
  getOpenReports,
  getReportedConversation,
  getSafeguardingLog,
  getSuspendedCoaches,
  logActionLabel,
  markAlertsReviewed,
  reportMessage,
  reportReceivedMessage,
  resolveReport,
  setCoachSuspension,
  setConversationPause,
} from "./reports.server";
export {
  DEFAULT_SAFE_PLAY,
  clientKindProblem,
  clientLabelWords,
  getConversationSafety,
  getSafetyPeople,
  isMinorPerson,
  isSafeguardingLead,
  messagingBlock,
  messagingBlockFor,
  readRefusal,
  requireSafeguardingLead,
  safePlaySendVerdict,
  safePlayStartRefusal,
} from "./safe-play.server";
export type { SafePlaySettings } from "./safe-play.server";
export { SAFEGUARDING_SUMMARY_JOB, sendSafeguardingSummary } from "./safeguarding-mail.server";
export type { SafeguardingMailServices } from "./safeguarding-mail.server";
