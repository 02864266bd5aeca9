// Reports of messages and what the safeguarding lead reads on /safeguarding (Safe Play, decision 0022). A report is
// written by a participant of the conversation only; the lead reads reported conversations, read-only, and the log.
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { messageReports, users } from "../../db/schema";
import { conversationMemberSql, isUuid } from "~/auth/conversation-member.server";
import { enqueueMail, type MailServices } from "./mail.server";
import { logSafeguarding } from "./family.server";

/**
 * Records a report by `reporterId` of a message in a conversation they are in, and mails every safeguarding lead.
 * False (nothing written) when the message is not in that conversation or the reporter is not a participant.
 */
export async function reportMessage(
  db: Db,
  services: MailServices,
  input: { conversationId: string; messageId: string; reporterId: string; reason: string },
): Promise<boolean> {
  if (!isUuid(input.conversationId) || !isUuid(input.messageId)) return false;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      insert into message_reports (message_id, conversation_id, reporter_id, reason)
      select m.id, m.conversation_id, ${input.reporterId}, ${input.reason} from messages m
      where m.id = ${input.messageId} and m.conversation_id = ${input.conversationId} and ${conversationMemberSql(input.conversationId, input.reporterId)}
      returning id`);
    if (rows.length === 0) return false;
    const leads = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, "coach"), eq(users.safeguardingLead, true), isNull(users.deletedAt)));
    for (const lead of leads) {
      // No names, no message text in the mail: the lead reads them signed in.
      await enqueueMail(tx, services, {
        to: lead.email,
        kind: "message-report",
        subject: "A message was reported",
        paragraphs: ["A participant reported a message in a conversation. Please review it on the safeguarding page."],
        action: { label: "Open the safeguarding page", url: `${services.config.publicUrl}/safeguarding` },
      });
    }
    return true;
  });
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
});

export async function getOpenReports(db: Db) {
  const { rows } = await db.execute(sql`
    select r.id, r.conversation_id, r.reason, r.created_at, coalesce(ru.full_name, ru.email) as reporter,
           m.content, coalesce(su.full_name, su.email) as sender, m.created_at as sent_at
    from message_reports r join messages m on m.id = r.message_id
    left join users ru on ru.id = r.reporter_id left join users su on su.id = m.sender_id
    where r.resolved_at is null order by r.created_at`);
  return rows.map((r) => {
    const v = ReportRow.parse(r);
    return {
      id: v.id,
      conversationId: v.conversation_id,
      reason: v.reason,
      createdAt: v.created_at.toISOString(),
      reporter: v.reporter,
      content: v.content,
      sender: v.sender,
      sentAt: v.sent_at.toISOString(),
    };
  });
}

export async function resolveReport(db: Db, reportId: string, leadId: string): Promise<boolean> {
  if (!isUuid(reportId)) return false;
  return db.transaction(async (tx) => {
    const done = await tx
      .update(messageReports)
      .set({ resolvedAt: new Date(), resolvedBy: leadId })
      .where(and(eq(messageReports.id, reportId), isNull(messageReports.resolvedAt)))
      .returning({ id: messageReports.id });
    if (done.length)
      await logSafeguarding(tx, { actorId: leadId, athleteId: null, action: "report handled", detail: `report ${reportId.slice(0, 8)}` });
    return done.length > 0;
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
  const participants = await db.execute(sql`
    select coalesce(u.full_name, u.email) as name, u.role::text as role from conversation_participants p join users u on u.id = p.user_id
    where p.conversation_id = ${conversationId} order by u.role, u.full_name`);
  const { rows } = await db.execute(sql`
    select m.id, coalesce(u.full_name, 'Unknown User') as sender, m.content, m.message_type::text, m.created_at
    from messages m left join users u on u.id = m.sender_id
    where m.conversation_id = ${conversationId} order by m.created_at desc, m.id desc limit 200`);
  return {
    id: conversationId,
    participants: participants.rows.map((r) => z.object({ name: z.string(), role: z.string() }).parse(r)),
    messages: rows
      .map((r) => ReadOnlyMessage.parse(r))
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

/** The log of family changes, newest first, with the names as they were when each line was written. */
export async function getSafeguardingLog(db: Db, limit = 200) {
  const { rows } = await db.execute(sql`
    select l.id, nullif(l.actor_name, '') as actor, case when l.athlete_id is null then null else coalesce(nullif(l.athlete_name, ''), 'Athlete') end as athlete,
      l.action, l.detail, l.created_at
    from safeguarding_log l
    order by l.created_at desc limit ${limit}`);
  return rows.map((r) => {
    const v = LogRow.parse(r);
    return { id: v.id, actor: v.actor, athlete: v.athlete, action: v.action, detail: v.detail, createdAt: v.created_at.toISOString() };
  });
}
