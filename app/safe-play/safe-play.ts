// Safe Play's clock rules, pure so the server decides and the browser can explain: a person's age from their date of
// birth and quiet hours, both read in the organisation's time zone (a minor turns adult on their 18th birthday there,
// with no manual step). And Safe Play's words, in both languages: a refusal is a code (SafePlayRefusal) that whoever
// tells the person turns into words in their language (safePlayMessage), the page's unless told.

import { dayInZone, formatter } from "../lib/datetime";
import { getLocale, type Locale } from "~/i18n/language";
import type { QuietHours } from "~/lib/quiet-hours";
import { m } from "~/paraglide/messages";

// The age rule is app/lib's (a lower layer asks it too: no minor becomes a coach); Safe Play's rules are built on it.
export { ADULT_AGE, ageOn, isMinor, MIN_AGE_ALONE, type ClientKind } from "~/lib/age";
import { ADULT_AGE, ageOn, DAY_PARTS, type ClientKind } from "~/lib/age";

/** Minutes since local midnight at `now` in `timeZone`. */
export function localMinutes(now: Date, timeZone: string): number {
  const parts = formatter(timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get("hour") * 60 + get("minute");
}

/**
 * Whether changing a date of birth from `from` to `to` lowers a protection: it makes a minor older at all, or gives a
 * person with no date (a minor of unknown age) an adult's. Only staff lower a protection (decision 0022, third pass):
 * anyone else's such change is a request the safeguarding lead approves; every other change applies at once. Not
 * only a change that carries the person across 13 or 18 today: a date that keeps a 15-year-old 17 today makes them an
 * adult tomorrow (the model-based search found that door: a guardian's correction, then midnight).
 */
export function lowersProtection(from: string | null, to: string, now: Date, timeZone: string): boolean {
  if (from === null) return ageOn(to, now, timeZone) >= ADULT_AGE;
  return ageOn(from, now, timeZone) < ADULT_AGE && to < from;
}

/** Safe Play training is good for a year, a background check for two (decision 0022, coaches cleared first). */
export const SAFE_PLAY_TRAINING_YEARS = 1;
export const BACKGROUND_CHECK_YEARS = 2;

export type ClearanceDates = { safePlayCheckedOn: string | null; backgroundCheckedOn: string | null };
export type Clearance = {
  cleared: boolean;
  /** The first day each is no longer current (null: not on record). */
  trainingExpiresOn: string | null;
  backgroundExpiresOn: string | null;
  missing: ("training" | "background")[];
};

/** `date` (YYYY-MM-DD) plus whole years; 29 February becomes 1 March in other years. */
function addYears(date: string, years: number): string {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y + years, mo - 1, d));
  return t.toISOString().slice(0, 10);
}

/**
 * A coach is cleared while their Safe Play training (yearly) and background check (every two years) are on record
 * and current on the organisation's local date. The one rule: messaging, rosters, families' pages, session coaches
 * and /about all ask it.
 */
export function clearanceOf(dates: ClearanceDates, now: Date, timeZone: string): Clearance {
  const today = dayInZone(now, timeZone);
  const trainingExpiresOn = dates.safePlayCheckedOn ? addYears(dates.safePlayCheckedOn, SAFE_PLAY_TRAINING_YEARS) : null;
  const backgroundExpiresOn = dates.backgroundCheckedOn ? addYears(dates.backgroundCheckedOn, BACKGROUND_CHECK_YEARS) : null;
  const missing: Clearance["missing"] = [];
  if (!trainingExpiresOn || trainingExpiresOn <= today) missing.push("training");
  if (!backgroundExpiresOn || backgroundExpiresOn <= today) missing.push("background");
  return { cleared: missing.length === 0, trainingExpiresOn, backgroundExpiresOn, missing };
}

// Parsed where the configuration is read, before the site is built (server/config.ts): a module of its own.
export { parseQuietHours, type QuietHours } from "~/lib/quiet-hours";

/** Whether `now` falls inside the quiet hours, which may run past midnight (20:00-08:00). */
export function inQuietHours(now: Date, timeZone: string, quiet: QuietHours): boolean {
  const at = localMinutes(now, timeZone);
  return quiet.start < quiet.end ? at >= quiet.start && at < quiet.end : at >= quiet.start || at < quiet.end;
}

/** "8:00 AM" (Spanish "8:00 a. m."): the local time at which quiet hours end, as people read it. */
export function formatMinutesOfDay(minutes: number, locale: Locale = "en"): string {
  const h = Math.floor(minutes / 60);
  const min = minutes % 60;
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${String(min).padStart(2, "0")}`;
  if (locale === "es") return `${clock} ${h < 12 ? "a. m." : "p. m."}`;
  return `${clock} ${h < 12 ? "AM" : "PM"}`;
}

/** A time of day as a sentence says it: "8:00 AM"; in Spanish with its article, "las 8:00 p. m." or "la 1:30 a. m.". */
function atTime(minutes: number, locale: Locale): string {
  if (locale !== "es") return formatMinutesOfDay(minutes, locale);
  return `${Math.floor(minutes / 60) % 12 === 1 ? "la" : "las"} ${formatMinutesOfDay(minutes, locale)}`;
}

/** How long a remembered Safe Play answer stays good: 45 to 60 seconds, spread so answers asked together do not all end together. */
export const SAFE_PLAY_ANSWER_MAX_MS = 60_000;
const SAFE_PLAY_ANSWER_MIN_MS = 45_000;

/**
 * How long from `now` the send rule's answer can be remembered (app/messaging/messages.server.ts): at most a minute, and
 * never past the next quiet-hours boundary or local midnight (when an age can change), where time alone changes it.
 */
/** Milliseconds from `now` until the wall clock in `timeZone` next reads `boundary` (minutes after midnight). */
function msUntilWallClock(now: Date, timeZone: string, boundary: number): number {
  const at = localMinutes(now, timeZone);
  const intoMinute = now.getUTCSeconds() * 1000 + now.getUTCMilliseconds();
  return ((boundary - at + 1440) % 1440 || 1440) * 60_000 - intoMinute;
}

/**
 * When a notice held for quiet hours may go: the end of quiet hours, by the wall clock. On the night the clocks
 * change it is an hour early or late; a notice woken early finds quiet hours still on and waits again.
 */
export function msUntilQuietHoursEnd(now: Date, timeZone: string, quiet: QuietHours): number {
  return msUntilWallClock(now, timeZone, quiet.end);
}

export function msUntilSafePlayClockChanges(now: Date, timeZone: string, quiet: QuietHours): number {
  const until = (boundary: number) => msUntilWallClock(now, timeZone, boundary);
  const lifetime = SAFE_PLAY_ANSWER_MIN_MS + Math.random() * (SAFE_PLAY_ANSWER_MAX_MS - SAFE_PLAY_ANSWER_MIN_MS);
  return Math.max(0, Math.min(lifetime, until(quiet.start), until(quiet.end), until(0)));
}

export function quietHoursMessage(quiet: QuietHours, locale: Locale = getLocale()): string {
  return m.messaging_refusal_quiet_hours({ start: atTime(quiet.start, locale), end: atTime(quiet.end, locale) }, { locale });
}

/** The words every page uses for a client's kind, in the page's language unless told. */
export const kindLabel = (kind: ClientKind, locale: Locale = getLocale()): string =>
  kind === "guardian" ? m.messaging_kind_guardian({}, { locale }) : m.messaging_kind_athlete({}, { locale });

/**
 * Why Safe Play refuses a send, a start, or any messaging at all: a code, so the one who answers says it in the
 * reader's language (safePlayMessage), wherever the refusal is read (a page, the widget, the socket).
 */
export type SafePlayRefusal =
  /** The refusal the issue fixes word for word: a minor with no guardian cannot be messaged. */
  | { code: "no-guardian" }
  /** What an athlete under 18 without a linked guardian reads (the chat widget, /messages). */
  | { code: "needs-guardian" }
  /** The send and start refusal while a minor's household waits for staff confirmation. */
  | { code: "confirmation-needed" }
  /** What a minor athlete of an unconfirmed household reads (the chat widget, /messages). */
  | { code: "awaiting-confirmation" }
  /** A coach and a minor whose guardians in the conversation are not staff-confirmed (a guardian who joined later). */
  | { code: "guardian-not-confirmed" }
  /** A coach whose messaging with minors the lead suspended. */
  | { code: "coach-suspended" }
  /** A coach (or the lead) whose Safe Play training or background check is not on record and current. */
  | { code: "coach-not-cleared" }
  /** What a student-athlete reads when the coach is not cleared. */
  | { code: "coach-not-cleared-yet" }
  /** What a student-athlete reads when they try to start a conversation with a suspended coach. */
  | { code: "coach-unavailable" }
  /** An account made through Google has not said who the person is: it messages nobody until it does. */
  | { code: "kind-question" }
  /** What others read when they try to start a conversation with such an account. */
  | { code: "kind-unanswered" }
  /** Everyone in a conversation the safeguarding lead paused reads why, and that nobody can send. */
  | { code: "paused"; reason: string }
  | { code: "quiet-hours"; quiet: QuietHours };

/** The words of a Safe Play refusal: why, and what to do, in the reader's language (the page's unless told). */
export function safePlayMessage(refusal: SafePlayRefusal, locale: Locale = getLocale()): string {
  const o = { locale };
  switch (refusal.code) {
    case "no-guardian":
      return m.messaging_refusal_no_guardian({}, o);
    case "needs-guardian":
      return m.messaging_refusal_needs_guardian({}, o);
    case "confirmation-needed":
      return m.messaging_refusal_confirmation_needed({}, o);
    case "awaiting-confirmation":
      return m.messaging_refusal_awaiting_confirmation({}, o);
    case "guardian-not-confirmed":
      return m.messaging_refusal_guardian_not_confirmed({}, o);
    case "coach-suspended":
      return m.messaging_refusal_coach_suspended({}, o);
    case "coach-unavailable":
      return m.messaging_refusal_coach_unavailable({}, o);
    case "coach-not-cleared":
      return m.messaging_refusal_coach_not_cleared({}, o);
    case "coach-not-cleared-yet":
      return m.messaging_refusal_coach_not_cleared_yet({}, o);
    case "kind-question":
      return m.messaging_refusal_kind_question({}, o);
    case "kind-unanswered":
      return m.messaging_refusal_kind_unanswered({}, o);
    case "paused":
      return pausedMessage(refusal.reason, locale);
    case "quiet-hours":
      return quietHoursMessage(refusal.quiet, locale);
  }
}

/** Sign-up and /account refuse an athlete under 13 (COPPA): the parent creates the account. */
export const under13Message = (locale: Locale = getLocale()) => m.messaging_refusal_under_13({}, { locale });

/** Sign-up and /account refuse a parent or guardian under 18: a child cannot make themselves their own guardian. */
export const guardianMustBeAdultMessage = (locale: Locale = getLocale()) => m.messaging_refusal_guardian_adult({}, { locale });

/** A date of birth typed in a form: a real YYYY-MM-DD day, not in the future, at most 100 years ago. */
export function dateOfBirthProblem(value: string, now: Date, timeZone: string, locale: Locale = getLocale()): string | null {
  const o = { locale };
  const parts = DAY_PARTS.exec(value);
  if (!parts) return m.messaging_dob_missing({}, o);
  const [y, mo, d] = parts.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return m.messaging_dob_not_real({}, o);
  if (value > dayInZone(now, timeZone)) return m.messaging_dob_future({}, o);
  if (ageOn(value, now, timeZone) > 100) return m.messaging_dob_check_year({}, o);
  return null;
}

/** What coaches see beside a client wherever one is listed (no date of birth leaves the server). */
export type ClientLabel = {
  kind: ClientKind;
  minor: boolean;
  family: string[];
  /** The household's page for staff (/families/:id), and whether staff confirmed it. */
  householdId: string | null;
  confirmed: boolean;
};

/** "Student-athlete · Minor · Guardian: Ann Lee" as one line, for places without room for badges. */
export function describeClient(label: ClientLabel, locale: Locale = getLocale()): string {
  const o = { locale };
  const names = label.family.join(", ");
  const family = label.family.length
    ? label.kind === "athlete"
      ? m.messaging_badge_guardians({ names }, o)
      : m.messaging_badge_athletes({ names }, o)
    : label.kind === "athlete"
      ? m.messaging_badge_no_guardian({}, o)
      : "";
  return [kindLabel(label.kind, locale), label.minor ? m.messaging_badge_minor({}, o) : "", family].filter(Boolean).join(" · ");
}

/** Everyone in a conversation the safeguarding lead paused reads why, and that nobody can send. */
export const pausedMessage = (reason: string, locale: Locale = getLocale()) => m.messaging_refusal_paused({ reason }, { locale });

/** What the lead decided about a report (the reporter sees that it was reviewed; the lead's log keeps which). Stored as written here. */
export const REPORT_OUTCOMES = [
  "No concern found",
  "Spoke with the coach",
  "Spoke with the family",
  "Conversation paused",
  "Coach's messaging with minors suspended",
  "Referred to the authorities",
] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** An outcome as the lead reads it, in the page's language (what is stored stays the English above). */
export function reportOutcomeLabel(outcome: ReportOutcome, locale: Locale = getLocale()): string {
  const o = { locale };
  switch (outcome) {
    case "No concern found":
      return m.messaging_outcome_no_concern({}, o);
    case "Spoke with the coach":
      return m.messaging_outcome_spoke_coach({}, o);
    case "Spoke with the family":
      return m.messaging_outcome_spoke_family({}, o);
    case "Conversation paused":
      return m.messaging_outcome_paused({}, o);
    case "Coach's messaging with minors suspended":
      return m.messaging_outcome_suspended({}, o);
    case "Referred to the authorities":
      return m.messaging_outcome_referred({}, o);
  }
}

/** The refusals of an invitation's link, in the page's language. */
export const invitationGoneMessage = (locale: Locale = getLocale()) => m.messaging_invitation_gone({}, { locale });
/** An athlete invitation never moves an existing account into the family: the athlete chooses a new login. */
export const athleteInvitationNeedsNewLogin = (locale: Locale = getLocale()) => m.messaging_refusal_athlete_needs_new_login({}, { locale });
export const addressTakenMessage = (locale: Locale = getLocale()) => m.messaging_refusal_address_taken({}, { locale });
