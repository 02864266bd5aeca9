// Telling the family of every step of a request (issue 29): a mail to the athlete's guardians, and to the athlete
// when they have a login of their own, each in their own language, queued in the caller's transaction (the step and
// its mail commit together: decision 0011). Only to addresses people proved are theirs: a minor's placement is a
// minor's personal data (decision 0024). The mail names the session, the status and the level; never the on-court
// notes (medical, pick-up), which stay on the site. Issue 39 (decision 0052): each mail is held in the outbox for two
// minutes and a later step on the same request replaces it, so a coach's quick steps go as one mail with the latest
// state; the Spanish says each state in a sentence that needs no gendered word; "Enrolled" tells what a family needs
// for the first day (enrolled-details.server.ts) and carries the series as a calendar file.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ConsentServices } from "~/consent/index.server";
import { localizePath, type Locale } from "~/i18n/language";
import { formatDateTime } from "~/lib/datetime";
import { inReaderLanguage } from "~/lib/typed-content";
import { contactParagraphs, enrolledParagraphs, feeParagraphs, getEnrolledSession, seriesCalendar } from "./enrolled-details.server";
import { DEFAULT_HOLD_SECONDS, enqueueMail, type DbOrTx } from "~/mail/index.server";
import { familyRecipients } from "~/models/family.server";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import type { EnrollmentStatus } from "./status";

/** What enrollment's functions need from the app: what consent's need, as a request's steps go through its gate. */
export type EnrollmentServices = ConsentServices;

const DetailRow = z.object({
  athlete_id: z.string(),
  athlete_name: z.string().nullable(),
  event_id: z.string(),
  title: z.string(),
  title_es: z.string().nullable(),
  status: z.string(),
  cancel_reason: z.string().nullable(),
  cancel_reason_es: z.string().nullable(),
  credited_cents: z.coerce.number().nullable(),
  offered_until: z.coerce.date().nullable(),
  position: z.coerce.number().nullable(),
  level: z.coerce.number().nullable(),
});

/**
 * Why a mail goes: the request's new status, an offer that lapsed, or its session cancelled by the organisation (a
 * request still waiting ended: "session-cancelled"; an enrolled place, credited: "session-cancelled-enrolled").
 */
export type EnrollmentChange = EnrollmentStatus | "offer-expired" | "session-cancelled" | "session-cancelled-enrolled";

type Words = { athlete: string; session: string };
type Said = (words: Words, options: { locale: Locale }) => string;

/** Each change's subject and first sentence; the Spanish needs no word that agrees with the athlete's gender. */
const SAID: Record<EnrollmentChange, { subject: Said; text: Said }> = {
  requested: { subject: m.mail_status_requested_subject, text: m.mail_status_requested_text },
  evaluation: { subject: m.mail_status_evaluation_subject, text: m.mail_status_evaluation_text },
  placed: { subject: m.mail_status_placed_subject, text: m.mail_status_placed_text },
  enrolled: { subject: m.mail_enrolled_subject, text: m.mail_enrolled_intro },
  waitlisted: { subject: m.mail_status_waitlisted_subject, text: m.mail_status_waitlisted_text },
  offered: { subject: m.mail_status_offered_subject, text: m.mail_status_offered_text },
  withdrawn: { subject: m.mail_status_withdrawn_subject, text: m.mail_status_withdrawn_text },
  declined: { subject: m.mail_status_declined_subject, text: m.mail_status_declined_text },
  "offer-expired": { subject: m.mail_status_offer_expired_subject, text: m.mail_status_offer_expired_text },
  "session-cancelled": { subject: m.payments_mail_session_cancelled_subject, text: m.payments_mail_session_cancelled_text },
  "session-cancelled-enrolled": {
    subject: m.payments_mail_session_cancelled_enrolled_subject,
    text: m.payments_mail_session_cancelled_enrolled_text,
  },
};

/** What a cancelled session's enrolled place was credited (migration 0050's rule), or that nothing was owed. */
const creditWords = (cents: number, locale: Locale) =>
  cents > 0
    ? m.payments_mail_session_cancelled_credit({ amount: formatDollars(cents, locale) }, { locale })
    : m.payments_mail_session_cancelled_nothing_owed({}, { locale });

/** The hold's key: one request's status mails replace each other while held (decision 0052). */
export const statusMailKey = (enrollmentId: string) => `enrollment-status:${enrollmentId}`;

/**
 * Mails every recipient of the request's family what changed, held for two minutes (a later step replaces it). In the
 * caller's transaction, after the change.
 */
export async function tellFamilyOfEnrollment(tx: DbOrTx, services: EnrollmentServices, enrollmentId: string, change: EnrollmentChange) {
  const { rows } = await tx.execute(sql`
    select e.athlete_id, a.full_name as athlete_name, e.event_id, ev.title, ev.title_es, e.status, e.offered_until,
      sc.reason as cancel_reason, sc.reason_es as cancel_reason_es,
      case when ${change} = 'session-cancelled-enrolled' then (select coalesce(sum(cr.amount_cents), 0) from ledger_entries cr
        join ledger_charges lc on lc.id = cr.applies_to
        where cr.kind = 'credit' and cr.reason = 'credit:session-cancelled' and lc.enrollment_id = e.id) end as credited_cents,
      case when e.status = 'waitlisted' then (select count(*) from enrollments w
        where w.event_id = e.event_id and w.status = 'waitlisted' and w.seq <= e.seq) end as position,
      (select l.level from athlete_levels l where l.athlete_id = e.athlete_id order by l.placed_on desc, l.created_at desc limit 1) as level
    from enrollments e join users a on a.id = e.athlete_id join events ev on ev.id = e.event_id
      left join session_cancellations sc on sc.event_id = e.event_id
    where e.id = ${enrollmentId}`);
  if (!rows[0]) return;
  const d = DetailRow.parse(rows[0]);
  const { publicUrl, site } = services.config;
  const now = services.config.safePlay.clock();
  const enrolled = change === "enrolled" ? await getEnrolledSession(tx, d.event_id) : null;
  const hold = { key: statusMailKey(enrollmentId), seconds: services.config.mail.statusHoldSeconds ?? DEFAULT_HOLD_SECONDS };
  for (const r of await familyRecipients(tx, d.athlete_id)) {
    const locale: Locale = r.locale ?? "en";
    const o = { locale };
    const words = { athlete: d.athlete_name ?? "", session: inReaderLanguage({ en: d.title, es: d.title_es }, locale).text };
    const lines = [SAID[change].text(words, o)];
    if (change === "waitlisted" && d.position) lines.push(m.enroll_mail_position({ position: String(d.position) }, o));
    if (change === "offered" && d.offered_until)
      lines.push(m.enroll_mail_offer_until({ until: formatDateTime(d.offered_until, site.timeZone, locale) }, o));
    const level = d.level ? m.enroll_mail_level({ level: String(d.level) }, o) : null;
    if (change === "placed" && level) lines.push(level);
    const cancelled = change === "session-cancelled" || change === "session-cancelled-enrolled";
    if (cancelled && d.cancel_reason)
      lines.push(
        m.payments_mail_session_cancelled_why({ reason: inReaderLanguage({ en: d.cancel_reason, es: d.cancel_reason_es }, locale).text }, o),
      );
    if (d.credited_cents !== null) lines.push(creditWords(d.credited_cents, locale));
    let calendar: ReturnType<typeof seriesCalendar> = null;
    if (enrolled) {
      const { session, cancelledDays } = enrolled;
      // What the first day needs comes first; the level after it.
      lines.push(...enrolledParagraphs(session, cancelledDays, { now, site, locale }));
      if (level) lines.push(level);
      lines.push(...(await feeParagraphs(tx, session, d.athlete_id, { locale, publicUrl })));
      lines.push(...contactParagraphs(session, site, locale));
      calendar = seriesCalendar(session, cancelledDays, { site, publicUrl, locale, now });
      if (calendar) lines.push(m.mail_enrolled_calendar({}, o));
    } else {
      lines.push(m.mail_status_questions({ phone: site.phone, email: site.email }, o));
    }
    await enqueueMail(
      tx,
      services,
      {
        to: r.email,
        kind: `enrollment-${change}`,
        locale,
        subject: SAID[change].subject(words, o),
        paragraphs: lines,
        action:
          change === "session-cancelled-enrolled"
            ? { label: m.refunds_mail_open({}, o), url: `${publicUrl}${localizePath("/account/payments", locale)}` }
            : { label: m.enroll_mail_button({}, o), url: `${publicUrl}${localizePath("/account/enrollments", locale)}` },
        ...(calendar ? { calendar } : {}),
      },
      { hold },
    );
  }
}
