// Safe Play's clock rules, pure so the server decides and the browser can explain: a person's age from their date of
// birth and quiet hours, both read in the organisation's time zone (a minor turns adult on their 18th birthday there,
// with no manual step).

import { dayInZone, formatter } from "../lib/datetime";

export const ADULT_AGE = 18;
export const MIN_AGE_ALONE = 13;

/** Minutes since local midnight at `now` in `timeZone`. */
export function localMinutes(now: Date, timeZone: string): number {
  const parts = formatter(timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get("hour") * 60 + get("minute");
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whole years from `dateOfBirth` (YYYY-MM-DD) to the local date at `now`. Someone born on 29 February has their
 * birthday on 1 March in other years.
 */
export function ageOn(dateOfBirth: string, now: Date, timeZone: string): number {
  const born = DATE.exec(dateOfBirth);
  const today = DATE.exec(dayInZone(now, timeZone));
  if (!born || !today) throw new Error("ageOn needs dates as YYYY-MM-DD");
  const [by, bm, bd] = born.slice(1).map(Number) as [number, number, number];
  const [ty, tm, td] = today.slice(1).map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

export function isMinor(dateOfBirth: string, now: Date, timeZone: string): boolean {
  return ageOn(dateOfBirth, now, timeZone) < ADULT_AGE;
}

export type QuietHours = { start: number; end: number };

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "20:00-08:00" as minutes since midnight; null when it is not two 24-hour times that differ. */
export function parseQuietHours(text: string): QuietHours | null {
  const [from, to, ...rest] = text.split("-").map((s) => s.trim());
  const a = CLOCK.exec(from ?? "");
  const b = CLOCK.exec(to ?? "");
  if (!a || !b || rest.length) return null;
  const start = Number(a[1]) * 60 + Number(a[2]);
  const end = Number(b[1]) * 60 + Number(b[2]);
  return start === end ? null : { start, end };
}

/** Whether `now` falls inside the quiet hours, which may run past midnight (20:00-08:00). */
export function inQuietHours(now: Date, timeZone: string, quiet: QuietHours): boolean {
  const m = localMinutes(now, timeZone);
  return quiet.start < quiet.end ? m >= quiet.start && m < quiet.end : m >= quiet.start || m < quiet.end;
}

/** "8:00 AM": the local time at which quiet hours end, as people read it. */
export function formatMinutesOfDay(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** How long a remembered Safe Play answer stays good: 45 to 60 seconds, spread so answers asked together do not all end together. */
export const SAFE_PLAY_ANSWER_MAX_MS = 60_000;
const SAFE_PLAY_ANSWER_MIN_MS = 45_000;

/**
 * How long from `now` the send rule's answer can be remembered (app/messaging/messages.server.ts): at most a minute, and
 * never past the next quiet-hours boundary or local midnight (when an age can change), where time alone changes it.
 */
export function msUntilSafePlayClockChanges(now: Date, timeZone: string, quiet: QuietHours): number {
  const m = localMinutes(now, timeZone);
  const intoMinute = now.getUTCSeconds() * 1000 + now.getUTCMilliseconds();
  const until = (boundary: number) => ((boundary - m + 1440) % 1440 || 1440) * 60_000 - intoMinute;
  const lifetime = SAFE_PLAY_ANSWER_MIN_MS + Math.random() * (SAFE_PLAY_ANSWER_MAX_MS - SAFE_PLAY_ANSWER_MIN_MS);
  return Math.max(0, Math.min(lifetime, until(quiet.start), until(quiet.end), until(0)));
}

export function quietHoursMessage(quiet: QuietHours): string {
  return `Quiet hours: coaches can't message student-athletes under 18 between ${formatMinutesOfDay(quiet.start)} and ${formatMinutesOfDay(quiet.end)}. You can send this after ${formatMinutesOfDay(quiet.end)}.`;
}

export type ClientKind = "guardian" | "athlete";

/** The words every page uses for a client's kind. */
export const KIND_LABEL: Record<ClientKind, string> = { guardian: "Parent or guardian", athlete: "Student-athlete" };

/** The refusal the issue fixes word for word: a minor with no guardian cannot be messaged. */
export const NO_GUARDIAN_MESSAGE = "This athlete has no parent or guardian linked yet. Messages to minors must include a guardian.";
/** What an athlete under 18 without a linked guardian reads in the chat widget and on /messages. */
export const NEEDS_GUARDIAN_MESSAGE =
  "Before you can send messages, a parent or guardian must be linked to your account: messages to minors must include a guardian. Enter their email on your account page and they will get an invitation.";
/** Sign-up and /account refuse an athlete under 13 (COPPA): the parent creates the account. */
export const UNDER_13_MESSAGE =
  'Student-athletes under 13 cannot create their own account. A parent or guardian creates it: they sign up as a parent or guardian, then choose "Add a student-athlete" on their account page.';

/** Sign-up and /account refuse a parent or guardian under 18: a child cannot make themselves their own guardian. */
export const GUARDIAN_MUST_BE_ADULT = 'A parent or guardian must be 18 or older. If you are a student-athlete, choose "I am a student-athlete".';

/** A date of birth typed in a form: a real YYYY-MM-DD day, not in the future, at most 100 years ago. */
export function dateOfBirthProblem(value: string, now: Date, timeZone: string): string | null {
  const m = DATE.exec(value);
  if (!m) return "Please enter a date of birth.";
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return "Please enter a real date.";
  if (value > dayInZone(now, timeZone)) return "The date of birth cannot be in the future.";
  if (ageOn(value, now, timeZone) > 100) return "Please check the year of birth.";
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
export function describeClient(label: ClientLabel): string {
  const family = label.family.length
    ? `${label.kind === "athlete" ? "Guardian" : "Athletes"}: ${label.family.join(", ")}`
    : label.kind === "athlete"
      ? "No guardian linked"
      : "";
  return [KIND_LABEL[label.kind], label.minor ? "Minor" : "", family].filter(Boolean).join(" · ");
}

/** What coaches see beside a minor whose household staff have not confirmed yet. */
export const FAMILY_NOT_CONFIRMED = "Family not confirmed";
/** The send and start refusal while a minor's household waits for staff confirmation. */
export const CONFIRMATION_NEEDED_MESSAGE =
  "This student-athlete's family has not been confirmed yet. A coach or the safeguarding lead confirms it after meeting or phoning the parent or guardian; then coaches and the athlete can message each other.";
/** What a minor athlete of an unconfirmed household reads in the chat widget and on /messages. */
export const AWAITING_CONFIRMATION_MESSAGE =
  "Before you can message coaches, the organisation confirms your family: a coach or the safeguarding lead meets or phones your parent or guardian. Your parent or guardian can message coaches meanwhile.";

/** An athlete invitation never moves an existing account into the family: the athlete chooses a new login. */
export const ATHLETE_INVITATION_NEEDS_NEW_LOGIN =
  "This invitation gives the student-athlete a login of their own, and the account you are signed in with already belongs to someone, so it cannot take it. Sign out, then follow the link again to choose a password.";
export const ADDRESS_TAKEN =
  "An account already uses this email address, so it cannot become this student-athlete's login. Please ask your parent or guardian to send the invitation to an address of your own.";

/** Everyone in a conversation the safeguarding lead paused reads why, and that nobody can send. */
export const pausedMessage = (reason: string) =>
  `The safeguarding lead paused this conversation: ${reason}. Nobody can send messages in it until it is resumed.`;
/** A coach whose messaging with minors the lead suspended. */
export const COACH_SUSPENDED_MESSAGE = "Your messaging with student-athletes under 18 is suspended by the safeguarding lead. Please contact them.";

/** What a student-athlete reads when they try to start a conversation with a suspended coach. */
export const COACH_UNAVAILABLE_MESSAGE = "This coach cannot message student-athletes under 18 at the moment. Please choose another coach.";

/** What the lead decided about a report (the reporter sees that it was reviewed; the lead's log keeps which). */
export const REPORT_OUTCOMES = [
  "No concern found",
  "Spoke with the coach",
  "Spoke with the family",
  "Conversation paused",
  "Coach's messaging with minors suspended",
  "Referred to the authorities",
] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** An account made through Google has not said who the person is: it messages nobody until it does. */
export const KIND_QUESTION_MESSAGE =
  "Before you can send messages, please tell us on your account page whether you are a parent or guardian or a student-athlete, with your date of birth.";
/** What others read when they try to start a conversation with such an account. */
export const KIND_UNANSWERED_MESSAGE = "This person has not said yet whether they are a parent or guardian or a student-athlete.";

export const INVITATION_GONE = "This invitation has expired or has already been used. Ask for a new one.";
