// Mail to the safeguarding lead (decision 0022): every lead, or, while the organisation has named none, its contact
// address, so nothing is promised that nobody keeps. No names and no message text: the lead reads them signed in.
// Each lead reads it in their account's language; the organisation's address, which has no account, in English.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { messageReports, users } from "../../db/schema";
import { addJob } from "../models/jobs.server";
import { enqueueMail, type DbOrTx, type MailServices } from "../mail/index.server";
import { hitRateLimit } from "../models/rate-limit.server";
import { isLocale, localizePath, type Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";

/** Who reviews what reaches the lead: the safeguarding lead, or, while none is named, the organisation. */
export type Reviewer = "lead" | "organisation";

export type SafeguardingMailServices = MailServices & { config: MailServices["config"] & { site: { email: string } } };

type SafeguardingMail = { kind: string; subject: string; paragraphs: string[] };
/** A mail's words in the language of the one who reads it. */
type SafeguardingMailIn = (locale: Locale) => SafeguardingMail;

/** The organisation, standing in for a lead while none is named (the id of its counters and summary job). */
const ORGANISATION = "organisation";

/** Who gets the lead's mail now: every lead, by id, or the organisation while none is named. */
async function getRecipients(tx: DbOrTx, services: SafeguardingMailServices) {
  const leads = await tx
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.role, "coach"), eq(users.safeguardingLead, true), isNull(users.deletedAt)));
  return leads.length
    ? leads.map((l) => ({ id: l.id, email: l.email, locale: isLocale(l.locale) ? l.locale : ("en" as const) }))
    : [{ id: ORGANISATION, email: services.config.site.email, locale: "en" as const }];
}

type Recipient = { id: string; email: string; locale: Locale };

async function enqueueSafeguardingMail(tx: DbOrTx, services: SafeguardingMailServices, to: Recipient, words: SafeguardingMailIn) {
  const { locale } = to;
  const o = { locale };
  const mail = words(locale);
  if (to.id === ORGANISATION) {
    await enqueueMail(tx, services, {
      to: to.email,
      kind: mail.kind,
      locale,
      subject: m.messaging_mail_sg_no_lead_subject({ subject: mail.subject }, o),
      paragraphs: [...mail.paragraphs, m.messaging_mail_sg_no_lead({}, o)],
      action: { label: m.messaging_mail_sg_open_site({}, o), url: services.config.publicUrl },
    });
    return;
  }
  await enqueueMail(tx, services, {
    to: to.email,
    kind: mail.kind,
    locale,
    subject: mail.subject,
    paragraphs: [...mail.paragraphs, m.messaging_mail_sg_review({}, o)],
    action: { label: m.messaging_mail_sg_open_page({}, o), url: `${services.config.publicUrl}${localizePath("/safeguarding", locale)}` },
  });
}

/** Queues `mail` to every lead (in the caller's transaction), or to the organisation's address; says which. */
export async function mailSafeguarding(tx: DbOrTx, services: SafeguardingMailServices, mail: SafeguardingMailIn): Promise<Reviewer> {
  const recipients = await getRecipients(tx, services);
  for (const to of recipients) await enqueueSafeguardingMail(tx, services, to, mail);
  return recipients[0]!.id === ORGANISATION ? "organisation" : "lead";
}

/** At most one mail about reports per lead in this many minutes; the reports themselves are all kept and shown. */
export const REPORT_MAIL_MINUTES = 15;
export const SAFEGUARDING_SUMMARY_JOB = "safeguarding_summary";

const REPORT_MAIL: SafeguardingMailIn = (locale) => ({
  kind: "message-report",
  subject: m.messaging_mail_sg_report_subject({}, { locale }),
  paragraphs: [m.messaging_mail_sg_report({}, { locale })],
});

/**
 * Tells the leads (or the organisation) of a new report (decision 0024): the first report in REPORT_MAIL_MINUTES is
 * mailed at once; later ones in the same minutes wait for one summary at the end of them, so fifty reports are not
 * fifty mails. No names and no message text: the lead reads them signed in.
 */
export async function mailReportToSafeguarding(tx: DbOrTx, services: SafeguardingMailServices): Promise<Reviewer> {
  const recipients = await getRecipients(tx, services);
  for (const to of recipients) {
    const hit = await hitRateLimit(tx, `mail:safeguarding:${to.id}`, 1, REPORT_MAIL_MINUTES * 60);
    if (hit.allowed) await enqueueSafeguardingMail(tx, services, to, REPORT_MAIL);
    else
      await addJob(
        tx,
        SAFEGUARDING_SUMMARY_JOB,
        { recipient: to.id },
        { runAt: new Date(Date.now() + hit.retryAfterSeconds * 1000), jobKey: `${SAFEGUARDING_SUMMARY_JOB}:${to.id}` },
      );
  }
  return recipients[0]!.id === ORGANISATION ? "organisation" : "lead";
}

/**
 * The summary job: one mail to the recipient saying how many reports are open, when they are still the one who
 * reviews (a lead, or the organisation while none is named) and any report is open. It starts the next
 * REPORT_MAIL_MINUTES, so reports right after it wait for the next summary too.
 */
export async function sendSafeguardingSummary(services: SafeguardingMailServices & { db: Db }, payload: unknown) {
  const recipient = (payload as { recipient?: unknown } | null)?.recipient;
  if (typeof recipient !== "string") return;
  const { db } = services;
  await db.transaction(async (tx) => {
    const to = (await getRecipients(tx, services)).find((r) => r.id === recipient);
    if (!to) return;
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(messageReports)
      .where(isNull(messageReports.resolvedAt));
    const n = open?.n ?? 0;
    if (n === 0) return;
    const hit = await hitRateLimit(tx, `mail:safeguarding:${to.id}`, 1, REPORT_MAIL_MINUTES * 60);
    if (!hit.allowed) return; // a report was mailed meanwhile: that mail said it
    await enqueueSafeguardingMail(tx, services, to, (locale) => ({
      kind: "message-report",
      subject: m.messaging_mail_sg_more_subject({}, { locale }),
      paragraphs: [m.messaging_mail_sg_more({ count: n }, { locale })],
    }));
  });
}
