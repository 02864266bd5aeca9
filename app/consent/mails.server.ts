// What consent mails (issue 40): the receipt of a signature to its signer, the forms still missing to the family when a
// request waits for them, and the enrollment the last signature completed. Queued in the caller's transaction (the
// change and its mail commit together: decision 0011), in each reader's language, to verified addresses only. A mail
// names the athlete, the forms and the session; never a form's answers.
import type { Db } from "../../db/client";
import type { SafePlaySettings } from "~/safe-play/index.server";
import { localizePath, type Locale } from "~/i18n/language";
import { formatDateTime } from "~/lib/datetime";
import { enqueueMail, type DbOrTx, type MailServices, type OutgoingMail } from "~/mail/index.server";
import { familyRecipients } from "~/models/family.server";
import { m } from "~/paraglide/messages";

/** What consent's functions need from the app (the load context has it all; enrollment hands consent its own). */
export type ConsentServices = {
  db: Db;
  secret: string;
  config: MailServices["config"] & {
    site: { orgName: string; phone: string; email: string; timeZone: string };
    safePlay: SafePlaySettings;
  };
};

type FamilyMail = Pick<OutgoingMail, "kind" | "subject" | "paragraphs" | "action">;
type Words = { athlete: string; session: string };

/** One mail to each reader in the athlete's family (app/models/family.server.ts), in their language. */
async function mailFamily(
  tx: DbOrTx,
  services: ConsentServices,
  d: { athleteId: string; athleteName: string; session: { en: string; es: string | null } },
  write: (words: Words, locale: Locale) => FamilyMail,
) {
  for (const r of await familyRecipients(tx, d.athleteId)) {
    const locale: Locale = r.locale ?? "en";
    const words = { athlete: d.athleteName, session: (locale === "es" ? d.session.es : null) ?? d.session.en };
    await enqueueMail(tx, services, { to: r.email, locale, ...write(words, locale) });
  }
}

const accountLink = (services: ConsentServices, path: string, locale: Locale) => `${services.config.publicUrl}${localizePath(path, locale)}`;

/** The family is told which forms to sign before the athlete is enrolled, with the one link that signs them. */
export async function mailFormsNeeded(
  tx: DbOrTx,
  services: ConsentServices,
  d: { athleteId: string; athleteName: string; session: { en: string; es: string | null }; forms: { en: string; es: string }[] },
) {
  await mailFamily(tx, services, d, (words, locale) => ({
    kind: "consent-forms-needed",
    subject: m.consent_mail_needed_subject(words, { locale }),
    paragraphs: [
      m.consent_mail_needed_text(words, { locale }),
      d.forms.map((f) => `• ${f[locale]}`).join("\n"),
      m.consent_mail_questions({ phone: services.config.site.phone }, { locale }),
    ],
    action: { label: m.consent_mail_sign_button({}, { locale }), url: accountLink(services, "/account/forms", locale) },
  }));
}

/** The last form signed: the athlete is enrolled, and the family hears it. */
export async function mailEnrolledAfterForms(
  tx: DbOrTx,
  services: ConsentServices,
  d: { athleteId: string; athleteName: string; session: { en: string; es: string | null } },
) {
  await mailFamily(tx, services, d, (words, locale) => ({
    kind: "consent-enrolled",
    subject: m.consent_mail_enrolled_subject(words, { locale }),
    paragraphs: [m.consent_mail_enrolled_text(words, { locale }), m.consent_mail_questions({ phone: services.config.site.phone }, { locale })],
    action: { label: m.consent_mail_enrollments_button({}, { locale }), url: accountLink(services, "/account/enrollments", locale) },
  }));
}

/**
 * The receipt of one signature, to its signer in the language they signed in: what was signed, for whom, when, the PDF
 * of exactly that attached (the outbox's mail_attachments), and the link to it (kept with the signature, listed on the
 * family's forms page).
 */
export async function mailReceipt(
  tx: DbOrTx,
  services: ConsentServices,
  d: {
    to: string;
    locale: Locale;
    title: string;
    version: number;
    hash: string;
    athleteName: string;
    signedAt: Date;
    signatureId: string;
    pdf: Uint8Array;
  },
) {
  const o = { locale: d.locale };
  const when = formatDateTime(d.signedAt, services.config.site.timeZone, d.locale);
  await enqueueMail(tx, services, {
    to: d.to,
    kind: "consent-receipt",
    locale: d.locale,
    subject: m.consent_mail_receipt_subject({ form: d.title, athlete: d.athleteName }, o),
    paragraphs: [
      m.consent_mail_receipt_text({ form: d.title, athlete: d.athleteName, when, version: String(d.version) }, o),
      m.consent_mail_receipt_hash({ hash: d.hash }, o),
      m.consent_mail_paper_copy({ phone: services.config.site.phone, email: services.config.site.email }, o),
    ],
    attachments: [
      { filename: `${m.consent_receipt_filename({}, o)}-${d.signatureId.slice(0, 8)}.pdf`, contentType: "application/pdf", content: d.pdf },
    ],
    action: {
      label: m.consent_mail_receipt_button({}, o),
      url: accountLink(services, `/account/forms/receipts/${d.signatureId}`, d.locale),
    },
  });
}
