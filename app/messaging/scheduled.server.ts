// Messages kept for the end of quiet hours (issue 39, decision 0047). Safe Play refuses a coach's message to a minor's
// family at night; when quiet hours are the ONLY reason (sendRefusal checks them last, after every other rule), its
// sender may keep it to be sent when they end. The job queue keeps it (graphile-worker: the job lives in PostgreSQL, so
// it survives a restart) and, at its time, sends it through createMessage: the one send path the page, the widget and
// the socket use, so Safe Play is asked again then (a confirmation withdrawn meanwhile refuses it, and its sender reads
// why). Only its sender sees it, and may cancel it while it waits.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow, row, rows } from "../../db/rows";
import { formatMinutesOfDay, msUntilQuietHoursEnd, safePlayMessage, type SafePlayRefusal } from "~/safe-play/safe-play";
import { safePlaySendVerdict, type SafePlaySettings } from "~/safe-play/index.server";
import type { Locale } from "~/i18n/language";
import { getLocale } from "~/i18n/language";
import { isUuid } from "~/lib/uuid";
import type { DbOrTx } from "~/mail/index.server";
import { addJob } from "~/models/jobs.server";
import { m } from "~/paraglide/messages";
import { isConversationMember } from "./membership.server";
import { createMessage, type SendLimits, type SendResult } from "./messages.server";
import { refusalWords, tellSenderOfRefusal, type RefusalServices } from "./scheduled-refusal.server";
import { MessageContentSchema } from "./schemas";

export const SCHEDULED_MESSAGE_JOB = "send_scheduled_message";

/** What a sender is offered beside a refusal that quiet hours alone caused: when the message would go. */
export type ScheduleOffer = { sendAt: string; label: string; button: string };

/** "Send at 8:00 AM" / "Enviar a las 8:00 a. m.": the button's words. */
export function scheduleButtonWords(offer: Pick<ScheduleOffer, "label">, locale: Locale = getLocale()): string {
  return m.messaging_schedule_send_at({ time: offer.label }, { locale });
}

/** The end of quiet hours as a sentence says it: "8:00 AM"; in Spanish with its article ("las 8:00 a. m."). */
function endOfQuietHoursWords(minutes: number, locale: Locale): string {
  const clock = formatMinutesOfDay(minutes, locale);
  if (locale !== "es") return clock;
  return `${Math.floor(minutes / 60) % 12 === 1 ? "la" : "las"} ${clock}`;
}

/**
 * When a refused send could be kept for later: only when Safe Play refused it for quiet hours (its last rule, so
 * every other rule allowed it), at the end of quiet hours in the organisation's time zone. Null for any other refusal.
 */
export function scheduleOffer(refusal: SafePlayRefusal | null, settings: SafePlaySettings, locale: Locale = getLocale()): ScheduleOffer | null {
  if (refusal?.code !== "quiet-hours") return null;
  const now = settings.clock();
  const sendAt = new Date(now.getTime() + msUntilQuietHoursEnd(now, settings.timeZone, settings.quietHours));
  const label = endOfQuietHoursWords(settings.quietHours.end, locale);
  return { sendAt: sendAt.toISOString(), label, button: scheduleButtonWords({ label }, locale) };
}

/** The same for a send's result (createMessage's answer). */
export const scheduleOfferFor = (result: SendResult, settings: SafePlaySettings, locale: Locale = getLocale()) =>
  !result.ok && result.reason === "safe-play" ? scheduleOffer(result.refusal, settings, locale) : null;

/** A scheduled message as its sender reads it. */
export type ScheduledView = {
  id: string;
  conversationId: string;
  /** The family it goes to: the other people of the conversation, by name. */
  to: string;
  content: string;
  sendAt: string;
  status: "scheduled" | "refused";
  /** Why it was not sent at its time, in the reader's language. */
  reason: string | null;
};

export type ScheduleResult = { ok: true; scheduled: ScheduledView } | { ok: false; status: 400 | 403 | 404; error: string; field?: "content" };

/**
 * Keeps a message to be sent when quiet hours end. Refused, with nothing kept, when the sender is not in the
 * conversation (404), when Safe Play refuses the send for any reason but quiet hours, or allows it now (403: a message
 * is never kept to get round another refusal, and one that may go now is sent now), or when the content is not a
 * message (400). The same message kept twice for the same time is kept once.
 */
export async function scheduleMessage(
  db: Db,
  input: { conversationId: string; senderId: string; content: string },
  limits: SendLimits,
): Promise<ScheduleResult> {
  const settings = limits.safePlay!;
  if (!isUuid(input.conversationId) || !(await isConversationMember(db, input.conversationId, input.senderId)))
    return { ok: false, status: 404, error: m.messaging_schedule_gone() };
  const content = MessageContentSchema.safeParse(input.content);
  if (!content.success) return { ok: false, status: 400, field: "content", error: content.error.issues[0]!.message };
  const verdict = await safePlaySendVerdict(db, input.conversationId, input.senderId, settings);
  const offer = scheduleOffer(verdict.refusal, settings);
  if (!offer) return { ok: false, status: 403, error: verdict.refusal ? safePlayMessage(verdict.refusal) : m.messaging_schedule_send_now() };
  const sendAt = new Date(offer.sendAt);
  const id = await db.transaction(async (tx) => {
    const [same] = await rows(
      tx,
      z.object({ id: z.string() }),
      sql`
      select id from scheduled_messages where sender_id = ${input.senderId} and conversation_id = ${input.conversationId}
        and status = 'scheduled' and send_at = ${sendAt.toISOString()}::timestamptz and content = ${content.data}`,
    );
    if (same) return same.id;
    const { id } = await row(
      tx,
      z.object({ id: z.string() }),
      sql`
      insert into scheduled_messages (conversation_id, sender_id, content, send_at)
      values (${input.conversationId}, ${input.senderId}, ${content.data}, ${sendAt.toISOString()}::timestamptz) returning id`,
    );
    await queueScheduledMessage(tx, id, sendAt, settings);
    return id;
  });
  const [scheduled] = await getScheduledMessages(db, input.senderId, { ids: [id] });
  return { ok: true, scheduled: scheduled! };
}

/**
 * The job runs when Safe Play's clock reaches `sendAt`: on the wall clock, that far from now (the same instant, unless
 * a test set the site's clock).
 */
async function queueScheduledMessage(tx: DbOrTx, id: string, sendAt: Date, settings: SafePlaySettings) {
  const runAt = new Date(Date.now() + Math.max(0, sendAt.getTime() - settings.clock().getTime()));
  await addJob(tx, SCHEDULED_MESSAGE_JOB, { id }, { runAt, jobKey: `${SCHEDULED_MESSAGE_JOB}:${id}` });
}

/** Cancels a message still waiting; only its sender may. False when there is none of theirs waiting by that id. */
export async function cancelScheduledMessage(db: Db, id: string, senderId: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      update scheduled_messages set status = 'cancelled', decided_at = now()
      where id = ${id} and sender_id = ${senderId} and status = 'scheduled' returning id`);
    if (rows.length === 0) return false;
    await tx.execute(sql`select graphile_worker.remove_job(${`${SCHEDULED_MESSAGE_JOB}:${id}`})`);
    return true;
  });
}

const Row = z.object({
  id: z.string(),
  conversation_id: z.string(),
  to: z.string().nullable(),
  content: z.string(),
  send_at: z.coerce.date(),
  status: z.enum(["scheduled", "refused"]),
  refusal: z.unknown().nullable(),
});

/**
 * The sender's messages waiting, and those refused at their time in the last week (so they read why), oldest first:
 * of some conversations (the conversation page), of conversations with some people (the roster), or by id.
 */
export async function getScheduledMessages(
  db: Pick<Db, "execute">,
  senderId: string,
  where: { conversationIds?: string[]; withPeople?: string[]; ids?: string[] },
  locale: Locale = getLocale(),
): Promise<ScheduledView[]> {
  const list = (ids: string[] | undefined) => `{${(ids ?? []).join(",")}}`;
  const filters = [
    where.conversationIds ? sql`s.conversation_id = any(${list(where.conversationIds.filter(isUuid))}::uuid[])` : null,
    where.ids ? sql`s.id = any(${list(where.ids.filter(isUuid))}::uuid[])` : null,
    where.withPeople
      ? sql`exists (select 1 from conversation_participants w where w.conversation_id = s.conversation_id and w.user_id = any(${list(where.withPeople)}::text[]))`
      : null,
  ].filter((f) => f !== null);
  const kept = await rows(
    db,
    Row,
    sql`
    select s.id, s.conversation_id, s.content, s.send_at, s.status, s.refusal,
      (select string_agg(u.full_name, ', ' order by u.full_name) from conversation_participants p join users u on u.id = p.user_id
        where p.conversation_id = s.conversation_id and p.user_id <> s.sender_id) as "to"
    from scheduled_messages s
    where s.sender_id = ${senderId} and (s.status = 'scheduled' or (s.status = 'refused' and s.decided_at > now() - interval '7 days'))
      ${filters.length ? sql`and ${sql.join(filters, sql` and `)}` : sql``}
    order by s.send_at, s.created_at`,
  );
  return kept.map((r) => {
    return {
      id: r.id,
      conversationId: r.conversation_id,
      to: r.to ?? "",
      content: r.content,
      sendAt: r.send_at.toISOString(),
      status: r.status,
      reason: r.status === "refused" ? refusalWords(r.refusal, locale) : null,
    };
  });
}

const PayloadSchema = z.object({ id: z.uuid() });

/**
 * The job: sends a kept message at its time through createMessage, Safe Play asked again now. Sent: the row points at
 * the message. The message carries the row's id (migration 0059: unique), so a try after a crash between storing the
 * message and marking its row finds that message and only marks the row; the database refuses a second one. Refused
 * by Safe Play (or the sender left the conversation): the row keeps why, its sender reads it beside the composer and
 * on the roster, and hears of it by mail and push (scheduled-refusal.server.ts). Quiet hours still on (woken early on
 * the night the clocks change): kept for their end again. Too fast for the sender's allowance: thrown, so the queue
 * tries again shortly. The row is locked meanwhile, so a cancel waits for the answer and never cancels a message that
 * went ("no key update": the message's reference to the row, checked while it is stored on another connection, only
 * needs the row's key not to change, and a plain "for update" would make that check wait on this very job).
 */
export async function sendScheduledMessage(services: RefusalServices & { db: Db; config: { messaging: SendLimits } }, payload: unknown) {
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) return;
  const id = parsed.data.id;
  const { db } = services;
  const limits = services.config.messaging;
  const settings = limits.safePlay!;
  await db.transaction(async (tx) => {
    const row = await maybeRow(
      tx,
      z.object({ conversation_id: z.string(), sender_id: z.string(), content: z.string() }),
      sql`select conversation_id, sender_id, content from scheduled_messages where id = ${id} and status = 'scheduled' for no key update`,
    );
    if (!row) return;
    const markSent = (messageId: string) =>
      tx.execute(sql`update scheduled_messages set status = 'sent', message_id = ${messageId}, decided_at = now() where id = ${id}`);
    const sentBefore = await messageSentFor(tx, id);
    if (sentBefore) return void (await markSent(sentBefore));
    let result: SendResult;
    try {
      result = await createMessage(
        db,
        { conversationId: row.conversation_id, senderId: row.sender_id, content: row.content, scheduledMessageId: id },
        limits,
      );
    } catch (err) {
      // Another run stored it first (the unique index said so): that message is the one.
      const stored = isUniqueViolation(err) ? await messageSentFor(db, id) : null;
      if (!stored) throw err;
      return void (await markSent(stored));
    }
    if (result.ok) return void (await markSent(result.message.id));
    if (result.reason === "rate" || result.reason === "quota") throw new Error("scheduled message: the sender's allowance is spent; trying again");
    const again = scheduleOfferFor(result, settings);
    if (again) {
      await tx.execute(sql`update scheduled_messages set send_at = ${again.sendAt}::timestamptz where id = ${id}`);
      await queueScheduledMessage(tx, id, new Date(again.sendAt), settings);
      return;
    }
    const refusal = result.reason === "safe-play" ? result.refusal : { code: "not-member" };
    await tx.execute(sql`update scheduled_messages set status = 'refused', refusal = ${JSON.stringify(refusal)}::jsonb, decided_at = now()
      where id = ${id}`);
    await tellSenderOfRefusal(tx, services, id);
  });
}

/** The message stored for a kept one, by its key (at most one: migration 0059's unique index). */
async function messageSentFor(db: Pick<Db, "execute">, scheduledId: string): Promise<string | null> {
  const sent = await maybeRow(db, z.object({ id: z.string() }), sql`select id from messages where scheduled_message_id = ${scheduledId}`);
  return sent?.id ?? null;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === "23505";

/**
 * At start: a waiting message whose job is gone (its attempts used up while the database was away, say) is queued
 * again for its time. Jobs themselves live in PostgreSQL and outlast a restart.
 */
export async function requeueScheduledMessages(db: Db, settings: SafePlaySettings) {
  const waiting = await rows(
    db,
    z.object({ id: z.string(), send_at: z.coerce.date() }),
    sql`
    select s.id, s.send_at::text from scheduled_messages s where s.status = 'scheduled'
      and not exists (select 1 from graphile_worker.jobs j where j.key = ${SCHEDULED_MESSAGE_JOB + ":"} || s.id::text)`,
  );
  for (const r of waiting) await queueScheduledMessage(db, r.id, r.send_at, settings);
}

/** What the conversation page's action answers to a kept message's form (intent "schedule" or "cancel-scheduled"). */
export type ScheduledActionAnswer =
  | { status: 200; body: { ok: true; messages: []; scheduled: string } }
  | { status: 400 | 403 | 404; body: { ok: false; fieldErrors: { content: string }; messages: [] } };

/**
 * The conversation page's two steps on kept messages, for the person signed in: keep the text for the end of quiet
 * hours (scheduleMessage: only a send quiet hours alone refused), or cancel one of theirs.
 */
export async function answerScheduledIntent(
  db: Db,
  intent: "schedule" | "cancel-scheduled",
  input: { conversationId: string; senderId: string; content: string; scheduledId: string },
  limits: SendLimits,
): Promise<ScheduledActionAnswer> {
  if (intent === "cancel-scheduled") {
    if (!(await cancelScheduledMessage(db, input.scheduledId, input.senderId)))
      return { status: 404, body: { ok: false, fieldErrors: { content: m.messaging_schedule_gone() }, messages: [] } };
    return { status: 200, body: { ok: true, messages: [], scheduled: m.messaging_schedule_cancelled() } };
  }
  const kept = await scheduleMessage(db, input, limits);
  if (!kept.ok) return { status: kept.status, body: { ok: false, fieldErrors: { content: kept.error }, messages: [] } };
  const offer = scheduleOffer({ code: "quiet-hours", quiet: limits.safePlay!.quietHours }, limits.safePlay!);
  return { status: 200, body: { ok: true, messages: [], scheduled: m.messaging_schedule_done({ time: offer!.label }) } };
}
