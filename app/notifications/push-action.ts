// What /account/push's action answers: the route writes it, the devices list on /account/notifications reads it (a
// component reads the capability's shape, never the route: decision 0053's layers). The one answer shape (decision
// 0077): a refusal's words are its formError.
import type { ActionResult } from "~/lib/form-errors";

export type PushAnswer = ActionResult;
