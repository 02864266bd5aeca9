// staff's front door (docs/decisions/0053): the only module of app/staff/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
export { actorOf, requireAdmin } from "./access.server";
export {
  CLEARANCE_REMINDER_JOB,
  getAdministrators,
  getClearanceNotice,
  getClearedCoachIds,
  getStaffClearance,
  sendClearanceReminders,
} from "./clearance.server";
export type { ClearanceSettings } from "./clearance.server";
export { acceptStaffInvitation, cancelStaffInvitation, getPendingInvitations, getStaffInvitation, inviteCoach } from "./invitations.server";
export { getStaffLog } from "./log.server";
export { canReadPersonalData, getPersonalDataAccess, getPersonalDataReader, logMedicalNotesRead } from "./personal-data.server";
export type { PersonalDataReader } from "./personal-data.server";
export { COACH_PHOTO_COPIES_JOB, coachPhotoCopiesTask, getCoachPhotoFile, requeueCoachPhotoCopies } from "./photos.server";
export { getOwnCoachProfile, getShownCoaches, getStaff, saveOwnCoachProfile, setProfileShown, setStaffChecks } from "./profiles.server";
export type { StaffCard, StaffMember } from "./profiles.server";
export { changeStaffRole } from "./roles.server";
