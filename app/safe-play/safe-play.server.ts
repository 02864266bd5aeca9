// Safe Play's rules (decision 0022), one function per rule, called by every entry point: loaders, actions, the
// WebSocket send (through createMessage) and the conversation starts. The pure parts (`sendRefusal`,
// `startRefusal`, `isMinorPerson`) decide from rows; the `safePlay...` functions read those rows first.
//   - A conversation that includes a minor must include one of the minor's linked guardians: otherwise nobody
//     may start it or send to it ("no-guardian"; the unlinked athlete reads "needs-guardian").
//   - Quiet hours: a coach may not send into a conversation with a minor between QUIET_HOURS in ORG_TIME_ZONE.
//     Guardians and athletes are never restricted.
//   - A guardian link to a minor cannot be removed through the site; only the safeguarding lead reads
//     conversations they are not in, and only reported ones.
// The rules answer with a refusal's code (SafePlayRefusal); whoever tells the person says it in their language
// (safePlayMessage, app/safe-play/safe-play.ts).
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { maybeRow, namedRows } from "../../db/rows";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { isUuid } from "~/lib/uuid";
import { requireUser } from "~/auth/index.server";
import { isMinorPerson } from "~/lib/age";
import { DEFAULT_TIME_ZONE } from "~/lib/datetime";
import type { Profile } from "~/lib/profile";
import {
  ADULT_AGE,
  ageOn,
  dateOfBirthProblem,
  guardianMustBeAdultMessage,
  inQuietHours,
  msUntilSafePlayClockChanges,
  kindLabel,
  MIN_AGE_ALONE,
  parseQuietHours,
  safePlayMessage,
  under13Message,
  clearanceOf,
  type ClearanceDates,
  type ClientKind,
  type QuietHours,
  type SafePlayRefusal,
} from "~/safe-play/safe-play";
import { m } from "~/paraglide/messages";
import type { ClientLabelWords } from "~/components/client-label";
import type { SqlExecutor } from "~/mail/index.server";
import { invariantResponse } from "~/lib/responses.server";

export type SafePlaySettings = { timeZone: string; quietHours: QuietHours; clock: () => Date };

export const DEFAULT_SAFE_PLAY: SafePlaySettings = {
  timeZone: DEFAULT_TIME_ZONE,
  quietHours: parseQuietHours("20:00-08:00")!,
  clock: () => new Date(),
};

/** What the rules need to know about a person. */
export type SafetyPerson = {
  id: string;
  role: "client" | "coach";
  kind: ClientKind;
  dateOfBirth: string | null;
  /** Every guardian of the person's household (the guardian_links view). */
  guardianIds: string[];
  /** Those of them staff confirmed, person by person: only they count as the adult in a coach's conversation. */
  confirmedGuardianIds: string[];
  /** Staff confirmed this person (household_members.confirmed_at): people are confirmed, not households. */
  confirmed: boolean;
  /** A coach whose messaging with minors the safeguarding lead suspended. */
  suspended?: boolean;
  /** False for a client who has not said yet what they are (an account made through Google). */
  kindAnswered?: boolean;
  /** A coach's Safe Play training and background check dates (clearanceOf decides whether they are current). */
  clearance?: ClearanceDates;
};

const SafetyRow = z.object({
  id: z.string(),
  role: z.enum(["client", "coach"]),
  kind: z.enum(["guardian", "athlete"]),
  dob: z.string().nullable(),
  guardians: z.array(z.string()).nullable(),
  confirmed_guardians: z.array(z.string()).nullable(),
  confirmed: z.boolean().nullable(),
  suspended: z.boolean(),
  kind_answered: z.boolean(),
  trained_on: z.string().nullable(),
  background_on: z.string().nullable(),
});

const toPerson = (r: z.infer<typeof SafetyRow>): SafetyPerson => ({
  id: r.id,
  role: r.role,
  kind: r.kind,
  dateOfBirth: r.dob,
  guardianIds: r.guardians ?? [],
  confirmedGuardianIds: r.confirmed_guardians ?? [],
  confirmed: r.confirmed === true,
  suspended: r.suspended,
  kindAnswered: r.kind_answered,
  clearance: { safePlayCheckedOn: r.trained_on, backgroundCheckedOn: r.background_on },
});

const safetyColumns = sql`u.id, u.role::text as role, u.client_kind as kind, u.date_of_birth::text as dob,
  (select array_agg(g.guardian_id order by g.guardian_id) from guardian_links g join users gu on gu.id = g.guardian_id and gu.deleted_at is null
    where g.athlete_id = u.id) as guardians,
  (select array_agg(g.guardian_id order by g.guardian_id) from guardian_links g join users gu on gu.id = g.guardian_id and gu.deleted_at is null
    join household_members gm on gm.user_id = g.guardian_id and gm.confirmed_at is not null
    where g.athlete_id = u.id) as confirmed_guardians,
  (select m.confirmed_at is not null from household_members m where m.user_id = u.id) as confirmed,
  (u.minor_messaging_suspended_at is not null) as suspended, u.kind_answered,
  (select cp.safe_play_checked_on::text from coach_profiles cp where cp.user_id = u.id) as trained_on,
  (select cp.background_checked_on::text from coach_profiles cp where cp.user_id = u.id) as background_on`;

/** Whether a coach is cleared now (Safe Play training and background check current); clients are not coaches. */
export function isClearedCoach(p: Pick<SafetyPerson, "role" | "clearance">, settings: Pick<SafePlaySettings, "clock" | "timeZone">): boolean {
  if (p.role !== "coach") return false;
  return clearanceOf(p.clearance ?? { safePlayCheckedOn: null, backgroundCheckedOn: null }, settings.clock(), settings.timeZone).cleared;
}

/** Whether the rules treat a person as a minor: app/lib's age rule (shared with setting a role, app/models). */
export { isMinorPerson };

/**
 * The send rule, from the conversation's participants: null when `senderId` may send now, else why not (its words:
 * safePlayMessage). A sender who is not a participant gets null here (the membership rule answers them, revealing
 * nothing).
 */
export function sendRefusal(
  participants: SafetyPerson[],
  senderId: string,
  settings: SafePlaySettings,
  pausedReason: string | null = null,
): SafePlayRefusal | null {
  const sender = participants.find((p) => p.id === senderId);
  if (!sender) return null;
  if (pausedReason) return { code: "paused", reason: pausedReason };
  if (sender.role === "client" && sender.kindAnswered === false) return { code: "kind-question" };
  const present = new Set(participants.map((p) => p.id));
  const minors = participants.filter((p) => isMinorPerson(p, settings));
  for (const minor of minors) {
    if (!minor.guardianIds.some((g) => present.has(g))) return { code: minor.id === senderId ? "needs-guardian" : "no-guardian" };
  }
  if (minors.length > 0 && sender.role === "coach" && sender.suspended) return { code: "coach-suspended" };
  // A coach and a minor talk only when staff confirmed the minor, one of the minor's staff-confirmed guardians is in
  // the conversation (people are confirmed, not households: a guardian who joined later does not count), and every
  // coach in it is cleared. The guardians may write meanwhile.
  const coaches = participants.filter((p) => p.role === "coach");
  if (coaches.length > 0 && (sender.role === "coach" || minors.some((p) => p.id === senderId))) {
    const waiting = minors.find((p) => !p.confirmed);
    if (waiting) return { code: waiting.id === senderId ? "awaiting-confirmation" : "confirmation-needed" };
    if (minors.some((p) => !p.confirmedGuardianIds.some((g) => present.has(g)))) return { code: "guardian-not-confirmed" };
    if (minors.length > 0 && coaches.some((c) => !isClearedCoach(c, settings)))
      return { code: sender.role === "coach" ? "coach-not-cleared" : "coach-not-cleared-yet" };
  }
  if (minors.length > 0 && sender.role === "coach" && inQuietHours(settings.clock(), settings.timeZone, settings.quietHours)) {
    return { code: "quiet-hours", quiet: settings.quietHours };
  }
  return null;
}

/**
 * The read rule: a coach (or the lead, outside /safeguarding's reported conversations) reads a conversation with a
 * minor only while they could talk in it: the minor has a guardian there, staff confirmed the minor and one of those
 * guardians, and the coach is cleared. Others in it read as before. Null when `readerId` may read.
 */
export function readRefusal(participants: SafetyPerson[], readerId: string, settings: SafePlaySettings): SafePlayRefusal | null {
  const reader = participants.find((p) => p.id === readerId);
  if (!reader || reader.role !== "coach") return null;
  const present = new Set(participants.map((p) => p.id));
  const minors = participants.filter((p) => isMinorPerson(p, settings));
  for (const minor of minors) {
    if (!minor.guardianIds.some((g) => present.has(g))) return { code: "no-guardian" };
    if (!minor.confirmed) return { code: "confirmation-needed" };
    if (!minor.confirmedGuardianIds.some((g) => present.has(g))) return { code: "guardian-not-confirmed" };
  }
  return minors.length > 0 && !isClearedCoach(reader, settings) ? { code: "coach-not-cleared" } : null;
}

/**
 * The start rule: nobody starts a conversation with (or as) a minor who has no linked guardian, and a coach and a
 * minor whose family staff have not confirmed do not start one.
 */
export function startRefusal(starter: SafetyPerson, other: SafetyPerson, settings: SafePlaySettings): SafePlayRefusal | null {
  const pair = [starter, other];
  if (starter.role === "client" && starter.kindAnswered === false) return { code: "kind-question" };
  if (other.role === "client" && other.kindAnswered === false) return { code: "kind-unanswered" };
  for (const p of pair) {
    if (!isMinorPerson(p, settings)) continue;
    const coach = pair.find((q) => q.role === "coach");
    if (coach?.suspended) return { code: coach.id === starter.id ? "coach-suspended" : "coach-unavailable" };
    if (p.guardianIds.length === 0) return { code: p.id === starter.id ? "needs-guardian" : "no-guardian" };
    if (!coach) continue;
    if (!p.confirmed) return { code: p.id === starter.id ? "awaiting-confirmation" : "confirmation-needed" };
    // The conversation gets the minor's guardians (addGuardiansToConversation): one of them must be staff-confirmed.
    if (p.confirmedGuardianIds.length === 0) return { code: "guardian-not-confirmed" };
    if (!isClearedCoach(coach, settings)) return { code: coach.id === starter.id ? "coach-not-cleared" : "coach-not-cleared-yet" };
  }
  return null;
}

/**
 * Safe Play's people by id (the start rule's pair, a conversation's people before a change), as a named statement
 * (db/rows.ts namedRows): its planning cost three times its run, on every path that asks. One or two people (nearly
 * every call: a person, a pair) are read by a statement of two parameters, whose plan PostgreSQL keeps: its estimate
 * for a list's unnest is a hundred rows, so it planned that statement anew on every call (0.9 ms each).
 */
export async function getSafetyPeople(db: SqlExecutor, userIds: string[]): Promise<SafetyPerson[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const rows =
    ids.length <= 2
      ? await namedRows(db, "nlte_safety_pair", SafetyRow, SAFETY_PAIR, [ids[0], ids.at(-1)])
      : await namedRows(db, "nlte_safety_people", SafetyRow, SAFETY_PEOPLE, [ids]);
  return rows.map(toPerson);
}

/** A conversation's people: the send verdict's statement, its conversation's columns left aside. */
export async function getConversationSafety(db: SqlExecutor, conversationId: string): Promise<SafetyPerson[]> {
  if (!isUuid(conversationId)) return [];
  const rows = await namedRows(db, "nlte_send_verdict", SafetyRow, SEND_VERDICT, [conversationId]);
  return rows.map(toPerson);
}

const SAFETY_COLUMNS = new PgDialect().sqlToQuery(safetyColumns).sql;
const SAFETY_PEOPLE = `select ${SAFETY_COLUMNS}
  from (select distinct unnest($1::text[]) as id) ids cross join lateral (select * from users u where u.id = ids.id offset 0) u`;
const SAFETY_PAIR = `select ${SAFETY_COLUMNS} from users u where u.id in ($1::text, $2::text)`;

/**
 * The participants of several conversations at once (one named statement: planning it cost more than running it, and
 * the conversation list and the guardians' threads ask it on every view), by conversation id.
 */
export async function getConversationsSafety(db: SqlExecutor, conversationIds: string[]): Promise<Map<string, SafetyPerson[]>> {
  const ids = [...new Set(conversationIds.filter(isUuid))];
  const out = new Map<string, SafetyPerson[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await namedRows(db, "nlte_conversations_safety", ConversationSafetyRow, CONVERSATIONS_SAFETY, [ids]);
  for (const r of rows) out.get(r.conversation_id)?.push(toPerson(r));
  return out;
}

const CONVERSATIONS_SAFETY = `select p.conversation_id::text as conversation_id, ${SAFETY_COLUMNS}
  from conversation_participants p cross join lateral (select * from users u where u.id = p.user_id offset 0) u
  where p.conversation_id = any($1::uuid[])`;
const ConversationSafetyRow = SafetyRow.extend({ conversation_id: z.string() });

/**
 * The one send rule as the send path calls it (createMessage): one read, nothing written. With the answer, the
 * conversation's Safe Play version it was read at (null: no such conversation) and how long time leaves it good: the
 * send path remembers an allowing answer and stores messages with it only while the version is unchanged (decision
 * 0009; db/migrations/0015 moves the version on every change the rule reads).
 */
export async function safePlaySendVerdict(
  db: Db,
  conversationId: string,
  senderId: string,
  settings: SafePlaySettings,
): Promise<{ refusal: SafePlayRefusal | null; version: string | null; validForMs: number }> {
  if (!isUuid(conversationId)) return { refusal: null, version: null, validForMs: 0 };
  const rows = await namedRows(db, "nlte_send_verdict", VerdictRow, SEND_VERDICT, [conversationId]);
  const first = rows[0];
  if (!first) return { refusal: null, version: null, validForMs: 0 };
  const people = rows.map(toPerson);
  return {
    refusal: sendRefusal(people, senderId, settings, first.paused),
    version: first.version,
    validForMs: msUntilSafePlayClockChanges(settings.clock(), settings.timeZone, settings.quietHours),
  };
}

// A named statement (db/rows.ts namedRows), also for a conversation's people (getConversationSafety): planning it (the
// family views' subqueries) cost more than running it, and every sender's first message in a conversation asks it. Each
// participant's row is read by key ("offset 0" keeps the lateral lookup per row): as a join, the plan each connection
// kept after its fifth call, when made before the tables had statistics, hashed every user for every call (issue 43:
// 677 scans of 3,003 users in a bench window).
const SEND_VERDICT = `select ${SAFETY_COLUMNS}, c.paused_reason as paused, c.safety_version::text as version
  from conversations c join conversation_participants p on p.conversation_id = c.id
  cross join lateral (select * from users u where u.id = p.user_id offset 0) u
  where c.id = $1::uuid`;
const VerdictRow = SafetyRow.extend({ paused: z.string().nullable(), version: z.string() });

/**
 * The two people of a conversation about to start (their roles among Safe Play's rows) and the start rule's answer, in
 * one read; null when either has no account. The start path needs nothing else of them until it writes.
 */
export async function safePlayStartPair(
  db: SqlExecutor,
  starterId: string,
  otherId: string,
  settings: SafePlaySettings,
): Promise<{ starter: SafetyPerson; other: SafetyPerson; refusal: SafePlayRefusal | null } | null> {
  const people = await getSafetyPeople(db, [starterId, otherId]);
  const starter = people.find((p) => p.id === starterId);
  const other = people.find((p) => p.id === otherId);
  return starter && other ? { starter, other, refusal: startRefusal(starter, other, settings) } : null;
}

/** What keeps this person from messaging at all (/messages explains it, by its code), or null. */
export async function messagingBlock(db: SqlExecutor, userId: string, settings: SafePlaySettings): Promise<SafePlayRefusal | null> {
  const [me] = await getSafetyPeople(db, [userId]);
  if (me?.role === "client" && me.kindAnswered === false) return { code: "kind-question" };
  if (!me || !isMinorPerson(me, settings)) return null;
  if (me.guardianIds.length === 0) return { code: "needs-guardian" };
  return me.confirmed ? null : { code: "awaiting-confirmation" };
}

/** The same, in words of the request's language: what the chat widget says instead of its form, or null. */
export async function messagingBlockFor(db: SqlExecutor, userId: string, settings: SafePlaySettings): Promise<string | null> {
  const block = await messagingBlock(db, userId, settings);
  return block ? safePlayMessage(block) : null;
}

export const guardianRemovalRefused = () => m.messaging_family_removal_refused();

/**
 * Who may remove the link between `athleteId` and `guardianId`: once the athlete is an adult, the athlete or that
 * guardian. While the athlete is a minor nobody can through the site (the organisation can, by hand, and logs it).
 */
export function canRemoveGuardianLink(actor: Pick<Profile, "id">, athlete: SafetyPerson, guardianId: string, settings: SafePlaySettings): boolean {
  if (!athlete.guardianIds.includes(guardianId)) return false;
  if (isMinorPerson(athlete, settings)) return false;
  return actor.id === athlete.id || actor.id === guardianId;
}

/** Whether the person holds the safeguarding lead capability (a coach granted it by an operator). */
export async function isSafeguardingLead(db: SqlExecutor, userId: string): Promise<boolean> {
  const person = await maybeRow(
    db,
    z.object({ lead: z.boolean() }),
    sql`select (role = 'coach' and safeguarding_lead and deleted_at is null) as lead from users where id = ${userId}`,
  );
  return person?.lead === true;
}

/** The safeguarding lead, or a thrown 403 (a visitor is sent to sign in). First line of /safeguarding's loader and action. */
export async function requireSafeguardingLead(request: Request, context: AppLoadContext): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(await isSafeguardingLead(context.db, user.id), m.messaging_sg_lead_only(), 403);
  return user;
}

/**
 * The sign-up and /account rule for what a client says they are. Everyone gives a real date of birth: an athlete
 * is at least 13 (COPPA: a parent creates the account of a younger child), a parent or guardian at least 18 (a
 * child calling themselves a guardian would switch their own protection off). Null when acceptable, else the field
 * and words (in the request's language). A date can still be a lie: that is why staff confirm a family before a coach and a minor talk.
 */
export function clientKindProblem(
  kind: ClientKind,
  dateOfBirth: string | null | undefined,
  settings: SafePlaySettings,
): { field: "kind" | "dateOfBirth"; message: string } | null {
  const problem = dateOfBirthProblem(dateOfBirth ?? "", settings.clock(), settings.timeZone);
  if (problem) return { field: "dateOfBirth", message: problem };
  const age = ageOn(dateOfBirth!, settings.clock(), settings.timeZone);
  if (kind === "athlete" && age < MIN_AGE_ALONE) return { field: "dateOfBirth", message: under13Message() };
  if (kind === "guardian" && age < ADULT_AGE) return { field: "kind", message: guardianMustBeAdultMessage() };
  return null;
}

/** The words of the client badges (app/components/client-label.tsx), in the request's language, for a page's data. */
export function clientLabelWords(): ClientLabelWords {
  return {
    guardian: kindLabel("guardian"),
    athlete: kindLabel("athlete"),
    minor: m.messaging_badge_minor(),
    guardians: m.messaging_badge_guardians({ names: "{names}" }),
    athletes: m.messaging_badge_athletes({ names: "{names}" }),
    noGuardian: m.messaging_badge_no_guardian(),
    notConfirmed: m.messaging_family_not_confirmed(),
    confirm: m.messaging_confirm_family(),
  };
}
