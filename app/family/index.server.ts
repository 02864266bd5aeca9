// The family capability's front door (decision 0053): routes, other capabilities, the socket and the job queue reach
// households through here. Inside: acting-for.server.ts (who may act for a student-athlete), people*.server.ts and
// actions.server.ts (/account/family), family-view.server.ts, guardian-athletes.server.ts, guardian-phone.server.ts,
// invitations.server.ts, membership.server.ts (guardians in conversations), confirmation.server.ts (staff confirm
// people), protection.server.ts and reports.server.ts (the lead's), family-log.server.ts (the safeguarding log),
// safeguarding-mail.server.ts, account-deletion.server.ts, quiet-hours.server.ts, family-for-staff.server.ts.
// Safe Play is a capability of its own: app/safe-play/index.server.ts.
// Only re-exports: no value of another capability is read while this file loads.
export { actingForProblem, getAthletesActedFor } from "./acting-for.server";
export { getDemographics } from "./demographics.server";
export { logSafeguarding } from "./family-log.server";
export { getAthletesLeftWithoutGuardian, removeFromFamilyOnDeletion } from "./account-deletion.server";
export { requireFamilyPerson } from "./acting-for.server";
export { familyAction } from "./actions.server";
export { confirmHousehold, confirmPeople, getUnconfirmedHouseholds } from "./confirmation.server";
export { getClientLabels, getHouseholdForStaff } from "./family-for-staff.server";
export { getHouseholdOf } from "./family-log.server";
export type { FamilyResult } from "./family-log.server";
export { getFamily } from "./family-view.server";
export { createAthleteForGuardian, getAthletesForRegistration } from "./guardian-athletes.server";
export { isPhoneMissing } from "./guardian-phone.server";
export { acceptInvitation, claimAthleteAccount, getInvitation } from "./invitations.server";
export { addGuardiansToConversation, joinAsGuardian } from "./membership.server";
export { isPeopleIntent, peopleAction } from "./people-actions.server";
export { getFamilyPeople } from "./people.server";
export { correctByLead, decideProtectionRequest, getOpenProtectionRequests, setHouseholdFrozen, unlinkGuardianByLead } from "./protection.server";
export { createActivityAudiences } from "./quiet-hours.server";
export type { ActivityAudience, ActivityAudiences } from "./quiet-hours.server";
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
export { SAFEGUARDING_SUMMARY_JOB, sendSafeguardingSummary } from "./safeguarding-mail.server";
export type { SafeguardingMailServices } from "./safeguarding-mail.server";
