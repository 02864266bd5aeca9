// Reports of messages and what the safeguarding lead reads on /safeguarding (Safe Play, decision 0022). A report is
// written by a participant of the conversation only; the lead reads reported conversations, read-only, and the log.
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { conversations, messageReports, safeguardingReviews, users } from "../../db/schema";
import { conversationMemberSql } from "~/messaging/index.server";
import { isUuid } from "~/lib/uuid";
import { REPORT_OUTCOMES, type ReportOutcome } from "~/safe-play/safe-play";
import { m } from "~/paraglide/messages";
import { mailReportToSafeguarding, type Reviewer, type SafeguardingMailServices } from "./safeguarding-mail.server";
import { logSafeguarding } from "./family-log.server";

export type { Reviewer };

/**
 * Records a report by `reporterId` of a message in a conversation they are in, and mails every safeguarding lead;
 * while there is none, the organisation's contact address (never a promise nobody keeps). Null (nothing written)
 * when the message is not in that conversation or the reporter is not a participant; else who reviews it.
 */
export async function reportMessage(
  db: Db,
  services: SafeguardingMailServices,
  input: { conversationId: string; messageId: string; reporterId: string; reason: string },
): Promise<Reviewer | null> {
  if (!isUuid(input.conversationId) || !isUuid(input.messageId)) return null;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      insert into message_reports (message_id, conversation_id, reporter_id, reason)
      select m.id, m.conversation_id, ${input.reporterId}, ${input.reason} from messages m
      where m.id = ${input.messageId} and m.conversation_id = ${input.conversationId} and ${conversationMemberSql(input.conversationId, input.reporterId)}
      returning id`);
    if (rows.length === 0) return null;
    // No names, no message text in the mail: the lead reads them signed in. At most one mail per lead in some
    // minutes, however many reports (every one is kept and shown on /safeguarding).
    return mailReportToSafeguarding(tx, services);
  });
}

/** The words a reporter reads once their report is sent, in the request's language. */
export function reportReceivedMessage(reviewer: Reviewer) {
  return reviewer === "lead" ? m.messaging_reported_lead() : m.messaging_reported_organisation();
}

const ReportRow = z.object({
  id: z.string(),
  conversation_id: z.string(),
  reason: z.string(),
  created_at: z.coerce.date(),
  reporter: z.string().nullable(),
  content: z.string(),
  sender: z.string().nullable(),
  sent_at: z.coerce.date(),
  coach_id: z.string().nullable(),
});

export async function getOpenReports(db: Db) {
  const open = await rows(
    db,
    ReportRow,
    sql`
    select r.id, r.conversation_id, r.reason, r.created_at, coalesce(ru.full_name, ru.email) as reporter,
           m.content, coalesce(su.full_name, su.email) as sender, m.created_at as sent_at,
           case when su.role = 'coach' then su.id end as coach_id
    from message_reports r join messages m on m.id = r.message_id
    left join users ru on ru.id = r.reporter_id left join users su on su.id = m.sender_id
    where r.resolved_at is null order by r.created_at`,
  );
  return open.map((v) => {
    return {
      id: v.id,
      conversationId: v.conversation_id,
      reason: v.reason,
      createdAt: v.created_at.toISOString(),
      reporter: v.reporter,
      content: v.content,
      sender: v.sender,
      sentAt: v.sent_at.toISOString(),
      /** The sender, when a coach: the lead may suspend their messaging with minors from the report. */
      coachId: v.coach_id,
    };
  });
}

export { REPORT_OUTCOMES, type ReportOutcome };

/** The lead gives a report its outcome and a note; logged. False when it is unknown or already reviewed. */
export async function resolveReport(db: Db, reportId: string, leadId: string, outcome: ReportOutcome, note: string): Promise<boolean> {
  if (!isUuid(reportId)) return false;
  return db.transaction(async (tx) => {
    const done = await tx
      .update(messageReports)
      .set({ resolvedAt: new Date(), resolvedBy: leadId, outcome, outcomeNote: note })
      .where(and(eq(messageReports.id, reportId), isNull(messageReports.resolvedAt)))
      .returning({ id: messageReports.id });
    if (done.length) await logSafeguarding(tx, { actorId: leadId, athleteId: null, action: "report reviewed", detail: `${outcome}: ${note}` });
    return done.length > 0;
  });
}

/** The reports `userId` made in a conversation, and whether each was reviewed (its outcome stays the lead's). */
export async function getMyReports(db: Db, conversationId: string, userId: string) {
  if (!isUuid(conversationId)) return [];
  const rows = await db
    .select({ messageId: messageReports.messageId, createdAt: messageReports.createdAt, reviewedAt: messageReports.resolvedAt })
    .from(messageReports)
    .where(and(eq(messageReports.conversationId, conversationId), eq(messageReports.reporterId, userId)))
    .orderBy(messageReports.createdAt);
  return rows.map((r) => ({ messageId: r.messageId, createdAt: r.createdAt.toISOString(), reviewedAt: r.reviewedAt?.toISOString() ?? null }));
}

const isReported = (conversationId: string) => sql`exists (select 1 from message_reports r where r.conversation_id = ${conversationId})`;

/**
 * The lead pauses a reported conversation (nobody can send; everyone in it sees why) or resumes it (reason null).
 * Only conversations a report names, as the lead reads only those. Logged. False when not reported.
 */
export async function setConversationPause(db: Db, conversationId: string, leadId: string, reason: string | null): Promise<boolean> {
  if (!isUuid(conversationId)) return false;
  return db.transaction(async (tx) => {
    const done = await tx
      .update(conversations)
      .set({ pausedAt: reason ? new Date() : null, pausedReason: reason })
      .where(and(eq(conversations.id, conversationId), isReported(conversationId)))
      .returning({ id: conversations.id });
    if (done.length)
      await logSafeguarding(tx, {
        actorId: leadId,
        athleteId: null,
        action: reason ? "conversation paused" : "conversation resumed",
        detail: reason ?? "",
      });
    return done.length > 0;
  });
}

/** Why a conversation is paused, or null. */
export async function getConversationPause(db: Pick<Db, "select">, conversationId: string): Promise<string | null> {
  if (!isUuid(conversationId)) return null;
  const [row] = await db.select({ reason: conversations.pausedReason }).from(conversations).where(eq(conversations.id, conversationId));
  return row?.reason ?? null;
}

/**
 * The lead suspends a coach's messaging with minors (reason) or lifts it (null): a coach named by a report only.
 * The send and start rules refuse a suspended coach wherever a minor is. Logged. False when not such a coach.
 */
export async function setCoachSuspension(db: Db, coachId: string, leadId: string, reason: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(users)
      .set({ minorMessagingSuspendedAt: reason ? new Date() : null, minorMessagingSuspendedReason: reason })
      .where(
        and(
          eq(users.id, coachId),
          eq(users.role, "coach"),
          sql`exists (select 1 from message_reports r join messages m on m.id = r.message_id where m.sender_id = ${coachId})`,
        ),
      )
      .returning({ id: users.id });
    if (done.length)
      await logSafeguarding(tx, {
        actorId: leadId,
        athleteId: null,
        action: reason ? "coach suspended from messaging minors" : "coach's suspension lifted",
        detail: `${await coachName(tx, coachId)}${reason ? `: ${reason}` : ""}`,
      });
    return done.length > 0;
  });
}

async function coachName(tx: Pick<Db, "select">, id: string) {
  const [row] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, id));
  return row?.name ?? "a coach";
}

/** Coaches whose messaging with minors is suspended, for the lead's page. */
export async function getSuspendedCoaches(db: Db) {
  const rows = await db
    .select({ id: users.id, name: users.fullName, reason: users.minorMessagingSuspendedReason, at: users.minorMessagingSuspendedAt })
    .from(users)
    .where(sql`${users.minorMessagingSuspendedAt} is not null`)
    .orderBy(users.fullName);
  return rows.map((r) => ({ id: r.id, name: r.name ?? "", reason: r.reason ?? "", at: r.at!.toISOString() }));
}

/**
 * Alerts: every line of the log that touches a student-athlete or a family, newer than what this lead has reviewed.
 * Every change to a minor's family reaches the lead this way.
 */
export async function getAlerts(db: Db, leadId: string, limit = 100) {
  const alerts = await rows(
    db,
    LogRow,
    sql`
    select l.id, nullif(l.actor_name, '') as actor, nullif(l.athlete_name, '') as athlete, l.action, l.detail, l.created_at
    from safeguarding_log l
    where (l.athlete_id is not null or l.household_id is not null)
      -- In milliseconds: the page carries the newest time shown as JavaScript writes it.
      and date_trunc('milliseconds', l.created_at) > coalesce((select reviewed_up_to from safeguarding_reviews where lead_id = ${leadId}), '-infinity')
    order by l.created_at desc limit ${limit}`,
  );
  return alerts.map(toLogEntry);
}

/** The lead has reviewed the alerts up to `upTo` (the newest one they were shown). */
export async function markAlertsReviewed(db: Db, leadId: string, upTo: Date) {
  await db
    .insert(safeguardingReviews)
    .values({ leadId, reviewedUpTo: upTo })
    .onConflictDoUpdate({
      target: safeguardingReviews.leadId,
      set: { reviewedUpTo: sql`greatest(${safeguardingReviews.reviewedUpTo}, excluded.reviewed_up_to)` },
    });
}

const ReadOnlyMessage = z.object({
  id: z.string(),
  sender: z.string().nullable(),
  content: z.string(),
  message_type: z.string(),
  created_at: z.coerce.date(),
});

/**
 * A reported conversation, read-only, for the lead: its participants and its latest 200 messages. Null when no
 * report names it (the lead reads reported conversations, not every conversation).
 */
export async function getReportedConversation(db: Db, conversationId: string) {
  if (!isUuid(conversationId)) return null;
  const [reported] = await db
    .select({ id: messageReports.id })
    .from(messageReports)
    .where(eq(messageReports.conversationId, conversationId))
    .limit(1);
  if (!reported) return null;
  const participants = await rows(
    db,
    z.object({ name: z.string(), role: z.string() }),
    sql`
    select coalesce(u.full_name, u.email) as name, u.role::text as role from conversation_participants p join users u on u.id = p.user_id
    where p.conversation_id = ${conversationId} order by u.role, u.full_name`,
  );
  const messages = await rows(
    db,
    ReadOnlyMessage,
    sql`
    select m.id, u.full_name as sender, m.content, m.message_type::text, m.created_at
    from messages m left join users u on u.id = m.sender_id
    where m.conversation_id = ${conversationId} order by m.created_at desc, m.id desc limit 200`,
  );
  return {
    id: conversationId,
    participants,
    messages: messages
      .reverse()
      .map((m) => ({ id: m.id, sender: m.sender, content: m.content, type: m.message_type, createdAt: m.created_at.toISOString() })),
  };
}

const LogRow = z.object({
  id: z.string(),
  actor: z.string().nullable(),
  athlete: z.string().nullable(),
  action: z.string(),
  detail: z.string(),
  created_at: z.coerce.date(),
});

/** A line of the log as the lead's pages show it (the alerts and the whole log). */
const toLogEntry = ({ created_at, ...line }: z.infer<typeof LogRow>) => ({ ...line, createdAt: created_at.toISOString() });

/**
 * The log of family changes, newest first, with the names as they were when each line was written (an athlete's line
 * whose athlete had no name says "" for the page to name in its language).
 */
export async function getSafeguardingLog(db: Db, limit = 200) {
  const log = await rows(
    db,
    LogRow,
    sql`
    select l.id, nullif(l.actor_name, '') as actor, case when l.athlete_id is null then null else coalesce(l.athlete_name, '') end as athlete,
      l.action, l.detail, l.created_at
    from safeguarding_log l
    order by l.created_at desc limit ${limit}`,
  );
  return log.map(toLogEntry);
}

/** What a log line says happened, in the request's language (the log keeps the English it was written with). */
export function logActionLabel(action: string): string {
  const labels: Record<string, () => string> = {
    "guardian linked": m.messaging_log_guardian_linked,
    "details changed by the person": m.messaging_log_details_by_person,
    "athlete added": m.messaging_log_athlete_added,
    "athlete details changed by their guardian": m.messaging_log_details_by_guardian,
    "left the household": m.messaging_log_left_household,
    "athlete removed": m.messaging_log_athlete_removed,
    "athlete left without a guardian": m.messaging_log_athlete_alone,
    "corrected by the safeguarding lead": m.messaging_log_corrected,
    "family confirmed": m.messaging_log_family_confirmed,
    "guardian invited": m.messaging_log_guardian_invited,
    "athlete invited": m.messaging_log_athlete_invited,
    "invitation accepted": m.messaging_log_invitation_accepted,
    "invitation cancelled": m.messaging_log_invitation_cancelled,
    "report reviewed": m.messaging_log_report_reviewed,
    "conversation paused": m.messaging_log_conversation_paused,
    "conversation resumed": m.messaging_log_conversation_resumed,
    "coach suspended from messaging minors": m.messaging_log_coach_suspended,
    "coach's suspension lifted": m.messaging_log_suspension_lifted,
    "testimonial approved": m.messaging_log_testimonial_approved,
    "testimonial declined": m.messaging_log_testimonial_declined,
    "athlete confirmed": m.messaging_log_person_confirmed_athlete,
    "guardian confirmed": m.messaging_log_person_confirmed_guardian,
    "invitation ended": m.messaging_log_invitation_ended,
    "protection change requested": m.messaging_log_protection_requested,
    "protection change approved": m.messaging_log_protection_approved,
    "protection change refused": m.messaging_log_protection_refused,
    "guardian unlinked by the safeguarding lead": m.messaging_log_guardian_unlinked,
    "household frozen": m.messaging_log_household_frozen,
    "household unfrozen": m.messaging_log_household_unfrozen,
    "medical notes read outside their sessions": m.messaging_log_medical_notes_read,
    "medical details read": m.attendance_log_medical_read,
    "placed outside the session's ages or levels": m.enroll_log_placed_outside,
    "child data downloaded": m.childdata_log_downloaded,
    "child data deletion asked": m.childdata_log_asked,
    "child data deleted": m.childdata_log_deleted,
    "child data deletion refused": m.childdata_log_refused,
  };
  return Object.hasOwn(labels, action) ? labels[action]!() : action;
}
