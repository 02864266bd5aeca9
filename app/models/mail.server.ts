// The mail outbox: every mail is a row written in the caller's transaction, plus a job that delivers it
// (server/queue.ts). If the change rolls back, no mail; if it commits, the mail is never lost. See decision 0011.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { SiteConfig } from "~/lib/site-config";
import { renderMail, type MailContent, type MailSettings } from "~/mail/template.server";

/** A database handle or an open transaction: mail joins whichever the caller is in. */
/** The database or a transaction of it: every model function that can take part in the caller's transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that runs an SQL statement (the database, a transaction): what read-only rules need. */
export type SqlExecutor = Pick<Db, "execute">;

/** What enqueueMail needs from the app: the load context (or the services) has both. */
export type MailServices = {
  config: { publicUrl: string; site: Pick<SiteConfig, "orgName">; mail: { smtpUrl?: string | undefined } };
  secret: string;
};

export type OutgoingMail = MailContent & {
  to: string;
  /** What the mail is (password-reset, missed-messages, ...): for the operator's listing and for tests. */
  kind: string;
};

export const SEND_MAIL_JOB = "send_mail";

export function mailSettings(services: MailServices): MailSettings {
  return { orgName: services.config.site.orgName, publicUrl: services.config.publicUrl, secret: services.secret };
}

/**
 * Queues one mail in the caller's transaction. Delivered by the job queue when SMTP_URL is set; otherwise it stays
 * in the outbox for `npm run mail:outbox`.
 */
export async function enqueueMail(tx: DbOrTx, services: MailServices, mail: OutgoingMail) {
  const rendered = renderMail(mailSettings(services), mail);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      kind: mail.kind,
      headers: rendered.headers,
    })
    .returning({ id: mailOutbox.id });
  if (services.config.mail.smtpUrl) await addDeliveryJob(tx, row!.id);
  return row!.id;
}

/** One delivery job per mail (the job key makes a second call harmless). */
export async function addDeliveryJob(tx: DbOrTx, mailId: string) {
  await tx.execute(
    sql`select graphile_worker.add_job(${SEND_MAIL_JOB}, json_build_object('id', ${mailId}::text), max_attempts := 25, job_key := ${`send_mail:${mailId}`}, job_key_mode := 'unsafe_dedupe')`,
  );
}

/** Mail written while no SMTP server was configured (or whose job is gone): queued again at start-up. */
export async function requeueUnsentMail(db: Db) {
  const rows = await db.execute<{ id: string }>(sql`
    select id from ${mailOutbox} o where sent_at is null and created_at > now() - interval '7 days'
      and not exists (select 1 from graphile_worker.jobs j where j.key = 'send_mail:' || o.id::text)`);
  for (const r of rows.rows) await addDeliveryJob(db, r.id);
  return rows.rows.length;
}

export async function getUnsentMail(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.sentAt} is null`);
  return row ?? null;
}

export async function markMailSent(db: Db, id: string) {
  await db
    .update(mailOutbox)
    .set({ sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Db, id: string, error: string) {
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(mailOutbox.id, id));
}

/** The latest mail, newest first, for the operator's `npm run mail:outbox`. */
export async function getLatestMail(db: Db, limit = 10) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      kind: mailOutbox.kind,
      sentAt: mailOutbox.sentAt,
      createdAt: mailOutbox.createdAt,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
