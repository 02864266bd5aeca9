// The family capability's front door (decision 0053), started with what the child-data capability needs; the other
// importers still reach app/family's modules directly (listed in eslint-rules/boundary-debts.json) until the next pass
// moves them here. Only re-exports: no value of another capability is read while this file loads.
export { actingForProblem, getAthletesActedFor } from "./acting-for.server";
export { getDemographics } from "./demographics.server";
export { logSafeguarding } from "./family-log.server";
export { getSafetyPeople, isMinorPerson, type SafePlaySettings } from "./safe-play.server";
