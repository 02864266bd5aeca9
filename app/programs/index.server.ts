// programs's front door (docs/decisions/0053): the only module of app/programs/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
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
