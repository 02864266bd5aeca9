// A job that is due later (a notice's delay, a scheduled message, a retry's back-off) runs when it is due, without the
// queue asking the database every second (decision 0098). graphile-worker learns of a job queued for now from the
// database's notification, but of one that becomes due only by polling: each of its workers asked every
// pollInterval, which was a second, and those two questions a second were most of what an idle site did (about 8% of
// a core of this 2-core machine, database included, for every process). Now the process asks the database when the
// next waiting job is due whenever a job is queued anywhere or one of its own fails (to be tried again later), and
// wakes its own workers at that moment. The poll stays, every QUEUE_POLL_INTERVAL_MS, for what no notification tells:
// a notification lost while the listening connection was down, or a job another process put back for later.
import type { WorkerEvents, WorkerPool } from "graphile-worker";
import type { Db } from "../db/client";
import { msUntilNextScheduledJob } from "../app/models/jobs.server";
import { errorSummary } from "../app/lib/error-summary";

/** How many jobs one process runs at once (graphile-worker's `concurrency`): also how many workers a sweep wakes. */
export const QUEUE_CONCURRENCY = 2;
/** graphile-worker's poll: a fallback now, so at most this late for a job nothing here was told of. */
export const QUEUE_POLL_INTERVAL_MS = 10_000;
/** A burst of jobs queued (a message to a busy conversation can queue notices) is asked about once per this. */
const ASK_SPACING_MS = 250;
/** A wake-up far ahead (a clock set for a test, a job for next week) is asked about again after this. */
const LONGEST_WAIT_MS = 15 * 60_000;
/** After the moment the database gave: its clock and this timer's are read a few milliseconds apart. */
const MARGIN_MS = 25;

export type ScheduledJobsWake = { stop: () => void };

/** Wakes this process's workers when a job waiting for its time becomes due; `events` are the ones given to run(). */
export function wakeForScheduledJobs(db: Db, events: WorkerEvents): ScheduledJobsWake {
  let pool: WorkerPool | null = null;
  let stopped = false;
  let wake: NodeJS.Timeout | null = null;
  let spacing: NodeJS.Timeout | null = null;
  let asking = false;
  let askAgain = false;
  let lastAsked = -Infinity;

  const ask = () => {
    if (stopped || spacing) return;
    if (asking) {
      askAgain = true;
      return;
    }
    const wait = lastAsked + ASK_SPACING_MS - Date.now();
    if (wait > 0) {
      spacing = setTimeout(() => {
        spacing = null;
        ask();
      }, wait);
      spacing.unref();
      return;
    }
    asking = true;
    lastAsked = Date.now();
    msUntilNextScheduledJob(db)
      .then(wakeIn, (err: unknown) => console.error(`job queue: the next job's time could not be read: ${errorSummary(err)}`))
      .finally(() => {
        asking = false;
        if (askAgain) {
          askAgain = false;
          ask();
        }
      });
  };

  const wakeIn = (ms: number | null) => {
    if (wake) clearTimeout(wake);
    wake = null;
    if (ms === null || stopped) return;
    wake = setTimeout(
      () => {
        wake = null;
        if (ms < LONGEST_WAIT_MS) pool?.nudge(1);
        ask();
      },
      Math.min(ms + MARGIN_MS, LONGEST_WAIT_MS),
    );
    wake.unref();
  };

  events.on("pool:create", ({ workerPool }) => {
    pool = workerPool;
    ask();
  });
  events.on("pool:listen:notification", ({ message }) => {
    if (message.channel === "jobs:insert") ask();
  });
  // A failed attempt is tried again after a back-off (e seconds at the least), which graphile-worker writes just after
  // this event (in a batch): asked a second later, that may be the next waiting job.
  events.on("job:error", () => setTimeout(ask, 1_000).unref());

  return {
    stop: () => {
      stopped = true;
      if (wake) clearTimeout(wake);
      if (spacing) clearTimeout(spacing);
    },
  };
}
