// Programs' front door (decision 0053): routes, the session card and the demo command reach programs through here.
// Inside: programs.server.ts (program pages, their sections and sessions), access.server.ts (who may edit them),
// policies.server.ts (the withdrawal notice setting), session-coaches.server.ts (who coaches each session),
// session-cancel*.server.ts (a session cancelled from the editor or the roster); session-facts.ts, policies.ts and
// schemas.ts stay importable from the browser.
export {
  canCancelSession,
  cancelSessionAs,
  getSessionCancelFacts,
  type CancelSessionAsResult,
  type SessionCancelFacts,
} from "./session-cancel.server";
export { handleSessionCancel, sessionCancelledAnswer, type SessionCancelAnswer } from "./session-cancel-action.server";
export { canEditPrograms, requireProgramEditor } from "./access.server";
export { getPolicies, setWithdrawalDays } from "./policies.server";
export {
  countSessions,
  createSection,
  deleteSection,
  getProgram,
  getProgramPage,
  getProgramSessionsForEditor,
  getProgramSummaries,
  updateProgramSummary,
  updateSection,
} from "./programs.server";
export type { ProgramFacts, SessionView } from "./programs.server";
export { addSessionCoach, getSessionCoachIds, getStaffCoaches, setSessionCoaches } from "./session-coaches.server";
