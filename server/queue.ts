// The job queue (graphile-worker, decision 0011): workers run inside the one Node process, jobs live in PostgreSQL
// (schema graphile_worker), so several app processes on one database share them and each job runs once.
// To add a job type: write its handler, add it to `tasks` below, and queue it with `addJob` from the app
// (app/models/jobs.server.ts) or, for a schedule, add a line to `crontab`.
import { run, type Runner, type Task, type TaskList } from "graphile-worker";
import { createQueuePool, quietLogger } from "../db/migrate";
import { forgetExpiredLinks, requeueUnsentMail, SEND_MAIL_JOB } from "../app/mail/index.server";
import { createMailTransport, deliverMail } from "../app/mail/index.server";
import {
  MISSED_MESSAGES_JOB,
  requeuePendingNotices,
  requeueScheduledMessages,
  SCHEDULED_MESSAGE_JOB,
  SCHEDULED_REFUSED_NOTICE_JOB,
  sendMissedMessageNotice,
  sendScheduledMessage,
  sendScheduledRefusedNotice,
} from "../app/messaging/index.server";
import { setAppSetting } from "../app/models/settings.server";
import { purgeExpiredRateLimits } from "../app/models/rate-limit.server";
import { SAFEGUARDING_SUMMARY_JOB, sendSafeguardingSummary } from "../app/family/index.server";
import { SCHEDULE_CHANGE_JOB, sendScheduleChangeNotice } from "../app/notifications/index.server";
import { INVITATION_NOTICE_JOB, sendInvitationNotice } from "../app/notifications/index.server";
import { BOOKING_CHANGED_JOB, BOOKING_REMINDER_JOB, cancelEvaluationsOfEndedRequest, sendBookingReminder } from "../app/booking/index.server";
import { expireOffer, forgetUnclaimedVisitorRequests, OFFER_EXPIRY_JOB, REQUEST_ENDED_JOB } from "../app/enrollment/index.server";
import { BOOKING_NOTICE_JOB, onBookingChanged, sendBookingNotice } from "../app/notifications/index.server";
import { CLEARANCE_REMINDER_JOB, sendClearanceReminders } from "../app/staff/index.server";
import { GALLERY_PHOTO_COPIES_JOB, galleryPhotoCopiesTask, requeueGalleryPhotoCopies } from "../app/gallery/index.server";
import { COACH_PHOTO_COPIES_JOB, coachPhotoCopiesTask, requeueCoachPhotoCopies } from "../app/staff/index.server";
import { RETENTION_JOB, runRetentionJob } from "../app/retention/index.server";
import { FORMS_REMINDER_JOB, sendFormsReminders } from "../app/consent/index.server";
import { EVALUATION_REMINDER_JOB, sendEvaluationReminders } from "../app/athletes/index.server";
import { runSeasonFeesJob, SEASON_FEES_JOB } from "../app/payments/index.server";
import { takeBackup } from "./backup";
import { announceNewHour, NEW_HOUR_JOB } from "./content-changes";
import type { AppServices } from "./context";
import { startQueueLiveness, SWEEP_INTERVAL_MS } from "./queue-liveness";
import { QUEUE_CONCURRENCY, QUEUE_POLL_INTERVAL_MS, wakeForScheduledJobs } from "./queue-wake";

export type Queue = { stop: () => Promise<void> };

/**
 * Makes the delivery task: one mail from the outbox through SMTP, never twice (app/mail/delivery.server.ts). A failure
 * the server surely did not accept is retried with backoff by the queue.
 */
export function sendMailTask(services: AppServices): Task {
  const transport = services.config.mail.smtpUrl ? createMailTransport(services.config.mail.smtpUrl) : null;
  return async (payload) => {
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id !== "string") return;
    await deliverMail(services, transport, id);
  };
}

export const DAILY_BACKUP_JOB = "daily_backup";
export const FORGET_EXPIRED_LINKS_JOB = "forget_expired_links";

/** The daily backup (decision 0015) into DATA_DIR/backups, keeping the newest BACKUP_KEEP. */
export function dailyBackupTask(services: AppServices, databaseUrl: string): Task {
  return async () => {
    const { config } = services;
    const result = await takeBackup({ databaseUrl, dataDir: config.dataDir, keep: config.backupKeep });
    console.log(
      `daily backup written: ${result.file} (${result.tables} tables)${result.removed.length ? `; removed ${result.removed.length} older` : ""}`,
    );
  };
}

/** The daily removal of visitors' requests for a place nobody claimed in 30 days (issue 29, decision 0033). */
export const FORGET_VISITOR_REQUESTS_JOB = "forget_visitor_requests";

/** The hourly removal of expired rate_limits rows (an expired row counts as nothing; without it the table grows). */
export const PURGE_RATE_LIMITS_JOB = "purge_rate_limits";

export type QueueOptions = {
  /** How often this process gives back the jobs of processes that died (server/queue-liveness.ts). */
  sweepIntervalMs?: number;
};

export async function startQueue(services: AppServices, databaseUrl: string, options: QueueOptions = {}): Promise<Queue> {
  // The database trigger on messages reads the delays from here (migrations 0006 and 0019): the mail's, and the push's
  // for people with a device that gets notifications.
  await setAppSetting(services.db, "notify_delay_seconds", String(services.config.mail.notifyDelaySeconds));
  await setAppSetting(services.db, "push_delay_seconds", String(services.config.push.delaySeconds));
  if (services.config.mail.smtpUrl) await requeueUnsentMail(services.db);
  await requeuePendingNotices(services.db, services.config.mail.notifyDelaySeconds);
  // Messages kept for the end of quiet hours whose job is gone (issue 39).
  await requeueScheduledMessages(services.db, services.config.safePlay);
  // Photos still being prepared whose job is gone (say, its attempts used up while the database was away).
  await requeueGalleryPhotoCopies(services.db);
  await requeueCoachPhotoCopies(services.db);
  const tasks: TaskList = {
    [SEND_MAIL_JOB]: sendMailTask(services),
    [MISSED_MESSAGES_JOB]: async (payload) => sendMissedMessageNotice(services, payload),
    [SCHEDULED_MESSAGE_JOB]: async (payload) => sendScheduledMessage(services, payload),
    [SCHEDULED_REFUSED_NOTICE_JOB]: async (payload) => sendScheduledRefusedNotice(services, payload),
    [SCHEDULE_CHANGE_JOB]: async (payload) => sendScheduleChangeNotice(services, payload),
    [INVITATION_NOTICE_JOB]: async (payload) => sendInvitationNotice(services, payload),
    [BOOKING_REMINDER_JOB]: async (payload) => sendBookingReminder(services, payload),
    [BOOKING_CHANGED_JOB]: async (payload) => onBookingChanged(services, payload),
    [BOOKING_NOTICE_JOB]: async (payload) => sendBookingNotice(services, payload),
    [OFFER_EXPIRY_JOB]: async (payload) => expireOffer(services, payload),
    [REQUEST_ENDED_JOB]: async (payload) => cancelEvaluationsOfEndedRequest(services, payload),
    [DAILY_BACKUP_JOB]: dailyBackupTask(services, databaseUrl),
    [SAFEGUARDING_SUMMARY_JOB]: async (payload) => sendSafeguardingSummary(services, payload),
    [PURGE_RATE_LIMITS_JOB]: async () => void (await purgeExpiredRateLimits(services.db)),
    [NEW_HOUR_JOB]: async () => announceNewHour(services.db),
    [FORGET_EXPIRED_LINKS_JOB]: async () => void (await forgetExpiredLinks(services.db)),
    [FORGET_VISITOR_REQUESTS_JOB]: async () => void (await forgetUnclaimedVisitorRequests(services.db)),
    [CLEARANCE_REMINDER_JOB]: async () => void (await sendClearanceReminders(services)),
    [GALLERY_PHOTO_COPIES_JOB]: galleryPhotoCopiesTask(services.db),
    [COACH_PHOTO_COPIES_JOB]: coachPhotoCopiesTask(services.db),
    [RETENTION_JOB]: async () => void (await runRetentionJob(services)),
    [FORMS_REMINDER_JOB]: async () => void (await sendFormsReminders(services)),
    [EVALUATION_REMINDER_JOB]: async () => void (await sendEvaluationReminders(services)),
    [SEASON_FEES_JOB]: async () => void (await runSeasonFeesJob(services)),
  };
  // The queue's connections are ours, not graphile-worker's: its own pool is ended without waiting, after its error
  // handlers are gone, so a connection still closing when the database stopped crashed the stop (exit 1).
  const pool = createQueuePool(databaseUrl);
  // Jobs a process that died was running are given back now, before this one starts taking jobs, and then whenever
  // another process on the database dies, instead of staying locked for graphile-worker's 4 hours.
  const liveness = await startQueueLiveness(services.db, databaseUrl).catch(async (err: unknown) => {
    await pool.end();
    throw err;
  });
  // Before run(): it listens for the pool's creation to know which workers to wake.
  const wake = wakeForScheduledJobs(services.db, liveness.events);
  let runner: Runner;
  try {
    const released = await liveness.sweep();
    if (released.length) console.log(`job queue: gave back the jobs of ${released.length} stopped process(es)`);
    runner = await run({
      pgPool: pool,
      concurrency: QUEUE_CONCURRENCY,
      noHandleSignals: true,
      pollInterval: QUEUE_POLL_INTERVAL_MS,
      logger: quietLogger,
      events: liveness.events,
      taskList: tasks,
      // Schedules, one per line ("minute hour day month weekday task", in UTC). The queue runs each once across all
      // processes; ?fill=1d makes a backup missed while every process was down run when one starts again.
      // 07:00 UTC is 2 or 3 AM in the organisation's time zone, when nobody is sending messages.
      // Every 10 minutes, sealed one-time links that expired leave the outbox (decision 0025).
      // Every hour, counters of rate_limits whose window has passed are removed (decision 0024).
      // At the top of every hour, visitors' stored pages are rendered again (what they show follows the clock).
      // Every day at 07:41 UTC, visitors' requests for a place older than 30 days are removed (issue 29).
      // Every day at 13:05 UTC (morning in the organisation's zone), coaches whose Safe Play training or background check
      // expires within 60 days are reminded, with the administrators, once per date (issue 37).
      // Every day at 07:51 UTC, after the backup, the retention table is applied (issue 40, app/retention/table.ts).
      // Every day at 13:15 UTC, families whose request waits for forms are reminded 7 and 2 days before its first session.
      // Every day at 13:25 UTC, coaches of sessions N weeks into their season are reminded once of athletes not yet evaluated (issue 42).
      // Every day at 08:01 UTC (after midnight everywhere the organisation works), per-month fees' next months are charged
      // (issue 41, decision 0059); a day missed while every process was down runs when one starts again.
      crontab: `0 7 * * * ${DAILY_BACKUP_JOB} ?fill=1d\n*/10 * * * * ${FORGET_EXPIRED_LINKS_JOB}\n23 * * * * ${PURGE_RATE_LIMITS_JOB}\n0 * * * * ${NEW_HOUR_JOB}\n41 7 * * * ${FORGET_VISITOR_REQUESTS_JOB} ?fill=1d\n5 13 * * * ${CLEARANCE_REMINDER_JOB} ?fill=1d\n51 7 * * * ${RETENTION_JOB} ?fill=1d\n15 13 * * * ${FORMS_REMINDER_JOB}\n25 13 * * * ${EVALUATION_REMINDER_JOB} ?fill=1d\n1 8 * * * ${SEASON_FEES_JOB} ?fill=1d`,
    });
  } catch (err) {
    wake.stop();
    await liveness.stop();
    await pool.end();
    throw err;
  }
  try {
    await liveness.recorded();
  } catch (err) {
    wake.stop();
    await runner.stop();
    await liveness.stop();
    await pool.end();
    throw err;
  }
  liveness.sweepEvery(options.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  return {
    /** Resolves once every job in progress has finished and every connection of the queue is closed. */
    stop: async () => {
      wake.stop();
      await runner.stop();
      // Only now: no job of this pool is locked any more, so nothing is left for others to give back.
      await liveness.stop();
      await pool.end();
    },
  };
}
