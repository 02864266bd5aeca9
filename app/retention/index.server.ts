// Retention's front door (decision 0053): the job queue and /privacy reach it through here. Inside: apply.server.ts (the
// nightly job that applies the retention table), notice.server.ts (/privacy's part); table.ts stays importable.
export { RETENTION_JOB, runRetentionJob } from "./apply.server";
export { getRetentionNotice } from "./notice.server";
