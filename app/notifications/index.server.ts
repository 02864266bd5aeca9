// notifications's front door (docs/decisions/0053): the only module of app/notifications/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
export { BOOKING_NOTICE_JOB, queueBookingNotice, sendBookingNotice } from "./booking-notice.server";
export { SCHEDULE_CHANGE_JOB, isUrgentChange, sendScheduleChangeNotice, tellFamilies } from "./changes.server";
export type { ScheduleChange } from "./changes.server";
export { INVITATION_NOTICE_JOB, queueInvitationNotice, sendInvitationNotice } from "./invitation-notice.server";
export { getPushKeys } from "./push-keys.server";
export {
  SubscriptionSchema,
  hasPushDevice,
  isPushServiceEndpoint,
  listDevices,
  pushToPerson,
  removeSubscription,
  removeSubscriptionByEndpoint,
  saveSubscription,
} from "./push.server";
export type { PushConfig } from "./push.server";
