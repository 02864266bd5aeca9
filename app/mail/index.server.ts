// Mail's front door (decision 0053): capabilities, routes, the job queue and the commands reach mail through here.
// Inside: outbox.server.ts (the outbox: a mail is written in the sender's transaction, delivered by a job),
// delivery.server.ts (the transport), template.server.ts (the layout and unsubscribe links), limits.server.ts (mails per
// address), confirmed-address.server.ts (an invited address proven). Mail imports no capability: the enrolled mail's
// facts (session, fee, calendar file) are enrollment's (enrolled-details.server.ts there), so every door that sends mail
// does not load payments and the calendar through this one. Mail is a shared service (like auth): lint refuses it an
// import of any capability (eslint-rules/capability-boundaries.js).
export { enqueueMail, type DbOrTx, type MailServices, type SqlExecutor } from "./outbox.server";
export { confirmInvitedAddress } from "./confirmed-address.server";
export { createMailTransport, deliverMail } from "./delivery.server";
export { hitMailLimits } from "./limits.server";
export {
  DEFAULT_HOLD_SECONDS,
  LINK_GONE_ERROR,
  SEND_MAIL_JOB,
  bodiesToDeliver,
  forgetExpiredLinks,
  getLatestMail,
  mailSettings,
  requeueUnsentMail,
} from "./outbox.server";
export type { OutgoingMail } from "./outbox.server";
export { readUnsubscribeToken } from "./template.server";
export type { MailContent, UnsubscribeTopic } from "./template.server";
