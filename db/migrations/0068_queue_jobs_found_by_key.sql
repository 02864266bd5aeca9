-- The job queue finds a job by its key through the key's index, whatever the queue held when a connection first
-- planned the lookup (issue 43). graphile_worker.add_jobs looks for a pending job with the key it is given
-- (`jobs.key = spec.job_key` against `unnest(specs)`), remove_job deletes one by key. PL/pgSQL keeps the plan it made
-- first for the rest of the session, and the connections that send messages force generic plans (db/client.ts): a
-- plan made while the queue was nearly empty scans it, and went on scanning every pending job for each job added.
-- On a new database, the first message of each of 1,000 conversations with a guardian in them (two notice jobs each,
-- through the trigger on messages) read 1.9 million rows of the queue: 1,965 scans. Planned with scans disabled,
-- these two functions look jobs up by key in every session, for every caller (the trigger, the mail outbox,
-- bookings' and enrollments' jobs); a plan per call instead (plan_cache_mode = force_custom_plan) cost more CPU than
-- the scans it saved at that size. graphile-worker's own migrations replace these functions whole (CREATE OR
-- REPLACE drops a function's settings): a new version of the queue must set them again (server/queue.test.ts
-- fails where add_jobs scans the queue).
ALTER FUNCTION graphile_worker.add_jobs(graphile_worker.job_spec[], boolean) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION graphile_worker.remove_job(text) SET enable_seqscan = off;
