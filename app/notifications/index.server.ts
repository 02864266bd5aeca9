// Notifications' front door (decision 0053): capabilities, routes and the job queue reach people's devices through here.
// Inside: push.server.ts and push-keys.server.ts (Web Push: devices, keys, sending), changes.server.ts (who hears of a
// cancellation or schedule change, and how), booking-notice.server.ts (a coach's change to a booked lesson, taken from
// booking's booking_changed event: decision 0073), invitation-notice.server.ts (an invitation to join a family).
export { pushToPerson, type PushConfig, type PushNotice } from "./push.server";
export { BOOKING_NOTICE_JOB, onBookingChanged, sendBookingNotice } from "./booking-notice.server";
export { SCHEDULE_CHANGE_JOB, isUrgentChange, sendScheduleChangeNotice, tellFamilies } from "./changes.server";
export type { ScheduleChange } from "./changes.server";
export { INVITATION_NOTICE_JOB, queueInvitationNotice, sendInvitationNotice } from "./invitation-notice.server";
export { getPushKeys } from "./push-keys.server";
export {
  SubscriptionSchema,
  hasPushDevice,
  isPushServiceEndpoint,
  listDevices,
  removeSubscription,
  removeSubscriptionByEndpoint,
  saveSubscription,
} from "./push.server";
