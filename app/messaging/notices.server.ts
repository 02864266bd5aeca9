// Missed-message notices (decision 0012). A database trigger on messages schedules one job per recipient and
// conversation, NOTIFY_DELAY_SECONDS after the first unread message, and marks it pending in message_notice_jobs
// so that later messages schedule nothing (decision 0009); this decides, when it runs, whether a mail
// is due: the messages are still unread by this person (each participant reads for themselves: a guardian gets
// notices for their child's thread; an open conversation marks them read as they arrive, so unread means no open
// socket on it), the person wants notices, and no notice for this conversation went out in the last 15 minutes.
import { z } from "zod";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inQuietHours, msUntilSafePlayClockChanges } from "~/safe-play/safe-play";
import { getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/safe-play/index.server";
import { localizePath, type Locale } from "~/i18n/language";
import { enqueueMail, type MailServices } from "~/mail/index.server";
import { addJob } from "~/models/jobs.server";
import { hasPushDevice, pushToPerson, type PushConfig } from "~/notifications/index.server";
import { m } from "~/paraglide/messages";

export const MISSED_MESSAGES_JOB = "missed_messages";
export const NOTICE_INTERVAL_MINUTES = 15;
const QUOTED_MESSAGES = 5;

const PayloadSchema = z.object({ conversationId: z.uuid(), userId: z.string().min(1) });

const RecipientRow = z.object({
  email: z.string(),
  locale: z.enum(["en", "es"]).nullable(),
  notify_messages: z.boolean(),
  last_sent_at: z.coerce.date().nullable(),
  /** How far the person has read this conversation; null when they are no longer in it. */
  last_read_at: z.coerce.date().nullable(),
});
const MessageRow = z.object({
  content: z.string(),
  message_type: z.string(),
  file_name: z.string().nullable(),
  sender_name: z.string().nullable(),
  sender_gone: z.boolean(),
});

type NoticeServices = MailServices & { db: Db; config: MailServices["config"] & PushConfig & { safePlay: SafePlaySettings } };

export async function sendMissedMessageNotice(services: NoticeServices, payload: unknown) {
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) return;
  const { conversationId, userId } = parsed.data;
  const { db } = services;
  const recipient = await db.execute(sql`
    select u.email, u.locale, u.notify_messages, n.last_sent_at,
           (select p.last_read_at from conversation_participants p where p.conversation_id = ${conversationId} and p.user_id = u.id) as last_read_at
    from users u left join message_notices n on n.user_id = u.id and n.conversation_id = ${conversationId}
    where u.id = ${userId}`);
  const r = recipient.rows[0] ? RecipientRow.parse(recipient.rows[0]) : null;
  const nextAllowed = r?.last_sent_at ? new Date(r.last_sent_at.getTime() + NOTICE_INTERVAL_MINUTES * 60_000) : null;
  const member = Boolean(r?.last_read_at);
  if (member && r?.notify_messages && nextAllowed && nextAllowed > new Date()) {
    // Too soon after the last notice: look again when one is allowed (the job stays pending, so later messages
    // join it rather than scheduling their own).
    await addJob(db, MISSED_MESSAGES_JOB, { conversationId, userId }, { runAt: nextAllowed, jobKey: `missed_messages:${conversationId}:${userId}` });
    return;
  }
  // A student-athlete under 18 with a device that takes notifications hears of it after quiet hours (Safe Play): the
  // job waits for the next boundary (or midnight) and looks again, still pending.
  const pushing = member && r?.notify_messages ? await hasPushDevice(db, userId) : false;
  const safePlay = services.config.safePlay;
  const people = pushing ? await getSafetyPeople(db, await participantIds(db, conversationId)) : [];
  const recipientIsMinor = people.some((p) => p.id === userId && isMinorPerson(p, safePlay));
  if (recipientIsMinor && inQuietHours(safePlay.clock(), safePlay.timeZone, safePlay.quietHours)) {
    const runAt = new Date(Date.now() + msUntilSafePlayClockChanges(safePlay.clock(), safePlay.timeZone, safePlay.quietHours) + 1000);
    await addJob(db, MISSED_MESSAGES_JOB, { conversationId, userId }, { runAt, jobKey: `missed_messages:${conversationId}:${userId}` });
    return;
  }
  // No longer pending: the next message from here on schedules the next job. (Cleared before the unread
  // messages are read, so a message that arrives meanwhile is either quoted here or schedules its own job.)
  await db.execute(sql`delete from message_notice_jobs where user_id = ${userId} and conversation_id = ${conversationId}`);
  if (!r?.last_read_at || !r.notify_messages) return;
  const unread = await db.execute(sql`
    select m.content, m.message_type::text as message_type, a.file_name, s.full_name as sender_name, (m.sender_id is null) as sender_gone
    from messages m
    left join attachments a on a.id = m.attachment_id
    left join users s on s.id = m.sender_id
    where m.conversation_id = ${conversationId} and m.sender_id is distinct from ${userId}
      -- Unread by this person (their own mark: someone else reading does not read for them), and not quoted before.
      and m.created_at > (select p.last_read_at from conversation_participants p where p.conversation_id = ${conversationId} and p.user_id = ${userId})
      and m.created_at > ${r.last_sent_at?.toISOString() ?? "-infinity"}::timestamptz
    order by m.created_at desc
    limit ${QUOTED_MESSAGES}`);
  if (unread.rows.length === 0) return; // read in time
  const messages = unread.rows.map((row) => MessageRow.parse(row)).reverse();
  // In the recipient's language (their account's; English when they never chose), the push and the mail alike.
  const locale: Locale = r.locale ?? "en";
  const o = { locale };
  const nameOf = (row: z.infer<typeof MessageRow>) =>
    row.sender_gone ? m.messaging_mail_deleted_user({}, o) : row.sender_name || m.messaging_mail_someone({}, o);
  const senders = [...new Set(messages.map(nameOf))];
  const lines = messages.map((row) => {
    const attachment = m.messaging_mail_attachment({ name: row.file_name ?? m.messaging_mail_file({}, o) }, o);
    const body = row.message_type === "text" ? row.content : `${row.content ? `${row.content} ` : ""}${attachment}`;
    return `${nameOf(row)}: ${body}`;
  });
  // One notice per person for these messages: by push where the person has a device that took it, else by mail.
  // A thread with a student-athlete under 18 in it is announced without its words (a neutral line and a link): the
  // minor's device never shows message text, and the guardians get the same notice.
  if (pushing) {
    const minorInThread = people.some((p) => isMinorPerson(p, safePlay));
    const delivered = await pushToPerson(services, userId, {
      title: m.push_new_message_title({ count: messages.length }, { locale }),
      body: minorInThread ? m.push_new_message_neutral({}, { locale }) : lines.join("\n").slice(0, 180),
      url: localizePath(`/messages/${conversationId}`, locale),
      tag: `conversation-${conversationId}`,
    });
    if (delivered > 0) {
      await db.execute(sql`
        insert into message_notices (user_id, conversation_id, last_sent_at) values (${userId}, ${conversationId}, now())
        on conflict (user_id, conversation_id) do update set last_sent_at = excluded.last_sent_at`);
      return;
    }
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into message_notices (user_id, conversation_id, last_sent_at) values (${userId}, ${conversationId}, now())
      on conflict (user_id, conversation_id) do update set last_sent_at = excluded.last_sent_at`);
    await enqueueMail(tx, services, {
      to: r.email,
      kind: "missed-messages",
      locale,
      subject: m.messaging_mail_missed_subject({ count: messages.length, senders: senders.join(", ") }, o),
      paragraphs: [m.messaging_mail_missed_wrote({ count: senders.length, senders: senders.join(", "), org: services.config.site.orgName }, o)],
      quote: lines,
      action: {
        label: m.messaging_mail_open_conversation({}, o),
        url: `${services.config.publicUrl}${localizePath(`/messages/${conversationId}`, locale)}`,
      },
      footnote: [m.messaging_mail_missed_footnote({}, o)],
      unsubscribe: { userId, topic: "messages" },
    });
  });
}

async function participantIds(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db.execute(sql`select user_id from conversation_participants where conversation_id = ${conversationId}`);
  return rows.rows.map((row) => String((row as { user_id: string }).user_id));
}

/**
 * Schedules the job again for every pending notice whose job is gone (a restored backup holds the pending rows but
 * not the queue): without it, a pending row would keep later messages from ever scheduling a notice. Run at start-up.
 */
export async function requeuePendingNotices(db: Db, delaySeconds: number) {
  await db.execute(sql`
    select graphile_worker.add_job(${MISSED_MESSAGES_JOB}, json_build_object('conversationId', n.conversation_id, 'userId', n.user_id),
             run_at := greatest(now(), n.scheduled_at + make_interval(secs => ${delaySeconds})),
             job_key := 'missed_messages:' || n.conversation_id || ':' || n.user_id, job_key_mode := 'preserve_run_at')
    from message_notice_jobs n
    where not exists (select 1 from graphile_worker.jobs j where j.key = 'missed_messages:' || n.conversation_id || ':' || n.user_id)`);
}
