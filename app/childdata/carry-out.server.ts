// An administrator carries out a request to delete a child's data, or refuses it (issue 40, decision 0056). Carrying
// it out, in one transaction: the athlete's data the retention table lets go is deleted now (medical information,
// attendance marks, the athlete's path and its report cards, the grant forms' answers, the messages they sent unless
// reported), then the account deletion's own code empties the record (anonymizeUser: the login, the household, the
// enrollment requests' notes, the name and date of birth); what the table or the law keeps stays and the family is
// told what (keptWords).
// The athlete's booked lessons still to come are cancelled first, their coaches told (decision 0061).
// The family hears either ending by mail, to verified addresses only, through the outbox in the same transaction.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow } from "../../db/rows";
import { cancelFutureBookingsOfAthlete } from "~/booking/index.server";
import { logSafeguarding } from "~/family/index.server";
import { localizePath, type Locale } from "~/i18n/language";
import { enqueueMail, type DbOrTx, type MailServices, type SqlExecutor } from "~/mail/index.server";
import { anonymizeUser } from "~/account/index.server";
import { m } from "~/paraglide/messages";
import { RETENTION } from "~/retention/table";
import { closeRequest, DELETION_DONE, DELETION_REFUSED, lockOpenRequest } from "./requests.server";

/** What the deletion needs from the app (the load context has it all): the account deletion's services and mail's. */
export type CarryOutServices = NonNullable<Parameters<typeof anonymizeUser>[2]> &
  NonNullable<Parameters<typeof anonymizeUser>[3]> &
  MailServices & { db: Db };

export type HandleResult = { ok: true; name: string } | { ok: false; error: string; field?: string };

/** What stays after a deletion, in `locale`: the family is told each (the page, the mail). */
export function keptWords(locale: Locale): string[] {
  const forms = RETENTION.find((r) => r.kind === "signed_forms")!;
  const o = { locale };
  return [
    m.childdata_kept_forms({ years: Math.round(forms.days / 365) }, o),
    m.childdata_kept_reported({}, o),
    m.childdata_kept_log({}, o),
    m.childdata_kept_payments({}, o),
  ];
}

/** The athlete's rows the retention table lets go, deleted (each capability's table; none of them is a kept kind). */
const DELETIONS = (id: string) => [
  sql`delete from athlete_medical where athlete_id = ${id}`,
  sql`delete from attendance_marks where athlete_id = ${id}`,
  sql`delete from athlete_evaluation_scores where evaluation_id in (select e.id from athlete_evaluations e where e.athlete_id = ${id})`,
  sql`delete from athlete_evaluations where athlete_id = ${id}`,
  sql`delete from athlete_levels where athlete_id = ${id}`,
  sql`delete from athlete_schools where athlete_id = ${id}`,
  // A term's report card (the file itself, in the database) goes with it; said here, not left to the cascade.
  sql`delete from athlete_report_cards where athlete_id = ${id}`,
  sql`delete from athlete_terms where athlete_id = ${id}`,
  sql`delete from athlete_milestones where athlete_id = ${id}`,
  sql`delete from athlete_check_ins where athlete_id = ${id}`,
  sql`delete from athlete_demographics where athlete_id = ${id}`,
  // A message reported to the safeguarding lead stays with its report, as the retention job keeps it.
  sql`delete from messages m where m.sender_id = ${id} and not exists (select 1 from message_reports r where r.message_id = m.id)`,
  sql`delete from attachments a where a.uploader_id = ${id} and not exists (select 1 from messages m where m.attachment_id = a.id)`,
];

const Recipient = z.object({ email: z.string(), locale: z.enum(["en", "es"]).nullable() });

/** Who hears how a request ended: the athlete's guardians and whoever asked, verified addresses only. */
async function recipients(db: SqlExecutor, athleteId: string, askedBy: string | null) {
  const { rows } = await db.execute(sql`
    select u.email, u.locale from users u
    where u.deleted_at is null and u.email_verified and u.email not like '%.invalid'
      and (u.id in (select guardian_id from guardian_links where athlete_id = ${athleteId}) or u.id = ${askedBy ?? ""})
    order by u.email`);
  return rows.map((r) => Recipient.parse(r));
}

async function mailFamily(
  tx: DbOrTx,
  services: CarryOutServices,
  to: z.infer<typeof Recipient>[],
  words: (locale: Locale) => { subject: string; paragraphs: string[] },
  kind: string,
) {
  for (const r of to) {
    const locale: Locale = r.locale ?? "en";
    await enqueueMail(tx, services, {
      to: r.email,
      kind,
      locale,
      ...words(locale),
      action: { label: m.childdata_mail_button({}, { locale }), url: `${services.config.publicUrl}${localizePath("/account/family", locale)}` },
    });
  }
}

async function nameOfAthlete(tx: DbOrTx, athleteId: string) {
  const athlete = await maybeRow(tx, z.object({ full_name: z.string().nullable() }), sql`select full_name from users where id = ${athleteId}`);
  return athlete?.full_name ?? "";
}

/** An administrator (the caller checked) carries out an open request. */
export async function carryOutRequest(services: CarryOutServices, adminId: string, requestId: string): Promise<HandleResult> {
  return services.db.transaction(async (tx) => {
    const request = await lockOpenRequest(tx, requestId);
    if (!request) return { ok: false, error: m.childdata_staff_gone() };
    const name = await nameOfAthlete(tx, request.athleteId);
    const to = await recipients(tx, request.athleteId, request.askedBy);
    // Logged first, while the athlete's name and household are still on record.
    await logSafeguarding(tx, { actorId: adminId, athleteId: request.athleteId, action: DELETION_DONE, detail: "" });
    // Lessons and evaluations still to come are cancelled, each coach told as when a family cancels (issue 40).
    await cancelFutureBookingsOfAthlete(tx, services, request.athleteId);
    for (const statement of DELETIONS(request.athleteId)) await tx.execute(statement);
    // The account deletion's own code (a savepoint inside this transaction): the record emptied as it empties any.
    await anonymizeUser(tx as unknown as Db, request.athleteId, services, services);
    await closeRequest(tx, requestId, adminId, "done");
    await mailFamily(
      tx,
      services,
      to,
      (locale) => ({
        subject: m.childdata_mail_done_subject({ name }, { locale }),
        paragraphs: [
          m.childdata_mail_done_text({ name }, { locale }),
          keptWords(locale)
            .map((k) => `• ${k}`)
            .join("\n"),
        ],
      }),
      "child-data-deleted",
    );
    return { ok: true, name };
  });
}

/** An administrator refuses an open request, saying why (the family reads the reason). */
export async function refuseRequest(services: CarryOutServices, adminId: string, requestId: string, reason: string): Promise<HandleResult> {
  const why = reason.trim();
  if (!why) return { ok: false, field: "reason", error: m.childdata_staff_reason_needed() };
  return services.db.transaction(async (tx) => {
    const request = await lockOpenRequest(tx, requestId);
    if (!request) return { ok: false, error: m.childdata_staff_gone() };
    const name = await nameOfAthlete(tx, request.athleteId);
    await closeRequest(tx, requestId, adminId, "refused", why);
    await logSafeguarding(tx, { actorId: adminId, athleteId: request.athleteId, action: DELETION_REFUSED, detail: why });
    await mailFamily(
      tx,
      services,
      await recipients(tx, request.athleteId, request.askedBy),
      (locale) => ({
        subject: m.childdata_mail_refused_subject({ name }, { locale }),
        paragraphs: [m.childdata_mail_refused_text({ name }, { locale }), why],
      }),
      "child-data-refused",
    );
    return { ok: true, name };
  });
}
