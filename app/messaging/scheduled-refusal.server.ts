// A kept message refused when it came due (issue 39, decision 0063): its sender hears of it, not only when they next
// open the page. A mail in their language, written in the job's transaction beside the refusal (so it goes exactly
// when the refusal is kept), says which message, to whom and why, with its words; a push, queued in the same
// transaction and sent by its own job once it commits, says only that a kept message was not sent and Safe Play's
// reason: a phone's lock screen never shows who the family is nor what was written (the family may be a minor's).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { safePlayMessage, type SafePlayRefusal } from "~/safe-play/safe-play";
import type { SafePlaySettings } from "~/safe-play/index.server";
import { localizePath, type Locale } from "~/i18n/language";
import { formatDateTime } from "~/lib/datetime";
import { enqueueMail, type DbOrTx, type MailServices } from "~/mail/index.server";
import { addJob } from "~/models/jobs.server";
import { pushToPerson, type PushConfig } from "~/notifications/index.server";
import { m } from "~/paraglide/messages";

export const SCHEDULED_REFUSED_NOTICE_JOB = "scheduled_message_refused";

/** What telling a sender needs: the outbox's services and the organisation's time zone (Safe Play's). */
export type RefusalServices = MailServices & {
  config: MailServices["config"] & { messaging: { safePlay?: Pick<SafePlaySettings, "timeZone"> | undefined } };
};

/** Why a kept message was not sent, in the reader's language: Safe Play's words, or that the sender left. */
export function refusalWords(refusal: unknown, locale: Locale): string {
  const r = refusal as { code?: string } | null;
  if (r?.code === "not-member") return m.messaging_schedule_not_member({}, { locale });
  return safePlayMessage(refusal as SafePlayRefusal, locale);
}

const RefusedRow = z.object({
  sender_id: z.string(),
  conversation_id: z.string(),
  content: z.string(),
  send_at: z.coerce.date(),
  refusal: z.unknown(),
  email: z.string(),
  locale: z.enum(["en", "es"]).nullable(),
  to: z.string().nullable(),
});

/** The refused row with its sender's address and language; null when it is not refused or its sender is gone. */
async function getRefused(db: Pick<Db, "execute">, id: string) {
  const { rows } = await db.execute(sql`
    select s.sender_id, s.conversation_id, s.content, s.send_at, s.refusal, u.email, u.locale,
      (select string_agg(p.full_name, ', ' order by p.full_name) from conversation_participants cp join users p on p.id = cp.user_id
        where cp.conversation_id = s.conversation_id and cp.user_id <> s.sender_id) as "to"
    from scheduled_messages s join users u on u.id = s.sender_id and u.deleted_at is null
    where s.id = ${id} and s.status = 'refused'`);
  return rows[0] ? RefusedRow.parse(rows[0]) : null;
}

/**
 * In the transaction that keeps the refusal: the mail to its sender, and the push job (which runs once this commits).
 */
export async function tellSenderOfRefusal(tx: DbOrTx, services: RefusalServices, id: string) {
  const r = await getRefused(tx, id);
  if (!r) return;
  const locale: Locale = r.locale ?? "en";
  const o = { locale };
  const zone = services.config.messaging.safePlay?.timeZone ?? "America/New_York";
  const when = formatDateTime(r.send_at, zone, locale);
  const reason = refusalWords(r.refusal, locale);
  await enqueueMail(tx, services, {
    to: r.email,
    kind: "scheduled-message-refused",
    locale,
    subject: m.season_refused_mail_subject({}, o),
    paragraphs: [m.season_refused_mail_text({ to: r.to ?? "", when, reason }, o), m.season_refused_mail_nothing_sent({}, o)],
    quote: [r.content],
    action: {
      label: m.messaging_mail_open_conversation({}, o),
      url: `${services.config.publicUrl}${localizePath(`/messages/${r.conversation_id}`, locale)}`,
    },
  });
  await addJob(tx, SCHEDULED_REFUSED_NOTICE_JOB, { id }, { jobKey: `${SCHEDULED_REFUSED_NOTICE_JOB}:${id}`, maxAttempts: 5 });
}

const PayloadSchema = z.object({ id: z.uuid() });

/** The job: the sender's devices hear that a kept message was not sent, and Safe Play's reason; nothing else. */
export async function sendScheduledRefusedNotice(services: { db: Db; config: PushConfig }, payload: unknown) {
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) return;
  const r = await getRefused(services.db, parsed.data.id);
  if (!r) return;
  const locale: Locale = r.locale ?? "en";
  await pushToPerson(services, r.sender_id, {
    title: m.season_refused_push_title({}, { locale }),
    body: refusalWords(r.refusal, locale),
    url: localizePath(`/messages/${r.conversation_id}`, locale),
    tag: `scheduled-${parsed.data.id}`,
  });
}
