// Safe Play's front door (issue 37, decisions 0053 and 0073): routes, other capabilities, the socket and the job queue
// ask Safe Play through here. Inside: safe-play.ts, the pure rule the browser shares (ages, quiet hours, clearance, the
// refusals' words: importable anywhere, as it names no server module), and safe-play.server.ts, which asks it with the
// database (who is a minor, a cleared coach or the safeguarding lead; whether a conversation may start, send or be read).
// The model-based search for ways around it is test code: tests/safe-play-model/ (run by app/safe-play/safe-play.model.test.ts
// and `npm run attack:safe-play`).
// Only re-exports: no value of another capability is read while this file loads.
export {
  canRemoveGuardianLink,
  clientKindProblem,
  clientLabelWords,
  DEFAULT_SAFE_PLAY,
  getConversationSafety,
  getConversationsSafety,
  getSafetyPeople,
  guardianRemovalRefused,
  isClearedCoach,
  isMinorPerson,
  isSafeguardingLead,
  messagingBlock,
  messagingBlockFor,
  readRefusal,
  requireSafeguardingLead,
  safePlaySendVerdict,
  safePlayStartPair,
} from "./safe-play.server";
export type { SafePlaySettings, SafetyPerson } from "./safe-play.server";
