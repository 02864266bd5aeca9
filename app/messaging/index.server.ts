// Messaging's front door (issue 25). Everything outside app/messaging/ that sends, reads, checks membership, counts
// unread messages or serves the socket comes through here: the conversation page, /messages and its chat widget,
// the header's count, server/realtime (the socket), the job queue (missed-message notices) and the demo command.
// What lies behind it (the batched statements, the membership SQL, the socket rows) is messaging's own business;
// eslint.config.js refuses imports past this file. Browser code imports ./core (shapes and words) and
// ./realtime-client; zod schemas of what people send are ./schemas.
export { conversationNotFound, isConversationMember, requireConversationMember, conversationMemberSql } from "./membership.server";
export {
  announce,
  createMessage,
  DEFAULT_SEND_LIMITS,
  getAttachment,
  getMessagePage,
  getReadRefusal,
  getMessagesByIds,
  markConversationRead,
  MESSAGE_CHANNEL,
  MESSAGE_PAGE_SIZE,
  toView,
  type Announcement,
  type MessageRow,
  type NewMessage,
  type SendLimits,
  type SendResult,
} from "./messages.server";
export {
  ConversationRuleError,
  getClientsForCoach,
  getCoaches,
  getConversationForUser,
  getConversationParticipants,
  getConversationsForUser,
  getParticipantIds,
  getUnreadCount,
  getUnreadCounts,
  startConversation,
} from "./conversations.server";
export { MISSED_MESSAGES_JOB, requeuePendingNotices, sendMissedMessageNotice } from "./notices.server";
export { forgetProcessSockets, getLiveSessions, refreshSockets, registerSocket, SESSION_ENDED_CHANNEL, unregisterSocket } from "./sockets.server";
export { refusalAnswer, retryAfterHeaders, NOT_A_MEMBER, type RefusalAnswer, type SendRefusal } from "./refusals";
export { conversationWords } from "./words.server";
export {
  answerScheduledIntent,
  cancelScheduledMessage,
  getScheduledMessages,
  requeueScheduledMessages,
  SCHEDULED_MESSAGE_JOB,
  scheduleButtonWords,
  scheduleMessage,
  scheduleOffer,
  scheduleOfferFor,
  sendScheduledMessage,
  type ScheduledView,
  type ScheduleOffer,
  type ScheduleResult,
} from "./scheduled.server";
export { SCHEDULED_REFUSED_NOTICE_JOB, sendScheduledRefusedNotice } from "./scheduled-refusal.server";
