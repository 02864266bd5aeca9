// Safe Play's model-based attack search (issue 37): a teenager with three addresses, a stranger, a real parent with a
// real child (and a real second parent), and staff (a cleared coach, an uncleared coach, the safeguarding lead, an
// administrator) play every self-service action the site offers, through the same server functions its routes call,
// on a real PostgreSQL. After every step that changed something, two invariants are asked of the real send, start
// and roster paths, and judged by an oracle that keeps its own account of the world (who recorded which date of birth,
// whom staff confirmed, who typed which pick-up person), never by the implementation's own rule:
//   1. no staff member can send to (or start, or read) a thread with a person under 18 (by the dates of birth
//      recorded: the youngest since staff last set one; a change toward adulthood counts only when staff made it)
//      unless a guardian staff confirmed for that minor is in it and the staff member is cleared;
//   2. no person the minor's confirmed guardians did not accept appears as a pick-up person or emergency contact of
//      their child on the coaches' roster.
// The send paths are also held to the lead's own steps (a paused conversation takes nobody's message; a suspended coach
// sends and starts nothing where a minor is: heldByLead), and, given a realtime server, a staff member's open page
// stops hearing a thread the moment rule 1 keeps them from reading it (live.ts).
// Each action is one entry of ACTIONS (what it is, which site functions it stands for, its arguments, how to run it);
// coverage.ts lists the site's actions and the test fails when one is neither modelled nor explained.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { accounts, coachProfiles, mailOutbox, users } from "../../db/schema";
import { addDays, dayInZone } from "~/lib/datetime";
import { familyAction } from "~/family/actions.server";
import { acceptInvitation, claimAthleteAccount } from "~/family/invitations.server";
import { clientKindProblem, isSafeguardingLead, type SafePlaySettings } from "~/safe-play/safe-play.server";
import { getHouseholdOf } from "~/family/family-log.server";
import { createAthleteForGuardian } from "~/family/guardian-athletes.server";
import { confirmPeople } from "~/family/confirmation.server";
import { correctByLead, decideProtectionRequest, setHouseholdFrozen, unlinkGuardianByLead } from "~/family/protection.server";
import { keepVisitorRequest } from "~/enrollment/visitor-requests.server";
import { dropVisitorRequest, keepVisitorRequestAsGuardian } from "~/enrollment/visitor-requests-review.server";
import { createEnrollmentRequest } from "~/enrollment/enrollments.server";
import { getRoster } from "~/enrollment/rosters.server";
import { createMessage, getMessagePage, startConversation } from "~/messaging/index.server";
import { anonymizeUser } from "~/account/account.server";
import { bodiesToDeliver } from "~/mail/outbox.server";
import type { EnrollmentServices } from "~/enrollment/mails.server";
import type { FamilyIntent } from "~/family/intents";
import type { Profile } from "~/lib/profile";
import type { DbOrTx } from "~/mail/outbox.server";
import {
  ADDRESSES,
  addressOf,
  address,
  age,
  anyone,
  CLEARED,
  client,
  EIGHTEEN_TOMORROW,
  guardianLike,
  invitation,
  invitee,
  isRefusal,
  KIDS,
  kind,
  name,
  NAMES,
  SESSION_COACHES,
  onCourtOf,
  spec,
  staff,
  STAFF,
  type ActionSpec,
  type Address,
  type StaffLabel,
} from "./cast";
import { COACH_ACTIONS, restoreStaffChecks } from "./coach-actions";
import { confirmedNow, expectAcceptance, expectConfirmation, verifiedNow } from "./expectations";
import { checkLive, forgetLive, openStaffSockets, type FamilyPage, type LiveStaff, type Realtime, type StartRealtime } from "./live";
import { ROSTER_ACTIONS } from "./roster-actions";
import { CLOCK_ACTIONS } from "./clock-actions";
import { LEAD_ACTIONS } from "./lead-actions";
import { checkPersonalData, PERSONAL_DATA_ACTIONS } from "./personal-data";
import { CAST, COPIED, compareRecords, copy, record, xidNow, type Openings } from "./openings";
import type { StaffActor } from "~/models/users.server";
import type { ChecksInput } from "~/staff/schemas";

// The cast (addresses, staff, people, the arguments drawn for them) is cast.ts's.
export { ADDRESSES, AGES, CLIENTS_ACTING, NAMES, PEOPLE, STAFF, type ActionSpec, type Address, type StaffLabel } from "./cast";

/** Who is in each of the run's conversations, and who of them has a login (World.conversationPeople). */
export type ConversationPeople = { conversations: string; byConversation: Map<string, { ids: string[]; logins: string[] }> };

export type DobRecord = { dob: string; by: string; staff: boolean };
type Person = {
  label: string;
  id: string;
  staff: boolean;
  deleted: boolean;
  dobs: DobRecord[];
};

/**
 * Which door a break went through: an uncleared staff member reached a minor ("clearance"); the site holds the minor
 * to be an adult though nobody but the family said so ("protection-lowered"), or holds a person staff found to be a
 * minor to be a parent or guardian ("minor-as-guardian"); the thread's guardian was confirmed by staff, but for other
 * children, not this one ("confirmation-passed-on"); its guardian was never confirmed ("unconfirmed-guardian"); no
 * guardian of the minor is in it ("no-guardian"); a thread with such a minor is read ("read"); a roster shows a pick-up
 * person or emergency contact the confirmed guardians did not accept ("roster"); a family's open page is told a staff
 * member is typing or reading where Safe Play keeps them from the minor, or a kept-out staff member's page is told a
 * family's ("activity": live.ts).
 */
export const DOORS = [
  "clearance",
  "protection-lowered",
  "minor-as-guardian",
  "confirmation-passed-on",
  "unconfirmed-guardian",
  "no-guardian",
  "read",
  "roster",
  "confirmation",
  "address",
  "paused",
  "suspended",
  "personal-data",
  "activity",
] as const;
export type Door = (typeof DOORS)[number];
export type Break = {
  invariant: "send" | "read" | "start" | "roster" | "kept" | "confirm" | "accept" | "roster-message" | "personal" | "assign" | "activity";
  door: Door;
  detail: string;
};
export class SafePlayBroken extends Error {
  constructor(
    readonly broken: Break,
    readonly trace: string[],
  ) {
    super(`Safe Play broken (${broken.invariant}, door: ${broken.door}): ${broken.detail}\n  after: ${trace.join(" ; ")}`);
  }
}

export type ModelOptions = {
  checkReads: boolean;
  /** Doors already reported: breaks through them are not thrown again. */
  ignore: ReadonlySet<Door>;
  /** Given: a break is handed here and its sequence ends there (the fixed-seed test sorts them by door), not thrown. */
  collect?: (broken: SafePlayBroken) => void;
  /** Ask the open page's socket too (live.ts) when the site was given a realtime server; false: not (unset: ask). */
  live?: boolean;
};
export const DEFAULT_MODEL_OPTIONS: ModelOptions = { checkReads: true, ignore: new Set() };

/** What the model needs of the site: its database, a route context (config, secret) and the Safe Play settings. */
export type Site = {
  db: Db;
  context: AppLoadContext;
  settings: SafePlaySettings;
  services: EnrollmentServices;
  today: string;
  /** Staff and their open pages, made by the first run on this database (forget them when the tables are emptied). */
  shared?:
    { staff: Record<StaffLabel, string>; checksChanged?: boolean; live?: LiveStaff; prefixChecked?: Set<string>; openings?: Openings } | undefined;
  /** The site's realtime server on this database (live.ts), started by the first run when the outside can start one. */
  realtime?: Realtime | undefined;
  /** The settings the site's processes are started with (the Safe Play clock and zone). */
  env: Record<string, string>;
  /**
   * Safe Play's clock, one for the site's functions and its realtime server: each run starts it in the afternoon of
   * `today`; the evening and midnight steps move it on (clock-actions.ts). Only forward within a run.
   */
  clock: { now: Date };
  /** Site functions of capabilities this folder may not import (decision 0053), handed in by the test and the attack. */
  outside: OutsideFunctions;
};

/** What the routes of other capabilities call, as the model calls them (the real functions, handed in). */
export type OutsideFunctions = {
  /** /staff's "checks" intent: app/staff/profiles.server.ts setStaffChecks. */
  setStaffChecks: (db: Db, actor: StaffActor, input: ChecksInput) => Promise<boolean>;
  /** /invitation's acceptance proves the invited address: app/mail/confirmed-address.server.ts confirmInvitedAddress. */
  confirmInvitedAddress: (db: Db, userId: string, invitedEmail: string) => Promise<boolean>;
  /** The program editor's "save-coaches": app/programs/session-coaches.server.ts setSessionCoaches. */
  setSessionCoaches: (db: Db, programSlug: string, eventId: string, coachIds: string[], settings: SafePlaySettings) => Promise<{ ok: boolean }>;
  /** A realtime server of the site (server/realtime) on the model's database, for the open page's checks (live.ts). */
  startRealtime?: StartRealtime;
};

async function makeStaff(s: Site): Promise<NonNullable<Site["shared"]>> {
  const tag = crypto.randomBytes(5).toString("hex");
  const staff = {} as Record<StaffLabel, string>;
  const checked = new Date(Date.parse(`${s.today}T12:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  for (const label of STAFF) {
    const id = crypto.randomUUID();
    await s.db.insert(users).values({
      id,
      email: `${label.toLowerCase()}-${tag}@staff.example.com`,
      fullName: `Staff ${label}`,
      role: "coach",
      emailVerified: true,
      safeguardingLead: label === "L",
      admin: label === "A",
    });
    await s.db
      .insert(coachProfiles)
      .values({ userId: id, ...(CLEARED.has(label) ? { safePlayCheckedOn: checked, backgroundCheckedOn: checked } : {}) });
    staff[label] = id;
  }
  return { staff, prefixChecked: new Set() };
}

/**
 * The run's own session, coached by K1 and K2: its roster is this run's families only (the roster's message goes to
 * every enrolled family of the session, so a session shared by the runs would reach families the oracle never met).
 */
async function makeSession(s: Site, staff: Record<StaffLabel, string>, tag: string): Promise<string> {
  const year = Number(s.today.slice(0, 4));
  // One statement (the set-up runs once a sequence): the session's row and its two coaches.
  const { rows } = await s.db.execute(sql`
    with session as (
      insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity)
      values (${`Safe Play clinic ${tag}`}, 'weekly', '{2,4}', ${`${year - 1}-01-01`}, ${`${year + 1}-12-31`}, '16:30', '18:00',
              'Fort Dupont', 'fall', null)
      returning id
    ), coaches as (
      insert into session_coaches (event_id, coach_id) select id, unnest(${`{${staff.K1},${staff.K2}}`}::text[]) from session
    )
    select id::text from session`);
  return String(rows[0]!.id);
}

export function siteFor(db: Db, makeContext: (env: Record<string, string>) => AppLoadContext, outside: OutsideFunctions): Site {
  const now = new Date();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(now);
  // Mid-afternoon in the organisation's zone (14:00 EST, 15:00 EDT): never in quiet hours.
  const env = { SAFE_PLAY_NOW: `${today}T19:00:00Z`, ORG_TIME_ZONE: "America/New_York" };
  const context = makeContext({ ...env, PUBLIC_URL: "http://localhost:3000" });
  const clock = { now: new Date(env.SAFE_PLAY_NOW) };
  // The one settings object the site's functions read (config.messaging.safePlay is config.safePlay): on the model's clock.
  Object.assign(context.config.safePlay, { clock: () => new Date(clock.now.getTime()) });
  const settings = context.config.safePlay;
  const services = { db, secret: context.secret, config: context.config } as unknown as EnrollmentServices;
  return { db, context: { ...context, db } as AppLoadContext, settings, services, today, outside, env, clock };
}

/**
 * A date of birth for an age the forms are given: on the 4th of March, but 18 is the eighteenth birthday tomorrow (a
 * minor today, an adult once the model's midnight passed: clock-actions.ts).
 */
export const dobForAge = (today: string, age: number) =>
  age === EIGHTEEN_TOMORROW ? `${Number(today.slice(0, 4)) - 18}${addDays(today, 1).slice(4)}` : `${Number(today.slice(0, 4)) - age}-03-04`;

// ---------------------------------------------------------------------------------------------------------------
// The world: the real site plus the oracle's own account of it.

export class World {
  readonly run = crypto.randomBytes(5).toString("hex");
  readonly people = new Map<string, Person>();
  readonly byId = new Map<string, Person>();
  /** Invitations mailed, in order: their token (read from the outbox as the recipient would), address and sender. */
  readonly invitations: Array<{ token: string; to: Address; kind: "athlete" | "guardian"; by: string }> = [];
  readonly conversations: string[] = [];
  /**
   * Whom staff confirmed, and in which household (the people they ticked on the family's page). A guardian is a
   * confirmed guardian of a minor when staff confirmed both in the same household and neither has left it since.
   */
  readonly confirmedIn = new Map<string, { household: string; role: string }>();
  /** Pick-up persons and emergency contacts a guardian said yes to for an athlete (a visitor's request they kept). */
  readonly acceptedBy = new Map<string, Array<{ text: string; by: string }>>();
  /** Who joined through an invitation from whom (a guardian who invited a second parent vouched for them). */
  readonly invitedBy = new Map<string, string>();
  readonly trace: string[] = [];
  readonly errors: string[] = [];
  /** Staff whose checks are current now (an administrator may record or clear them: record-checks). */
  readonly cleared = new Set<string>(CLEARED);
  /** Athletes the oracle saw get a request in the session (a place asked for, a kept request kept): its roster. */
  readonly enrolled = new Set<string>();
  /** Messages kept for the end of quiet hours in this run's conversations, by whom. */
  readonly kept: Array<{ id: string; sender: string; conversationId: string; content: string }> = [];
  /** Conversations the lead paused (nobody sends in them) and staff whose messaging with minors the lead suspended. */
  readonly paused = new Set<string>();
  readonly suspended = new Set<string>();
  /**
   * The open pages (live.ts): "label conversation" pairs subscribed now, those the oracle forbade at the last check, and
   * every pair a page was subscribed to at some check, and every pair whose page the site told "withheld" (in order).
   */
  readonly live = {
    subscribed: new Set<string>(),
    forbidden: new Set<string>(),
    heard: new Set<string>(),
    told: [] as string[],
    /** The run's families' open pages (live.ts): a socket for each person with a login in a conversation with staff. */
    family: new Map<string, FamilyPage>(),
    /** What the open pages judged at the last check (live.ts), and whether a check was passed over since. */
    print: "",
    stale: false,
    /** Every family member with a login in a conversation with staff has a page (else only where a minor's page is). */
    everyPage: false,
  };
  /** Coaches whose training lapses at the model's midnight (record-checks "lapses"): cleared until then. */
  readonly lapsing = new Set<string>();
  /** The session's coaches, as the program's editor last set them (set-session-coaches): their rosters are theirs. */
  readonly sessionCoaches = new Set<string>(SESSION_COACHES);
  /** A break the step itself found (an expectation of what it may do): thrown once the step is in the trace. */
  pending: Break | null = null;
  /** Who is in the run's conversations, read by this step's checks (the open pages' check reads it again only when
   * the start probes opened a conversation since). */
  peopleThisCheck: ConversationPeople | null = null;
  eventId = "";
  /** Run after the action of an opening's last step, before its checks (openings.ts records the opening there). */
  onOpeningPlayed: (() => Promise<void>) | null = null;

  constructor(
    readonly site: Site,
    readonly options: ModelOptions = DEFAULT_MODEL_OPTIONS,
  ) {}

  address(a: Address) {
    return addressOf(a, this.run);
  }
  addressLabel(email: string): Address | null {
    const at = email.indexOf(`-${this.run}@`);
    return at > 0 && (ADDRESSES as readonly string[]).includes(email.slice(0, at)) ? (email.slice(0, at) as Address) : null;
  }
  dob(age: number) {
    return dobForAge(this.site.today, age);
  }
  /**
   * The organisation's day on the model's clock now (the oracle's ages and clearances are of this day), or on the clock
   * a step ran the site at when it is judging that step (judgedAt).
   */
  get day() {
    // Asked for every person at every check: worked out again only when the clock moved.
    const now = this.judgingAt ?? this.site.clock.now;
    const at = now.getTime();
    if (this.dayAt?.at !== at) this.dayAt = { at, day: dayInZone(now, this.site.settings.timeZone) };
    return this.dayAt.day;
  }
  private dayAt: { at: number; day: string } | null = null;
  private judgingAt: Date | null = null;
  /**
   * Judges what a step did at hours ahead of the model's clock (before 8 AM tomorrow, the job the afternoon after:
   * coach-actions.ts NIGHT, NEXT_AFTERNOON) on the date of those hours, as the site did: a child dated eighteen
   * tomorrow is an adult then. The model's clock itself stays where it was (the steps after are of today).
   */
  async judgedAt<T>(at: Date, judge: () => Promise<T>): Promise<T> {
    const before = this.judgingAt;
    this.judgingAt = at;
    try {
      return await judge();
    } finally {
      this.judgingAt = before;
    }
  }
  get db() {
    return this.site.db;
  }

  person(label: string) {
    const p = this.people.get(label);
    return p && !p.deleted ? p : null;
  }
  add(label: string, id: string, staff: boolean, dob: DobRecord | null) {
    const p: Person = { label, id, staff, deleted: false, dobs: dob ? [dob] : [] };
    this.people.set(label, p);
    this.byId.set(id, p);
    return p;
  }

  /** The oracle's account of the world (not the open pages'), as text: what an opening leaves (openings.ts). */
  account() {
    return JSON.stringify(this.accountNow());
  }
  private accountNow() {
    return {
      people: [...this.people],
      invitations: this.invitations,
      conversations: this.conversations,
      confirmedIn: [...this.confirmedIn],
      acceptedBy: [...this.acceptedBy],
      invitedBy: [...this.invitedBy],
      trace: this.trace,
      errors: this.errors,
      cleared: [...this.cleared],
      enrolled: [...this.enrolled],
      kept: this.kept,
      paused: [...this.paused],
      suspended: [...this.suspended],
      lapsing: [...this.lapsing],
      sessionCoaches: [...this.sessionCoaches],
      eventId: this.eventId,
    };
  }
  /** Sets the oracle's account to one `account()` wrote (an opening copied: openings.ts). */
  setAccount(text: string) {
    const a = JSON.parse(text) as ReturnType<World["accountNow"]>;
    const refill = <T>(target: T[], from: T[]) => target.splice(0, target.length, ...from);
    const refillMap = <K, V>(target: Map<K, V>, from: Array<[K, V]>) => {
      target.clear();
      for (const [k, v] of from) target.set(k, v);
    };
    const refillSet = (target: Set<string>, from: string[]) => {
      target.clear();
      for (const x of from) target.add(x);
    };
    refillMap(this.people, a.people);
    refillMap(
      this.byId,
      a.people.map(([, p]) => [p.id, p]),
    );
    refill(this.invitations, a.invitations);
    refill(this.conversations, a.conversations);
    refillMap(this.confirmedIn, a.confirmedIn);
    refillMap(this.acceptedBy, a.acceptedBy);
    refillMap(this.invitedBy, a.invitedBy);
    refill(this.trace, a.trace);
    refill(this.errors, a.errors);
    refillSet(this.cleared, a.cleared);
    refillSet(this.enrolled, a.enrolled);
    refillSet(this.paused, a.paused);
    refillSet(this.suspended, a.suspended);
    refillSet(this.lapsing, a.lapsing);
    refillSet(this.sessionCoaches, a.sessionCoaches);
    refill(this.kept, a.kept);
    this.eventId = a.eventId;
  }

  async profile(label: string): Promise<Profile | null> {
    const p = this.person(label);
    if (!p) return null;
    const { rows } = await this.db.execute<{ id: string; email: string; full_name: string | null; phone: string | null; role: "client" | "coach" }>(
      sql`select id, email, full_name, phone, role from users where id = ${p.id} and deleted_at is null`,
    );
    const r = rows[0];
    return r ? { id: r.id, email: r.email, fullName: r.full_name, phone: r.phone, role: r.role, avatarUrl: null } : null;
  }

  /**
   * The staff (made once per database and shared by its runs: the checks and suspensions a run changed are put back)
   * and their open pages; the run's own cast follows (cast).
   */
  async setUp() {
    // The afternoon of the model's day (the last run may have left the clock at night).
    this.site.clock.now = new Date(this.site.env.SAFE_PLAY_NOW!);
    const shared = (this.site.shared ??= await makeStaff(this.site));
    if (shared.checksChanged) await restoreStaffChecks(this.site);
    const start = this.site.outside.startRealtime;
    if (start && this.options.live !== false && !shared.live) {
      // The families' pages write after every step (live.ts): no allowance to run out.
      const env = { ...this.site.env, MESSAGE_BURST: "10000", MESSAGE_RATE_PER_SECOND: "1000" };
      this.site.realtime ??= await start(this.db, env, () => this.site.clock.now);
      shared.live = await openStaffSockets(this.site, this.site.realtime, shared.staff);
    }
    for (const label of STAFF) this.add(label, shared.staff[label], true, null);
  }

  /**
   * The run's own cast: its session coached by K1 and K2, the real parent (address verified) with the real child C (10,
   * no login), and the teenager t1 (15) signed up. A copied opening copies it too (openings.ts).
   */
  async cast() {
    const shared = this.site.shared!;
    this.eventId = await makeSession(this.site, shared.staff, this.run);
    // One transaction: sign-up's two rows for each (the fast path below), and "Add a student-athlete" without an
    // address, which is what familyAction's add-athlete writes (the action itself is modelled).
    const { p, t1, athleteId } = await this.db.transaction(async (tx) => {
      const [p, t1] = await insertAccounts(tx, this, [
        // The real parent's phone: what the personal-data check looks for on the pages staff read.
        { a: "p", kind: "guardian", dob: this.dob(45), phone: "(202) 555-0100" },
        { a: "t1", kind: "athlete", dob: this.dob(15) },
      ]);
      const { athleteId } = await createAthleteForGuardian(tx, p!, { fullName: NAMES[0], dateOfBirth: this.dob(10) });
      return { p: p!, t1: t1!, athleteId };
    });
    this.add("p", p, false, { dob: this.dob(45), by: "p", staff: false });
    this.add("t1", t1, false, { dob: this.dob(15), by: "t1", staff: false });
    this.add("C", athleteId, false, { dob: this.dob(10), by: "p", staff: false });
  }

  /**
   * Athletes the site made without a login for `guardianLabel` (added, or from a kept request) that the model has not
   * met yet: named kid1..kid3 (the real child's record, made at set-up, is C), their date of birth recorded by `author`.
   */
  async syncNewAthletes(guardianLabel: string, author?: (name: string, dob: string) => string) {
    const g = this.person(guardianLabel);
    if (!g) return;
    const { rows } = await this.db.execute<{ id: string; full_name: string; dob: string }>(sql`
      select u.id, u.full_name, u.date_of_birth::text as dob from guardian_links l join users u on u.id = l.athlete_id
      where l.guardian_id = ${g.id} order by u.created_at, u.id`);
    for (const r of rows) {
      if (this.byId.has(r.id)) continue;
      const label = this.people.has("C") ? KIDS.find((k) => !this.people.has(k)) : "C";
      if (!label) continue;
      this.add(label, r.id, false, { dob: r.dob, by: author ? author(r.full_name, r.dob) : guardianLabel, staff: false });
    }
  }

  /** Reads the invitation links mailed since `before` (as their recipients would open them). */
  async collectInvitations(by: string, before: number) {
    const mails = await this.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} like ${"%-" + this.run + "@example.com"} and ${mailOutbox.createdAt} >= ${new Date(before - 1000)}`)
      .orderBy(mailOutbox.createdAt);
    for (const mail of mails) {
      const to = this.addressLabel(mail.toAddress);
      const text = bodiesToDeliver(this.site.context.secret, mail)?.text ?? "";
      const url = /https?:\/\/\S+\/invitation\?token=\S+/.exec(text)?.[0];
      if (!to || !url) continue;
      const token = new URL(url).searchParams.get("token")!;
      if (this.invitations.some((i) => i.token === token)) continue;
      const { rows } = await this.db.execute<{ kind: "athlete" | "guardian" }>(
        sql`select kind from family_invitations where token_hash = ${crypto.createHash("sha256").update(token).digest("hex")}`,
      );
      this.invitations.push({ token, to, kind: rows[0]?.kind ?? "guardian", by });
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // The oracle.

  /** Whether the oracle holds `p` to be under 18: the youngest date recorded since staff last set one. */
  oracleMinor(p: Person) {
    if (p.staff || p.deleted || p.dobs.length === 0) return false;
    const lastStaff = p.dobs.map((d) => d.staff).lastIndexOf(true);
    const youngest = p.dobs
      .slice(Math.max(0, lastStaff))
      .map((d) => d.dob)
      .sort()
      .at(-1)!;
    const [y, m, d] = this.day.split("-").map(Number) as [number, number, number];
    const eighteenth = `${String(Number(youngest.slice(0, 4)) + 18).padStart(4, "0")}${youngest.slice(4)}`;
    return eighteenth > `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  }

  /** The guardians staff confirmed for `athlete` who still have an account (and whom the oracle saw join as guardians). */
  confirmedGuardians(athlete: Person): Person[] {
    const mine = this.confirmedIn.get(athlete.id);
    if (!mine || mine.role !== "athlete" || athlete.deleted) return [];
    return [...this.confirmedIn]
      .filter(([, c]) => c.household === mine.household && c.role === "guardian")
      .map(([id]) => this.byId.get(id)!)
      .filter((g) => g && !g.deleted);
  }

  /** Why `staff` may not reach this conversation's people (and the minor it is about), or null. */
  forbidden(staff: Person, participantIds: string[]): { why: string; minor: Person; cleared: boolean } | null {
    for (const id of participantIds) {
      const m = this.byId.get(id);
      if (!m || !this.oracleMinor(m)) continue;
      if (!this.cleared.has(staff.label))
        return { why: `${staff.label} is not cleared and ${m.label} is ${this.ageWords(m)}`, minor: m, cleared: false };
      const confirmed = this.confirmedGuardians(m).filter((g) => participantIds.includes(g.id));
      if (confirmed.length === 0)
        return { why: `${m.label} is ${this.ageWords(m)} and no guardian staff confirmed for them is in the thread`, minor: m, cleared: true };
    }
    return null;
  }

  /**
   * Why the lead's own steps keep `staff` from sending here (decision 0022), or null: the conversation is paused (nobody
   * sends), or the lead suspended the staff member's messaging and a person the oracle holds to be a minor is in it.
   * Neither keeps anyone from reading.
   */
  heldByLead(staff: Person, participantIds: string[], conversationId: string | null): { why: string; door: Door } | null {
    if (conversationId && this.paused.has(conversationId)) return { why: "the lead paused the conversation", door: "paused" };
    const minor = participantIds.map((id) => this.byId.get(id)).find((p) => p && this.oracleMinor(p));
    if (minor && this.suspended.has(staff.label))
      return { why: `the lead suspended ${staff.label}'s messaging with minors and ${minor.label} is ${this.ageWords(minor)}`, door: "suspended" };
    return null;
  }

  /** Whether `staff` may send into the conversation now, by the oracle: null, or why not and through which door. */
  async sendForbidden(staff: Person, participantIds: string[], conversationId: string): Promise<{ why: string; door: Door } | null> {
    const f = this.forbidden(staff, participantIds);
    if (f) return { why: f.why, door: await this.doorOf(f, participantIds) };
    return this.heldByLead(staff, participantIds, conversationId);
  }

  /** The door of a send or start break: clearance, a date of birth the site took from the family, or a guardian. */
  async doorOf(f: { minor: Person; cleared: boolean }, participantIds: string[]): Promise<Door> {
    // First what the site holds the person to be (a guardian, an adult), then who reached them.
    const { rows } = await this.db.execute<{ dob: string | null; kind: string }>(
      sql`select date_of_birth::text as dob, client_kind as kind from users where id = ${f.minor.id}`,
    );
    if (rows[0]?.kind === "guardian") return "minor-as-guardian";
    const dob = rows[0]?.dob;
    const stored = dob ? { ...f.minor, dobs: [{ dob, by: "site", staff: true }] } : null;
    if (stored && !this.oracleMinor(stored)) return "protection-lowered";
    if (!f.cleared) return "clearance";
    const { rows: links } = await this.db.execute<{ guardian_id: string }>(
      sql`select guardian_id from guardian_links where athlete_id = ${f.minor.id}`,
    );
    const present = links.map((l) => l.guardian_id).filter((g) => participantIds.includes(g));
    if (present.length === 0) return "no-guardian";
    const confirmedForSomeone = new Set([...this.confirmedIn.keys()]);
    return present.some((g) => confirmedForSomeone.has(g)) ? "confirmation-passed-on" : "unconfirmed-guardian";
  }
  ageWords(p: Person) {
    return `a minor (dates recorded: ${p.dobs.map((d) => `${d.dob} by ${d.by}${d.staff ? " (staff)" : ""}`).join(", ")})`;
  }

  /** After a step that changed something: the real send, start, read and roster paths, judged by the oracle. */
  async checkInvariants() {
    const s = this.site;
    const staffPeople = STAFF.map((l) => this.people.get(l)!);
    const tChecks = performance.now();
    PART.now = "sends";
    // 1. Sends (and reads) in every conversation the run made, by each staff member in it (who is in which: one
    // query, kept for the open pages' check after this step: nothing between the two changes who is in what).
    const inThem = await this.conversationPeople();
    this.peopleThisCheck = inThem;
    for (const conversationId of this.conversations) {
      const ids = inThem.byConversation.get(conversationId)?.ids ?? [];
      for (const st of staffPeople) {
        if (!ids.includes(st.id)) continue;
        const f = this.forbidden(st, ids);
        const held = f ? null : this.heldByLead(st, ids, conversationId);
        if (!f && !held) continue;
        if (f && this.options.checkReads && !this.options.ignore.has("read")) {
          const page = await getMessagePage(this.db, conversationId, st.id, { safePlay: s.settings });
          if (page.messages.length > 0) this.fail("read", "read", `${st.label} reads a thread with ${this.names(ids)}: ${f.why}`);
        }
        const door = f ? await this.doorOf(f, ids) : held!.door;
        if (this.options.ignore.has(door)) continue;
        const sent = await createMessage(
          this.db,
          { conversationId, senderId: st.id, content: "probe: can u text me on my cell instead?" },
          { burst: 1e9, perSecond: 1e9, attachmentBytesPerDay: 1e9, safePlay: s.settings },
        );
        if (sent.ok) this.fail("send", door, `${st.label} sends into a thread with ${this.names(ids)}: ${(f ?? held)!.why}`);
      }
    }
    const tSends = performance.now();
    TIMING.sends += tSends - tChecks;
    PART.now = "probes";
    // 1'. Starts: with each minor, a cleared coach when no guardian staff confirmed is there, an uncleared one always;
    // and a suspended staff member starts nothing with a minor, whoever confirmed whom (decision 0022). Each minor's
    // starts are asked side by side with the other minors' (each start is its own transaction, on its own pair of
    // people), and judged in the order they were asked.
    const suspended = this.options.ignore.has("suspended") ? [] : staffPeople.filter((st) => this.suspended.has(st.label));
    const asked = await Promise.all(
      [...this.people.values()]
        .filter((m) => !m.deleted && this.oracleMinor(m))
        .map(async (m) => {
          // A cleared coach where staff confirmed no guardian; an uncleared one where they did (the cleared one may, then).
          const probe = this.confirmedGuardians(m).length === 0 ? ("K1" as const) : ("K2" as const);
          const starts = [{ st: this.people.get(probe)!, opened: await this.probeStart(this.people.get(probe)!, m.id) }];
          for (const st of suspended) starts.push({ st, opened: await this.probeStart(st, m.id) });
          return { m, starts };
        }),
    );
    for (const { m, starts } of asked)
      for (const [i, { st, opened }] of starts.entries()) {
        if (!opened) continue;
        if (!this.conversations.includes(opened.id)) this.conversations.push(opened.id);
        if (i > 0)
          this.fail(
            "start",
            "suspended",
            `${st.label} opens a conversation with ${this.names(opened.ids)}: ${this.heldByLead(st, [m.id], null)!.why}`,
          );
        const f = this.forbidden(st, opened.ids);
        if (!f) continue;
        const door = await this.doorOf(f, opened.ids);
        if (!this.options.ignore.has(door)) this.fail("start", door, `${st.label} opens a conversation with ${this.names(opened.ids)}: ${f.why}`);
      }
    const tProbes = performance.now();
    TIMING.probes += tProbes - tSends;
    PART.now = "roster";
    // 2. The roster coaches read: pick-up persons and emergency contacts of children of confirmed guardians.
    const roster = await getRoster(this.db, this.eventId, s.settings);
    TIMING.roster += performance.now() - tProbes;
    for (const entry of roster) {
      const athlete = this.byId.get(entry.athleteId);
      if (!athlete || athlete.deleted) continue;
      const guardians = this.confirmedGuardians(athlete);
      if (guardians.length === 0) continue;
      for (const [field, text] of [
        ["pick-up", entry.notes.pickup],
        ["emergency contact", entry.notes.emergencyName],
      ] as const) {
        const author = /of (\w+)$/.exec(text)?.[1];
        if (!author) continue;
        const a = this.people.get(author);
        const vouched = (id: string) => guardians.some((g) => g.id === id || this.invitedBy.get(id) === g.id);
        const accepted = (a && vouched(a.id)) || (this.acceptedBy.get(athlete.id) ?? []).some((k) => k.text === text && vouched(k.by));
        if (!accepted && !this.options.ignore.has("roster"))
          this.fail(
            "roster",
            "roster",
            `${athlete.label}'s roster shows ${field} "${text}", typed by ${author}; the guardians staff confirmed (${guardians.map((g) => g.label).join(", ")}) did not accept it`,
          );
      }
    }
  }

  /**
   * Asks the real start path: the conversation it opened and who is in it, or null when it refused. Only asked where
   * the oracle forbids any conversation (so an opening is a break, and the run ends with it; a door set aside keeps it).
   */
  async probeStart(staff: Person, otherId: string): Promise<{ id: string; ids: string[] } | null> {
    try {
      const { id } = await startConversation(this.db, { id: staff.id, role: "coach" }, otherId, this.site.settings);
      const { rows } = await this.db.execute<{ user_id: string }>(sql`select user_id from conversation_participants where conversation_id = ${id}`);
      return { id, ids: rows.map((r) => r.user_id) };
    } catch (err) {
      if (isRefusal(err)) return null;
      throw err;
    }
  }

  /**
   * Who is in each conversation of the run (ids in order) and which of them have a login (not deleted, an account):
   * one query for all of them. `conversations` is the list it was read for.
   */
  async conversationPeople(): Promise<ConversationPeople> {
    const conversations = this.conversations.join(",");
    const byConversation = new Map<string, { ids: string[]; logins: string[] }>();
    if (!conversations) return { conversations, byConversation };
    const { rows } = await this.db.execute<{ conversation_id: string; ids: string[]; logins: string[] }>(sql`
      select p.conversation_id::text, array_agg(p.user_id order by p.user_id) as ids,
        coalesce(array_agg(p.user_id order by p.user_id) filter (where u.deleted_at is null
          and exists (select 1 from accounts a where a.user_id = p.user_id)), '{}') as logins
      from conversation_participants p join users u on u.id = p.user_id
      where p.conversation_id = any(${`{${conversations}}`}::uuid[]) group by p.conversation_id`);
    for (const r of rows) byConversation.set(r.conversation_id, { ids: r.ids, logins: r.logins });
    return { conversations, byConversation };
  }

  names(ids: string[]) {
    return ids.map((id) => this.byId.get(id)?.label ?? "someone").join(", ");
  }
  fail(invariant: Break["invariant"], door: Door, detail: string): never {
    throw new SafePlayBroken({ invariant, door, detail }, [...this.trace]);
  }
  /** Whether a message of this run is still kept for later (the job has not sent or refused it). */
  async keptWaiting() {
    if (this.kept.length === 0) return false;
    const { rows } = await this.db.execute(
      sql`select 1 from scheduled_messages where status = 'scheduled' and id in (${sql.join(
        this.kept.map((k) => sql`${k.id}`),
        sql`, `,
      )})`,
    );
    return rows.length > 0;
  }
  /** A step's own expectation broken: kept (the first of the step) and thrown once the step is in the trace. */
  expect(invariant: Break["invariant"], door: Door, detail: string) {
    if (!this.pending && !this.options.ignore.has(door)) this.pending = { invariant, door, detail };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What the site's routes do, reproduced through the same functions.

/** Better Auth's signUpEmail's two rows: the user (with our additional fields) and the credential account. */
async function insertAccount(tx: DbOrTx, w: World, a: Address, kind: "guardian" | "athlete", dob: string, verified: boolean) {
  const [id] = await insertAccounts(tx, w, [{ a, kind, dob }], verified);
  return id!;
}

/** Sign-up's two rows for each of several people, in two statements (the set-up's parent and teenager). */
async function insertAccounts(
  tx: DbOrTx,
  w: World,
  people: Array<{ a: Address; kind: "guardian" | "athlete"; dob: string; phone?: string }>,
  verified = true,
) {
  const ids = people.map(() => crypto.randomUUID());
  await tx.insert(users).values(
    people.map(({ a, kind, dob, phone }, i) => ({
      id: ids[i]!,
      phone: phone ?? null,
      email: w.address(a),
      fullName: `Person ${a.toUpperCase()}`,
      role: "client" as const,
      // The cast's own accounts are made verified where the sign-up link was followed.
      emailVerified: verified,
      clientKind: kind,
      dateOfBirth: dob,
      kindAnswered: true,
      locale: "en" as const,
    })),
  );
  await tx
    .insert(accounts)
    .values(ids.map((id) => ({ id: crypto.randomUUID(), userId: id, accountId: id, providerId: "credential", password: "scrypt-hash" })));
  return ids;
}

/**
 * Sign-up (app/routes/signup.tsx): the route's clientKindProblem, then Better Auth's signUpEmail, which writes the
 * user row (our additional fields: kind, date of birth, kindAnswered true, locale) and a credential account. The fast
 * path writes exactly those two rows (scrypt would only measure scrypt); an address already in use gets nothing.
 */
export async function signUp(w: World, a: Address, kind: "guardian" | "athlete", dob: string, verified: boolean): Promise<boolean> {
  if (clientKindProblem(kind, dob, w.site.settings)) return false;
  const email = w.address(a);
  const { rows } = await w.db.execute(sql`select 1 from users where lower(email) = ${email}`);
  if (rows.length) return false;
  // The address is free again (its account was deleted, or moved to another address): a new account. The model names
  // accounts by the address they signed up with, so only a deleted one gives its name up.
  const before = w.people.get(a);
  if (before && !before.deleted) return false;
  if (before) {
    w.people.delete(a);
    w.people.set(`${a}-deleted-${w.people.size}`, before);
  }
  const id = await w.db.transaction((tx) => insertAccount(tx, w, a, kind, dob, verified));
  w.add(a, id, false, { dob, by: a, staff: false });
  return true;
}

/**
 * The sign-up link clicked (Better Auth's verifyEmail): the address is proved. Nothing else happens since issue 37 (a
 * visitor's requests kept under it wait for the guardian's keep or drop: keep-kept-request, drop-kept-request).
 */
async function verifyAddress(w: World, label: string): Promise<boolean> {
  const p = w.person(label);
  if (!p) return false;
  const { rows } = await w.db.execute<{ email: string; email_verified: boolean }>(sql`select email, email_verified from users where id = ${p.id}`);
  const row = rows[0];
  if (!row || row.email_verified || row.email.endsWith(".invalid")) return false;
  await w.db.execute(sql`update users set email_verified = true, updated_at = now() where id = ${p.id}`);
  return true;
}

/**
 * /account's change of address (app/account/account-settings.server.ts changeEmail -> Better Auth changeEmail): a link
 * to the new address; clicked, Better Auth's verifyEmail sets the address, keeping whether the account was verified.
 * An address another account uses gets nothing.
 */
async function changeAddress(w: World, label: string, to: Address): Promise<boolean> {
  const p = w.person(label);
  if (!p) return false;
  const email = w.address(to);
  const { rows } = await w.db.execute<{ email: string }>(sql`select email from users where id = ${p.id}`);
  const me = rows[0];
  if (!me || me.email === email || me.email.endsWith(".invalid")) return false;
  const taken = await w.db.execute(sql`select 1 from users where lower(email) = ${email}`);
  if (taken.rows.length) return false;
  await w.db.execute(sql`update users set email = ${email}, updated_at = now() where id = ${p.id}`);
  return true;
}

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

/** /account/family's action as the signed-in person posts it (familyAction dispatches the intents). */
async function runFamilyIntent(w: World, user: Profile, intent: FamilyIntent, fields: Record<string, string>): Promise<boolean> {
  try {
    const r = (await familyAction(intent, form({ intent, ...fields }), user, w.site.context)) as {
      init?: { status?: number } | null;
      data?: unknown;
    };
    const status = r?.init?.status ?? 200;
    return status < 300;
  } catch (err) {
    if (err instanceof Response || isRefusal(err)) return false;
    throw err;
  }
}

const athleteId = (w: World, label: string) => w.people.get(label)?.id ?? crypto.randomUUID();

// ---------------------------------------------------------------------------------------------------------------
// The actions: one entry each.

/** A family intent posted by a signed-in client; `fields` builds the form from the arguments. */
function intent<A extends { who: string }>(
  name: FamilyIntent,
  weight: number,
  functions: string[],
  args: fc.Arbitrary<A>,
  show: (a: A) => string,
  fields: (w: World, a: A) => Record<string, string>,
  after?: (w: World, a: A, before: number) => Promise<void>,
) {
  return spec<A>({
    name,
    weight,
    covers: [`intent:${name}`, ...functions],
    args,
    show,
    run: async (w, a) => {
      const user = await w.profile(a.who);
      if (!user) return false;
      const before = Date.now();
      const ok = await runFamilyIntent(w, user, name, fields(w, a));
      if (ok && after) await after(w, a, before);
      return ok;
    },
  });
}

export const ACTIONS: ActionSpec<unknown>[] = [
  spec({
    name: "sign-up",
    weight: 6,
    covers: ["route:signup", "clientKindProblem"],
    args: fc.record({ who: fc.constantFrom("t2" as const, "t3" as const, "s" as const, "q" as const, "c" as const), kind, age }),
    show: (a) => `${a.who} as ${a.kind}, ${a.age}`,
    run: (w, a) => signUp(w, a.who, a.kind, w.dob(a.age), false),
  }),
  spec({
    name: "verify-address",
    weight: 4,
    covers: ["better-auth:verifyEmail"],
    args: fc.record({ who: fc.oneof({ arbitrary: fc.constant("p" as const), weight: 3 }, { arbitrary: address, weight: 2 }) }),
    show: (a) => a.who,
    run: (w, a) => verifyAddress(w, a.who),
  }),
  spec({
    name: "change-address",
    covers: ["changeEmail", "better-auth:changeEmail"],
    args: fc.record({ who: anyone, to: address }),
    show: (a) => `${a.who} -> ${a.to}`,
    run: (w, a) => changeAddress(w, a.who, a.to),
  }),
  intent(
    "kind",
    2,
    ["updateClientKind"],
    fc.record({ who: client, kind, age }),
    (a) => `${a.who}: ${a.kind}, ${a.age}`,
    (w, a) => ({ kind: a.kind, dateOfBirth: w.dob(a.age) }),
    async (w, a) => {
      w.person(a.who)?.dobs.push({ dob: w.dob(a.age), by: a.who, staff: false });
    },
  ),
  intent(
    "add-athlete",
    2,
    ["addAthlete", "createAthleteForGuardian"],
    fc.record({ who: client, name, age, email: fc.option(address, { nil: undefined }) }),
    (a) => `${a.who} adds ${a.name}, ${a.age}${a.email ? `, inviting ${a.email}` : ""}`,
    (w, a) => ({ fullName: a.name, dateOfBirth: w.dob(a.age), ...(a.email ? { email: w.address(a.email) } : {}) }),
    async (w, a, before) => {
      await w.syncNewAthletes(a.who);
      await w.collectInvitations(a.who, before);
    },
  ),
  intent(
    "edit-athlete",
    4,
    ["updateAthleteByGuardian", "requestProtectionChange"],
    fc.record({ who: client, athlete: anyone, name, age }),
    (a) => `${a.who} corrects ${a.athlete}: ${a.name}, ${a.age}`,
    (w, a) => ({ athleteId: athleteId(w, a.athlete), fullName: a.name, dateOfBirth: w.dob(a.age) }),
    async (w, a) => {
      w.person(a.athlete)?.dobs.push({ dob: w.dob(a.age), by: a.who, staff: false });
    },
  ),
  intent(
    "invite-athlete",
    2,
    ["sendAthleteInvitation"],
    fc.record({ who: client, athlete: anyone, email: address }),
    (a) => `${a.who} invites ${a.athlete} at ${a.email}`,
    (w, a) => ({ athleteId: athleteId(w, a.athlete), email: w.address(a.email) }),
    (w, a, before) => w.collectInvitations(a.who, before),
  ),
  intent(
    "cancel-invitation",
    1,
    ["cancelAthleteInvitation"],
    fc.record({ who: client, athlete: anyone }),
    (a) => `${a.who} cancels ${a.athlete}'s invitation`,
    (w, a) => ({ athleteId: athleteId(w, a.athlete) }),
  ),
  intent(
    "remove-athlete",
    1,
    ["removeAthleteWithoutLogin", "emptyAthleteRecord"],
    fc.record({ who: client, athlete: anyone }),
    (a) => `${a.who} removes ${a.athlete}`,
    (w, a) => ({ athleteId: athleteId(w, a.athlete) }),
    async (w, a) => {
      const p = w.person(a.athlete);
      if (p) p.deleted = true;
    },
  ),
  intent(
    "invite-guardian",
    8,
    ["inviteGuardian"],
    fc.record({ who: client, email: invitee }),
    (a) => `${a.who} invites guardian ${a.email}`,
    (w, a) => ({ guardianEmail: w.address(a.email) }),
    (w, a, before) => w.collectInvitations(a.who, before),
  ),
  intent(
    "invite-coguardian",
    4,
    ["inviteSecondGuardian"],
    fc.record({ who: client, email: invitee }),
    (a) => `${a.who} invites second guardian ${a.email}`,
    (w, a) => ({ coGuardianEmail: w.address(a.email) }),
    (w, a, before) => w.collectInvitations(a.who, before),
  ),
  intent(
    "remove-guardian",
    1,
    ["removeAthleteFromHousehold"],
    fc.record({ who: client, athlete: anyone, guardian: anyone }),
    (a) => `${a.who} ends the link ${a.athlete}-${a.guardian}`,
    (w, a) => ({ athleteId: athleteId(w, a.athlete), guardianId: athleteId(w, a.guardian) }),
    async (w, a) => {
      // The athlete left the household staff confirmed them in.
      const athlete = w.people.get(a.athlete);
      if (athlete) w.confirmedIn.delete(athlete.id);
    },
  ),
  spec({
    name: "accept-invitation",
    weight: 8,
    covers: ["acceptInvitation", "joinAsGuardian", "route:invitation#accept", "confirmInvitedAddress"],
    // Whoever now holds the invited address accepts, signed in (acceptInvitation refuses anyone else: its own tests);
    // as /invitation does, an acceptance proves the invited address (issue 39), so kept requests to it may be answered.
    args: fc.record({ n: invitation }),
    show: (a) => `invitation #${a.n} of those whose address has an account accepted by its holder (the address confirmed)`,
    run: async (w, a) => {
      // Among the invitations whose address has an account now (the others wait for a sign-up), the n-th.
      const held: typeof w.invitations = [];
      for (const i of w.invitations) {
        const { rows } = await w.db.execute(sql`select 1 from users where lower(email) = ${w.address(i.to)} and deleted_at is null`);
        if (rows.length) held.push(i);
      }
      const inv = held[a.n % Math.max(1, held.length)];
      if (!inv) return false;
      const { rows } = await w.db.execute<{ id: string }>(sql`select id from users where lower(email) = ${w.address(inv.to)} and deleted_at is null`);
      const holder = rows[0] && w.byId.get(rows[0].id);
      const user = holder ? await w.profile(holder.label) : null;
      if (!user) return false;
      const before = { confirmed: await confirmedNow(w), verified: await verifiedNow(w) };
      const r = await acceptInvitation(w.db, inv.token, user, w.site.settings);
      if (r.ok) {
        await w.site.outside.confirmInvitedAddress(w.db, user.id, user.email);
        const inviter = w.people.get(inv.by);
        if (inviter) w.invitedBy.set(user.id, inviter.id);
      }
      expectAcceptance(
        w,
        { before: before.confirmed, after: await confirmedNow(w) },
        { before: before.verified, after: await verifiedNow(w) },
        user,
        w.address(inv.to),
      );
      return r.ok;
    },
  }),
  spec({
    name: "claim-athlete-login",
    covers: ["claimAthleteAccount", "route:invitation#password"],
    args: fc.record({ n: invitation }),
    show: (a) => `the link of athlete invitation #${a.n} chooses a password`,
    run: async (w, a) => {
      // Among the athlete invitations still waiting, the n-th (the link is all it takes).
      const waiting = w.invitations.filter((i) => i.kind === "athlete");
      const inv = waiting[a.n % Math.max(1, waiting.length)];
      if (!inv) return false;
      return (await claimAthleteAccount(w.db, inv.token, "scrypt-hash")).ok;
    },
  }),
  spec({
    name: "keep-visitor-request",
    weight: 4,
    covers: ["keepVisitorRequest", "storeRegistration", "route:programs.registration"],
    args: fc.record({
      who: fc.constantFrom("s" as const, "t1" as const),
      to: fc.oneof({ arbitrary: fc.constant("p" as const), weight: 3 }, { arbitrary: address, weight: 2 }),
      name,
      age,
    }),
    show: (a) => `${a.who}, signed out, asks a place for ${a.name} (${a.age}) under ${a.to}`,
    run: async (w, a) => {
      const dob = w.dob(a.age);
      const kept = await w.db.transaction((tx) =>
        keepVisitorRequest(tx, {
          eventId: w.eventId,
          studentName: a.name,
          dateOfBirth: dob,
          email: w.address(a.to),
          ...onCourtOf(a.who, "(202) 555-0666"),
        }),
      );
      return kept.ok;
    },
  }),
  spec({
    name: "keep-kept-request",
    weight: 3,
    covers: ["keepVisitorRequestAsGuardian", "answerVisitorRequest", "visitor-intent:keep-request"],
    // The guardian whose verified address it is keeps request #n, as a new athlete or as one of theirs.
    args: fc.record({ who: client, n: fc.nat(1), as: fc.oneof(fc.constant("new"), anyone) }),
    show: (a) => `${a.who} keeps kept request #${a.n} as ${a.as}`,
    run: async (w, a) => {
      const user = await w.profile(a.who);
      if (!user) return false;
      const { rows } = await w.db.execute<{ id: string; student_name: string; date_of_birth: string; pickup_people: string; emergency_name: string }>(
        sql`select id, student_name, date_of_birth::text, pickup_people, emergency_name from visitor_enrollment_requests where email = ${user.email.toLowerCase()} order by seq`,
      );
      const kept = rows[a.n];
      if (!kept) return false;
      const as = a.as === "new" ? "new" : athleteId(w, a.as);
      const r = await keepVisitorRequestAsGuardian(w.site.services, user, kept.id, as);
      if (!r.ok) return false;
      const author = /of (\w+)$/.exec(kept.pickup_people)?.[1] ?? "someone";
      if (!w.byId.has(r.athleteId)) {
        const label = KIDS.find((k) => !w.people.has(k));
        if (label) w.add(label, r.athleteId, false, { dob: kept.date_of_birth, by: author, staff: false });
      }
      const accepted = w.acceptedBy.get(r.athleteId) ?? [];
      accepted.push({ text: kept.pickup_people, by: user.id }, { text: kept.emergency_name, by: user.id });
      w.acceptedBy.set(r.athleteId, accepted);
      w.enrolled.add(r.athleteId);
      return true;
    },
  }),
  spec({
    name: "drop-kept-request",
    weight: 1,
    covers: ["dropVisitorRequest", "visitor-intent:drop-request"],
    args: fc.record({ who: client, n: fc.nat(1) }),
    show: (a) => `${a.who} drops kept request #${a.n}`,
    run: async (w, a) => {
      const user = await w.profile(a.who);
      if (!user) return false;
      const { rows } = await w.db.execute<{ id: string }>(
        sql`select id from visitor_enrollment_requests where email = ${user.email.toLowerCase()} order by seq`,
      );
      const kept = rows[a.n];
      return kept ? (await dropVisitorRequest(w.db, user, kept.id)).ok : false;
    },
  }),
  spec({
    name: "request-place",
    weight: 3,
    covers: ["createEnrollmentRequest"],
    // Most often the real parent for the real child (their request puts the family on the roster coaches confirm from).
    args: fc.record({
      who: fc.oneof({ arbitrary: fc.constant("p" as const), weight: 2 }, { arbitrary: client, weight: 2 }),
      athlete: fc.oneof({ arbitrary: fc.constant("C"), weight: 2 }, { arbitrary: anyone, weight: 2 }),
    }),
    show: (a) => `${a.who} asks a place for ${a.athlete}`,
    run: async (w, a) => {
      const user = await w.profile(a.who);
      if (!user) return false;
      const r = await createEnrollmentRequest(w.site.services, user, w.eventId, {
        athleteId: athleteId(w, a.athlete),
        ...onCourtOf(a.who, "(202) 555-0100"),
      });
      if (r.ok) w.enrolled.add(athleteId(w, a.athlete));
      return r.ok;
    },
  }),
  spec({
    name: "delete-account",
    weight: 4,
    covers: ["deleteAccount", "anonymizeUser", "removeFromFamilyOnDeletion"],
    args: fc.record({ who: client }),
    show: (a) => a.who,
    run: async (w, a) => {
      const p = w.person(a.who);
      if (!p) return false;
      // Athletes without a login their only guardian leaves are emptied with the account (the model reads which).
      await anonymizeUser(w.db, p.id, w.site.context as never, w.site.context as never);
      p.deleted = true;
      const { rows } = await w.db.execute<{ id: string }>(
        sql`select id from users where deleted_at is not null and id in (${sql.join(
          [...w.byId.keys()].map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      for (const r of rows) w.byId.get(r.id)!.deleted = true;
      return true;
    },
  }),
  spec({
    name: "confirm-family",
    weight: 6,
    covers: ["route:families.$householdId#confirm", "confirmPeople", "confirmHousehold"],
    // Staff tick everyone waiting on the family's page, or only the person they know.
    args: fc.record({ who: staff, of: anyone, everyone: fc.boolean() }),
    show: (a) => `${a.who} confirms ${a.everyone ? `everyone in ${a.of}'s family` : a.of}`,
    run: async (w, a) => {
      const st = w.person(a.who)!;
      const member = w.person(a.of);
      if (!member) return false;
      const household = await getHouseholdOf(w.db, member.id);
      if (!household) return false;
      // What the page shows staff: the household's members (the people they may tick).
      const { rows } = await w.db.execute<{ user_id: string; role: string }>(
        sql`select m.user_id, m.role from household_members m join users u on u.id = m.user_id and u.deleted_at is null where m.household_id = ${household.householdId}`,
      );
      const before = await confirmedNow(w);
      const r = await confirmPeople(
        w.db,
        { householdId: household.householdId, staffId: st.id, how: "met the family at the evaluation", userIds: a.everyone ? "all" : [member.id] },
        w.site.settings,
      );
      const after = await confirmedNow(w);
      const named = new Set(a.everyone ? rows.map((row) => row.user_id) : [member.id]);
      expectConfirmation(w, before, after, { label: st.label, via: "family page" }, household.householdId, named);
      if (!r.ok) return after.size !== before.size;
      for (const row of rows)
        if (a.everyone || row.user_id === member.id) w.confirmedIn.set(row.user_id, { household: household.householdId, role: row.role });
      return true;
    },
  }),
  spec({
    name: "lead-correct",
    covers: ["route:families.$householdId#correct", "correctByLead"],
    args: fc.record({ who: staff, of: anyone, name, age }),
    show: (a) => `${a.who} corrects ${a.of}: ${a.age}`,
    run: async (w, a) => {
      const st = w.person(a.who)!;
      const member = w.person(a.of);
      if (!member || !(await isSafeguardingLead(w.db, st.id))) return false;
      const household = await getHouseholdOf(w.db, member.id);
      if (!household) return false;
      const r = await correctByLead(w.db, st.id, household.householdId, member.id, { fullName: a.name, dateOfBirth: w.dob(a.age) }, w.site.settings);
      if (r.ok) member.dobs.push({ dob: w.dob(a.age), by: a.who, staff: true });
      return r.ok;
    },
  }),
  spec({
    name: "lead-unlink",
    weight: 3,
    covers: ["route:families.$householdId#unlink", "unlinkGuardianByLead"],
    args: fc.record({ who: staff, guardian: guardianLike }),
    show: (a) => `${a.who} unlinks guardian ${a.guardian}`,
    run: async (w, a) => {
      const st = w.person(a.who)!;
      const g = w.person(a.guardian);
      if (!g || !(await isSafeguardingLead(w.db, st.id))) return false;
      const household = await getHouseholdOf(w.db, g.id);
      if (!household) return false;
      const r = await unlinkGuardianByLead(w.db, st.id, household.householdId, g.id);
      if (r.ok) w.confirmedIn.delete(g.id);
      return r.ok;
    },
  }),
  spec({
    name: "lead-freeze",
    weight: 1,
    covers: ["route:families.$householdId#freeze", "route:families.$householdId#unfreeze", "setHouseholdFrozen"],
    args: fc.record({ who: staff, of: anyone, freeze: fc.boolean() }),
    show: (a) => `${a.who} ${a.freeze ? "freezes" : "unfreezes"} ${a.of}'s family`,
    run: async (w, a) => {
      const st = w.person(a.who)!;
      const member = w.person(a.of);
      if (!member || !(await isSafeguardingLead(w.db, st.id))) return false;
      const household = await getHouseholdOf(w.db, member.id);
      if (!household) return false;
      return setHouseholdFrozen(w.db, st.id, household.householdId, a.freeze ? "a fake guardian" : null);
    },
  }),
  spec({
    name: "lead-decide-request",
    covers: ["route:safeguarding#approve", "route:safeguarding#refuse", "decideProtectionRequest"],
    args: fc.record({ who: staff, of: anyone, approve: fc.boolean() }),
    show: (a) => `${a.who} ${a.approve ? "approves" : "refuses"} the change asked for ${a.of}`,
    run: async (w, a) => {
      const st = w.person(a.who)!;
      const member = w.person(a.of);
      if (!member || !(await isSafeguardingLead(w.db, st.id))) return false;
      // What the lead reads on /safeguarding: the request and the date it asks for.
      const { rows } = await w.db.execute<{ id: string; to_value: string }>(
        sql`select id, to_value from protection_requests where user_id = ${member.id} and decided_at is null`,
      );
      const req = rows[0];
      if (!req) return false;
      const ok = await decideProtectionRequest(w.db, st.id, req.id, a.approve, w.site.settings);
      if (ok && a.approve) member.dobs.push({ dob: req.to_value, by: a.who, staff: true });
      return ok;
    },
  }),
  spec({
    name: "start-conversation",
    weight: 4,
    covers: ["startConversation", "addGuardiansToConversation"],
    args: fc.oneof(
      fc.record({ who: staff as fc.Arbitrary<string>, with: anyone as fc.Arbitrary<string> }),
      fc.record({ who: anyone as fc.Arbitrary<string>, with: staff as fc.Arbitrary<string> }),
    ),
    show: (a) => `${a.who} starts a conversation with ${a.with}`,
    run: async (w, a) => {
      const me = await w.profile(a.who);
      const other = w.person(a.with);
      if (!me || !other) return false;
      try {
        const { id } = await startConversation(w.db, me, other.id, w.site.settings);
        if (!w.conversations.includes(id)) w.conversations.push(id);
        return true;
      } catch (err) {
        if (isRefusal(err)) return false;
        throw err;
      }
    },
  }),
  spec({
    name: "send-message",
    weight: 4,
    covers: ["createMessage", "route:messages.$conversationId#send"],
    args: fc.record({
      who: fc.oneof({ arbitrary: staff as fc.Arbitrary<string>, weight: 2 }, { arbitrary: fc.constantFrom(...ADDRESSES), weight: 1 }),
      n: fc.nat(2),
    }),
    show: (a) => `${a.who} writes in conversation #${a.n}`,
    run: async (w, a) => {
      const me = w.person(a.who);
      const conversationId = w.conversations[a.n];
      if (!me || !conversationId) return false;
      const r = await createMessage(
        w.db,
        { conversationId, senderId: me.id, content: "dont tell my mom lol" },
        { burst: 1e9, perSecond: 1e9, attachmentBytesPerDay: 1e9, safePlay: w.site.settings },
      );
      return r.ok;
    },
  }),
  // The roster's confirmation, messages kept for the end of quiet hours and their job, a coach's checks: coach-actions.ts.
  ...COACH_ACTIONS,
  // The roster's message to every family, now or kept for 8:00: roster-actions.ts. The lead's pause and suspension: lead-actions.ts.
  ...ROSTER_ACTIONS,
  ...LEAD_ACTIONS,
  // Families' personal data on the pages staff read, and the session's coaches set on the program's editor: personal-data.ts.
  ...PERSONAL_DATA_ACTIONS,
  // The clock moving on while pages stay open (quiet hours, midnight): clock-actions.ts.
  ...CLOCK_ACTIONS,
];

// ---------------------------------------------------------------------------------------------------------------
// Running it.

/** Where a search spends its time (the attack prints it): set-up, actions, invariant checks, in milliseconds. */
export const TIMING = {
  setUp: 0,
  actions: 0,
  checks: 0,
  steps: 0,
  checked: 0,
  probes: 0,
  sends: 0,
  roster: 0,
  personal: 0,
  live: 0,
  livePassed: 0,
  /** Openings copied (openings.ts), and their steps (counted in `steps` too, not in `actions`' time). */
  copied: 0,
  copiedSteps: 0,
  copy: 0,
  /** Sequences with no opening whose cast was copied (openings.ts), not made. */
  castsCopied: 0,
};
/** How many times each action was accepted by the site (the attack prints it: an action never accepted tests nothing). */
export const ACCEPTED: Record<string, number> = {};
/**
 * Which part of a sequence runs now, for counting statements by part (the attack with SAFE_PLAY_TIMING counts every
 * query of its process under the part running when it was sent: the search's cost is its number of statements).
 */
export const PART = { now: "set-up" };

/**
 * A step of the fixed "season under way" start (seasonUnderWay): the same steps with the same arguments in every run
 * that starts with it, so the states between them are the same every time. Their invariants are asked after each of
 * them in the first such run on a database (after each emptying of its tables too) and after the last of them in every
 * run; in between, asking them again after every one of these steps found nothing new and cost most of the search.
 */
type PrefixMark = { kind: string; last: boolean };

class Step implements fc.AsyncCommand<object, World> {
  constructor(
    readonly action: ActionSpec<unknown>,
    readonly args: unknown,
    readonly prefix: PrefixMark | null = null,
  ) {}
  check() {
    return true;
  }
  async run(_model: object, w: World) {
    const label = this.toString();
    let changed = false;
    const t0 = performance.now();
    PART.now = this.prefix ? "opening" : "step";
    try {
      changed = await this.action.run(w, this.args);
    } catch (err) {
      // A failure nobody foresaw (a 500) is not a Safe Play break: noted, and the world goes on.
      w.errors.push(`${label}: ${String((err as { cause?: unknown }).cause ?? err).slice(0, 200)}`);
    }
    w.trace.push(changed ? label : `${label} [refused]`);
    if (w.pending) throw new SafePlayBroken(w.pending, [...w.trace]);
    TIMING.actions += performance.now() - t0;
    if (this.prefix?.last && w.onOpeningPlayed) await w.onOpeningPlayed();
    await this.after(w, changed);
  }
  /** What follows the action: counted, and when it changed something, every invariant asked (an opening's: openings.ts). */
  async after(w: World, changed: boolean) {
    const t1 = performance.now();
    TIMING.steps++;
    if (changed) ACCEPTED[this.action.name] = (ACCEPTED[this.action.name] ?? 0) + 1;
    const checked = w.site.shared?.prefixChecked;
    const skip = this.prefix && !this.prefix.last && checked?.has(this.prefix.kind);
    if (changed && !skip) {
      TIMING.checked++;
      try {
        await w.checkInvariants();
        const tPersonal = performance.now();
        PART.now = "personal";
        await checkPersonalData(w);
        TIMING.personal += performance.now() - tPersonal;
        const tLive = performance.now();
        PART.now = "live";
        await checkLive(w);
        TIMING.live += performance.now() - tLive;
        if (w.live.stale) TIMING.livePassed++;
      } finally {
        w.peopleThisCheck = null;
        TIMING.checks += performance.now() - t1;
      }
    }
    // This start was asked after each of its steps on this database, and held: from now on, after its last only.
    if (this.prefix?.last && checked && w.trace.every((t) => !t.endsWith("[refused]"))) checked.add(this.prefix.kind);
  }
  toString() {
    return `${this.action.name}(${this.action.show(this.args)})`;
  }
}

/** One step by the action's name, for sequences written out by hand (the doors of issue 37, replayed). */
export function step(name: string, args: Record<string, unknown>) {
  const action = ACTIONS.find((a) => a.name === name);
  if (!action) throw new Error(`no action ${name}`);
  return new Step(action, args);
}

/** Sequences of up to `maxCommands` steps, each action picked by its weight (shrinking drops and simplifies steps). */
export function commandsArbitrary(maxCommands: number, options: { underWay?: boolean } = {}) {
  const steps = fc.array(fc.oneof(...ACTIONS.map((a) => ({ arbitrary: a.args.map((args) => new Step(a, args)), weight: a.weight ?? 2 }))), {
    minLength: 1,
    maxLength: maxCommands,
  });
  if (!options.underWay) return steps;
  // Half the sequences start with the season under way (real steps, in the trace and checked as any other), a quarter
  // of those with the coach's message reported to the lead (what the lead's pause and suspension need first), and a
  // quarter with the teenager instead of the child: a minor with a login, whose open page the activity door judges.
  const start = fc.constantFrom("none", "none", "none", "none", "season", "season", "reported", "teen");
  return fc.tuple(start, steps).map(([from, rest]) => (from === "none" ? rest : [...openingSteps(from), ...rest]));
}

/** The steps of a fixed opening, marked as its (checked after its last only, once held; copied: openings.ts). */
export function openingSteps(kind: "season" | "reported" | "teen") {
  const prefix =
    kind === "teen" ? teenUnderWay() : [...seasonUnderWay(), ...(kind === "reported" ? [step("report-message", { who: "p", n: 0 })] : [])];
  return prefix.map((s, i) => new Step(s.action, s.args, { kind, last: i === prefix.length - 1 }));
}

/**
 * The season under way: the real parent asked a place for the real child, the session's cleared coach confirmed the
 * family from the roster, placed and enrolled the child (the roster's message goes to the enrolled), opened a
 * conversation with the child and wrote in it (a message the family may report to the lead). Random sequences seldom
 * get that far in 8 steps, and the coaches' actions (a kept message, its job, a clearance lapsing, a family taken off
 * the roster, the roster's message, the lead's pause of a reported thread) start there.
 */
const seasonUnderWay = () => [
  step("request-place", { who: "p", athlete: "C" }),
  step("roster-confirm", { who: "K1", of: "C", people: "waiting" }),
  step("roster-step", { who: "K1", of: "C", step: "place" }),
  step("roster-step", { who: "K1", of: "C", step: "enroll" }),
  step("start-conversation", { who: "K1", with: "C" }),
  step("send-message", { who: "K1", n: 0 }),
];

/**
 * The teenager under way (decision 0074): t1 (15) invited the real parent as her guardian, staff confirmed both, and the
 * session's cleared coach opened a conversation with her and wrote in it. The child C has no login, so the season's
 * thread has no minor's page to tell anything; the doors of the families' pages (live.ts) start here.
 */
const teenUnderWay = () => [
  step("invite-guardian", { who: "t1", email: "p" }),
  step("accept-invitation", { n: 0 }),
  step("confirm-family", { who: "K1", of: "t1", everyone: true }),
  step("start-conversation", { who: "K1", with: "t1" }),
  step("send-message", { who: "K1", n: 0 }),
];

/** One sequence on a fresh cast (new addresses, new staff, a new session): throws SafePlayBroken when an invariant breaks. */
export async function playSequence(site: Site, cmds: Iterable<Step>, options?: ModelOptions) {
  const w = new World(site, options);
  // One sequence of four (by its steps, so that shrinking and replays keep it) opens every family's page (live.ts).
  const steps = [...cmds];
  let hash = 0;
  for (const ch of steps.join("|")) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  w.live.everyPage = (hash >>> 0) % 4 === 0;
  const t0 = performance.now();
  PART.now = "set-up";
  await w.setUp();
  // The cast and the sequence's opening, copied where openings.ts may (else the cast is made here and the opening played).
  const played = await opening(w, steps);
  TIMING.setUp += performance.now() - t0;
  try {
    await fc.asyncModelRun(() => ({ model: {}, real: w }), steps.slice(played));
    // The night passes whatever else happened: the job sends what is still kept (a sequence never ends on a message
    // waiting, so whatever the steps after its keeping did is asked of its send).
    PART.now = "end";
    if (await w.keptWaiting()) await step("send-kept-messages", {}).run({}, w);
    // The open pages' check passed over after a step that changed nothing they judge (live.ts), made now.
    PART.now = "live";
    if (w.live.stale) await checkLive(w, { force: true });
  } catch (err) {
    if (!(err instanceof SafePlayBroken && options?.collect)) throw err;
    options.collect(err);
  } finally {
    forgetLive(w);
  }
  return w;
}

/**
 * The sequence's opening (the season under way, reported or not), copied where openings.ts may: how many of its steps
 * were taken that way (0: the sequence plays them, after the cast is made). A played opening is recorded while
 * openings.ts still needs a record of it.
 */
async function opening(w: World, steps: Step[]): Promise<number> {
  // A sequence with no opening starts from the cast alone: copied the same way, an opening of no steps ("cast").
  const kind = steps[0]?.prefix?.kind ?? CAST;
  const shared = w.site.shared!;
  if (!COPIED.has(kind) || (kind !== CAST && !shared.prefixChecked?.has(kind))) return (await w.cast(), 0);
  const openings = (shared.openings ??= { byKind: new Map() });
  const state = openings.byKind.get(kind) ?? openings.byKind.set(kind, {}).get(kind)!;
  const pool = w.db.$client as unknown as import("pg").Pool;
  const last = steps.findIndex((s) => s.prefix?.last) + 1;
  if (state.failed) return (await w.cast(), 0);
  const tCopy = performance.now();
  const world = state.shared ? await copy(w, openings, kind, pool) : null;
  TIMING.copy += performance.now() - tCopy;
  if (world !== null) {
    w.setAccount(world);
    if (kind === CAST) return (TIMING.castsCopied++, 0);
    for (const s of steps.slice(0, last - 1)) {
      TIMING.steps++;
      ACCEPTED[s.action.name] = (ACCEPTED[s.action.name] ?? 0) + 1;
    }
    TIMING.copied++;
    TIMING.copiedSteps += last;
    // The checks after the opening's last step, as when it is played (a break there ends the sequence as any other).
    await steps[last - 1]!.after(w, true);
    return last;
  }
  if (state.shared) return (await w.cast(), 0);
  // Played and recorded after its last step's action (only when every step of it was accepted, without an error).
  const xid = await xidNow(pool);
  await w.cast();
  const recordPlay = async () => {
    w.onOpeningPlayed = null;
    if (w.errors.length || w.trace.some((t) => t.endsWith("[refused]"))) return;
    const now = await record(w, openings, pool, xid, w.account());
    const earlier = state.records ?? [];
    // Two records that differ (a report's mail window closed during one play): the next play is compared with every
    // record before it, so one odd play does not spoil the next comparison; three mismatches at most.
    for (const before of earlier) {
      const shared = compareRecords(before, now, openings);
      if (shared) return void Object.assign(state, { recorded: before, shared, records: undefined });
    }
    state.records = [...earlier, now];
    if (earlier.length && (state.mismatches = (state.mismatches ?? 0) + 1) >= 3) state.failed = true;
  };
  // The cast is recorded at once (no step of it to wait for); an opening after its last step's action.
  if (kind === CAST) await recordPlay();
  else w.onOpeningPlayed = recordPlay;
  return 0;
}

/** The actions modelled, for the attack's report and the coverage test. */
export const modelledNames = () => ACTIONS.map((a) => a.name);
export const modelledCovers = () => new Set(ACTIONS.flatMap((a) => a.covers));
