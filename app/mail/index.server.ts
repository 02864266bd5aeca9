// mail's front door (docs/decisions/0053): the only module of app/mail/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
export { confirmInvitedAddress } from "./confirmed-address.server";
export { createMailTransport, deliverMail } from "./delivery.server";
export { contactParagraphs, enrolledParagraphs, feeParagraphs, getEnrolledSession, seriesCalendar } from "./enrolled-details.server";
export { hitMailLimits } from "./limits.server";
export {
  DEFAULT_HOLD_SECONDS,
  LINK_GONE_ERROR,
  SEND_MAIL_JOB,
  bodiesToDeliver,
  enqueueMail,
  forgetExpiredLinks,
  getLatestMail,
  mailSettings,
  requeueUnsentMail,
} from "./outbox.server";
export type { DbOrTx, MailServices, SqlExecutor } from "./outbox.server";
export { readUnsubscribeToken } from "./template.server";
export type { MailContent, UnsubscribeTopic } from "./template.server";
