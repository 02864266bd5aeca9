// retention's front door (docs/decisions/0053): the only module of app/retention/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
export { RETENTION_JOB, runRetentionJob } from "./apply.server";
export { getRetentionNotice } from "./notice.server";
