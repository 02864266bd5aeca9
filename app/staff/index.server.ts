// Staff's front door (decision 0053): routes, other capabilities, the job queue and the role command reach staff through
// here. Inside: access.server.ts (requireAdmin, who acts), roles.server.ts (role changes), invitations.server.ts (a coach
// invited), clearance.server.ts (Safe Play's training and background check dates, their reminders),
// personal-data.server.ts (who reads a family's personal data, logged), profiles.server.ts and photos.server.ts (the
// coaches' public cards and portraits), log.server.ts (the staff log).
export { requireAdmin } from "./access.server";
export { getStaffClearance, isClearedCoachId, type ClearanceSettings } from "./clearance.server";
export { actorOf } from "./access.server";
export { CLEARANCE_REMINDER_JOB, getAdministrators, getClearanceNotice, getClearedCoachIds, sendClearanceReminders } from "./clearance.server";
export { acceptStaffInvitation, cancelStaffInvitation, getPendingInvitations, getStaffInvitation, inviteCoach } from "./invitations.server";
export { getStaffLog } from "./log.server";
export { canReadPersonalData, getPersonalDataAccess, getPersonalDataReader, logMedicalNotesRead } from "./personal-data.server";
export type { PersonalDataReader } from "./personal-data.server";
export { COACH_PHOTO_COPIES_JOB, coachPhotoCopiesTask, getCoachPhotoFile, requeueCoachPhotoCopies } from "./photos.server";
export { getOwnCoachProfile, getShownCoaches, getStaff, saveOwnCoachProfile, setProfileShown, setStaffChecks } from "./profiles.server";
export type { StaffCard, StaffMember } from "./profiles.server";
export { changeStaffRole } from "./roles.server";
