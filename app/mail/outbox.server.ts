// The mail outbox: every mail is a row written in the caller's transaction, plus a job that delivers it
// (server/queue.ts). If the change rolls back, no mail; if it commits, the mail is never lost. See decision 0011.
import crypto from "node:crypto";
import { and, desc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx, SqlExecutor } from "../../db/client";
import { rows } from "../../db/rows";
import { mailCalendarParts, mailOutbox } from "../../db/schema";
import type { SiteConfig } from "~/lib/site-config";
import { openLink, sealLink, withLink, withoutLink } from "~/mail/one-time-link.server";
import { renderMail, type MailContent, type MailSettings } from "~/mail/template.server";

/** A database handle or an open transaction (db/client.ts): mail joins whichever the caller is in. */
export type { DbOrTx, SqlExecutor };

/** What enqueueMail needs from the app: the load context (or the services) has both. */
export type MailServices = {
  config: {
    publicUrl: string;
    site: Pick<SiteConfig, "orgName">;
    /** statusHoldSeconds: how long a held mail waits for a later one to replace it (STATUS_MAIL_HOLD_SECONDS; 120). */
    mail: { smtpUrl?: string | undefined; statusHoldSeconds?: number | undefined };
  };
  secret: string;
};

/** How long a request's status mail is held by default (decision 0052): a coach's steps within it go as one mail. */
export const DEFAULT_HOLD_SECONDS = 120;

export type OutgoingMail = MailContent & {
  to: string;
  /** What the mail is (password-reset, missed-messages, ...): for the operator's listing and for tests. */
  kind: string;
  /**
   * A calendar invitation (a booking's, decision 0032), or a series to import (PUBLISH: an enrollment's session,
   * decision 0052): sent as text/calendar and as an .ics attachment.
   */
  calendar?: { method: "REQUEST" | "CANCEL" | "PUBLISH"; content: string };
  /** Files it carries (a payment's PDF receipt, decision 0044), kept in mail_attachments until it is removed. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: "application/pdf"; content: Uint8Array };

export type EnqueueOptions = {
  /**
   * Set when the action's link is a one-time link (a reset, a confirmation, an invitation): until when it works.
   * The outbox then keeps it sealed, never in plain text, and forgets it once sent or expired (decision 0025).
   */
  oneTimeLinkExpiresAt?: Date;
  /**
   * Held for `seconds` (decision 0052) under `key`: a mail with the same key to the same address queued before this
   * one and not yet handed to the mail server is replaced by it (deleted, its delivery job removed). Never loses the
   * last one: a held mail already being handed over stays, and this one goes after it.
   */
  hold?: { key: string; seconds: number };
};

export const SEND_MAIL_JOB = "send_mail";

export function mailSettings(services: MailServices): MailSettings {
  return { orgName: services.config.site.orgName, publicUrl: services.config.publicUrl, secret: services.secret };
}

/**
 * Queues one mail in the caller's transaction. Delivered by the job queue when SMTP_URL is set; otherwise it stays
 * in the outbox for `npm run mail:outbox`.
 */
export async function enqueueMail(tx: DbOrTx, services: MailServices, mail: OutgoingMail, options: EnqueueOptions = {}) {
  const rendered = renderMail(mailSettings(services), mail);
  const id = crypto.randomUUID();
  let bodies = { text: rendered.text, html: rendered.html };
  let sealed: { sealedLink: string; linkExpiresAt: Date } | null = null;
  if (options.oneTimeLinkExpiresAt) {
    if (!mail.action) throw new Error("a mail with a one-time link needs an action holding it");
    bodies = withoutLink(bodies, mail.action.url);
    sealed = { sealedLink: sealLink(services.secret, id, mail.action.url), linkExpiresAt: options.oneTimeLinkExpiresAt };
  }
  if (options.hold) await dropHeldMail(tx, options.hold.key, mail.to);
  const sendAfter = options.hold ? sql`now() + make_interval(secs => ${options.hold.seconds})` : null;
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      id,
      messageId: messageIdFor(id, services.config.publicUrl),
      toAddress: mail.to,
      subject: rendered.subject,
      textBody: bodies.text,
      htmlBody: bodies.html,
      kind: mail.kind,
      headers: rendered.headers,
      ...sealed,
      ...(options.hold ? { holdKey: options.hold.key, sendAfter } : {}),
    })
    .returning({ id: mailOutbox.id });
  if (mail.calendar) await tx.insert(mailCalendarParts).values({ mailId: row!.id, ...mail.calendar });
  for (const file of mail.attachments ?? [])
    await tx.execute(sql`insert into mail_attachments (mail_id, filename, content_type, content)
      values (${row!.id}, ${file.filename}, ${file.contentType}, ${Buffer.from(file.content)})`);
  if (services.config.mail.smtpUrl) await addDeliveryJob(tx, row!.id, options.hold ? options.hold.seconds : 0);
  return row!.id;
}

/**
 * Removes the held mails with `key` to `to` that no attempt has handed over yet, and their delivery jobs. The row lock
 * orders this against a delivery: one that marked the mail handed over first keeps it (the condition is checked again
 * after the lock), and one that comes after finds no row and completes nothing.
 */
const IdRow = z.object({ id: z.string() });

async function dropHeldMail(tx: DbOrTx, key: string, to: string) {
  const dropped = await rows(
    tx,
    IdRow,
    sql`
    delete from ${mailOutbox} where hold_key = ${key} and lower(to_address) = lower(${to}) and sent_at is null and handed_over_at is null
    returning id`,
  );
  for (const r of dropped) await tx.execute(sql`select graphile_worker.remove_job(${`send_mail:${r.id}`})`);
}

/**
 * The Message-ID a mail carries on every attempt, made when it is queued: the key that names this one delivery
 * (decision 0011, addendum of issue 38). A receiving system that sees it twice knows it is one mail.
 */
export function messageIdFor(mailId: string, publicUrl: string) {
  let host = "outbox.nlte";
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // The default stays: a malformed PUBLIC_URL is refused at start-up anyway.
  }
  return `<${mailId}@${host}>`;
}

/** One delivery job per mail (the job key makes a second call harmless), `afterSeconds` from now (a held mail's). */
export async function addDeliveryJob(tx: DbOrTx, mailId: string, afterSeconds = 0) {
  await tx.execute(
    sql`select graphile_worker.add_job(${SEND_MAIL_JOB}, json_build_object('id', ${mailId}::text), run_at := now() + make_interval(secs => ${afterSeconds}), max_attempts := 25, job_key := ${`send_mail:${mailId}`}, job_key_mode := 'unsafe_dedupe')`,
  );
}

/** Mail written while no SMTP server was configured (or whose job is gone): queued again at start-up. */
export async function requeueUnsentMail(db: Db) {
  const unsent = await rows(
    db,
    z.object({ id: z.string(), wait: z.number() }),
    sql`
    select id, greatest(0, extract(epoch from send_after - now()))::float8 as wait from ${mailOutbox} o
    where sent_at is null and created_at > now() - interval '7 days'
      and (link_expires_at is null or link_expires_at > now())
      and handed_over_at is null
      and not exists (select 1 from graphile_worker.jobs j where j.key = 'send_mail:' || o.id::text)`,
  );
  // A held mail keeps its hold (decision 0052): a later step may still replace it.
  for (const r of unsent) await addDeliveryJob(db, r.id, r.wait);
  return unsent.length;
}

export async function getUnsentMail(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.sentAt} is null`);
  return row ?? null;
}

const AttachmentRow = z.object({ filename: z.string(), content_type: z.string(), content: z.instanceof(Buffer) });

/** The files a mail carries, in the order they were added. */
export async function getMailAttachments(db: Pick<Db, "execute">, mailId: string) {
  const files = await rows(
    db,
    AttachmentRow,
    sql`select filename, content_type, content from mail_attachments where mail_id = ${mailId} order by id`,
  );
  return files.map((r) => ({ filename: r.filename, contentType: r.content_type, content: r.content }));
}

/** The calendar invitation a mail carries, if any. */
export async function getMailCalendarPart(db: Db, mailId: string) {
  const [part] = await db
    .select({ method: mailCalendarParts.method, content: mailCalendarParts.content })
    .from(mailCalendarParts)
    .where(eq(mailCalendarParts.mailId, mailId));
  return part ?? null;
}

type StoredBodies = Pick<typeof mailOutbox.$inferSelect, "id" | "textBody" | "htmlBody" | "sealedLink" | "linkExpiresAt">;

/** The mail's one-time link, opened, while it still works; null for a mail without one or whose link is gone. */
function openedLink(secret: string, mail: StoredBodies, now = new Date()) {
  if (!mail.sealedLink || !mail.linkExpiresAt || mail.linkExpiresAt <= now) return null;
  return openLink(secret, mail.id, mail.sealedLink);
}

/**
 * The bodies as the recipient gets them, the one-time link put back; null when the mail's link can no longer be
 * opened (expired, or sealed under another secret): such a mail is not sent.
 */
export function bodiesToDeliver(secret: string, mail: StoredBodies): { text: string; html: string } | null {
  const bodies = { text: mail.textBody, html: mail.htmlBody };
  if (!mail.linkExpiresAt) return bodies;
  const link = openedLink(secret, mail);
  return link ? withLink(bodies, link) : null;
}

/** Sent: the sealed link is removed with it (the recipient has the only copy). */
export async function markMailSent(db: Db, id: string) {
  await db
    .update(mailOutbox)
    .set({ sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null, sealedLink: null })
    .where(eq(mailOutbox.id, id));
}

/**
 * Records, before the final dot that completes the message over SMTP, that this attempt has handed the whole mail
 * over: committed before the SMTP server can accept it. False when another attempt already did (or it was sent):
 * this one must not complete it.
 */
export async function markMailHandedOver(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ handedOverAt: new Date() })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), isNull(mailOutbox.handedOverAt)))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

export const UNCERTAIN_ERROR =
  "not sent again: an attempt handed it to the mail server and stopped (the process or the database went down, or the connection broke) before the server's answer was recorded; it has most likely arrived, and sending it again could deliver it twice";

/** A mail whose last attempt's outcome is unknown: never sent again (decision 0011's addendum); its sealed link goes. */
export async function markMailUncertain(db: Db, id: string, detail?: string) {
  await db
    .update(mailOutbox)
    .set({ lastError: (detail ? `${UNCERTAIN_ERROR} (${detail})` : UNCERTAIN_ERROR).slice(0, 500), sealedLink: null })
    .where(eq(mailOutbox.id, id));
}

export const LINK_GONE_ERROR = "not sent: its one-time link expired (or the site's secret changed) first; ask for a new link";

/** A mail whose one-time link is gone before delivery: not sent, not retried, its sealed link removed. */
export async function markMailLinkGone(db: Db, id: string) {
  await db.update(mailOutbox).set({ sealedLink: null, lastError: LINK_GONE_ERROR }).where(eq(mailOutbox.id, id));
}

/** Removes the sealed links that no longer work (run by the queue every few minutes). Returns how many. */
export async function forgetExpiredLinks(db: Pick<Db, "update">) {
  const rows = await db
    .update(mailOutbox)
    .set({ sealedLink: null })
    .where(and(isNotNull(mailOutbox.sealedLink), lte(mailOutbox.linkExpiresAt, sql`now()`)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** An attempt the SMTP server surely did not accept (no connection, or it refused): the mail may be sent again. */
export async function markMailFailed(db: Db, id: string, error: string) {
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: error.slice(0, 500), handedOverAt: null })
    .where(eq(mailOutbox.id, id));
}

/**
 * The latest mail, newest first, for the operator's `npm run mail:outbox`: the text with its one-time link opened
 * while it works (the operator without a mail server follows it), or a note saying why it is gone.
 */
export async function getLatestMail(db: Db, secret: string, limit = 10) {
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      sealedLink: mailOutbox.sealedLink,
      linkExpiresAt: mailOutbox.linkExpiresAt,
      kind: mailOutbox.kind,
      sentAt: mailOutbox.sentAt,
      createdAt: mailOutbox.createdAt,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
  return rows.map(({ textBody, sealedLink, linkExpiresAt, ...m }) => {
    const link = openedLink(secret, { id: m.id, textBody, htmlBody: "", sealedLink, linkExpiresAt });
    const gone = m.sentAt ? "[one-time link: sent with the mail, not kept]" : "[one-time link: expired, not kept]";
    return { ...m, text: linkExpiresAt ? withLink({ text: textBody, html: "" }, link ?? gone).text : textBody };
  });
}
