// Programs' front door for what other folders and routes call (decision 0053). Older routes still import its files
// directly (eslint-rules/boundary-debts.json); new code comes through here.
export {
  canCancelSession,
  cancelSessionAs,
  getSessionCancelFacts,
  type CancelSessionAsResult,
  type SessionCancelFacts,
} from "./session-cancel.server";
export { handleSessionCancel, type SessionCancelAnswer } from "./session-cancel-action.server";
