// Staff's front door (decision 0053), started with what the child-data capability needs; the other importers still
// reach app/staff's modules directly (listed in eslint-rules/boundary-debts.json) until the next pass moves them here.
export { requireAdmin } from "./access.server";
export { getStaffClearance, isClearedCoachId, type ClearanceSettings } from "./clearance.server";
