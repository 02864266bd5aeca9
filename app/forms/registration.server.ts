// The registration form's store (issue 29): the spec's registration row, as always, for the coaches' inbox; and, when
// a session was chosen, the request for a place in it. A signed-in family's request is made at once by enrollment's
// own rule (createEnrollmentRequest: who may act for the athlete, capacity, the waitlist), in the registration row's
// transaction: refused, neither is kept, and the refusal is said beside its field. A visitor's request is kept with
// the address they typed, at most 3 for one address, until the guardian whose verified address it is keeps or drops
// it (keepVisitorRequest; decision 0024 and issue 37: nothing a visitor typed joins a family by itself).
import type { AppLoadContext } from "react-router";
import { PROGRAM_LINKS } from "~/content/site";
import { createEnrollmentRequest, getOpenSessions, keepVisitorRequest } from "~/enrollment/index.server";
import { statusWords } from "~/enrollment/words";
import { getLocale } from "~/i18n/language";
import { dayInZone } from "~/lib/datetime";
import type { Profile } from "~/lib/profile";
import { m } from "~/paraglide/messages";
import { getRequestHelpState, parseRequestHelp, readHelpAnswers, withHelpRequested, type RequestHelp } from "~/payments/index.server";
import type { StoreOutcome } from "./public-forms.server";
import type { RegistrationFormInput } from "./schemas";
import { createRegistrationRequest } from "./submissions.server";
import type { FieldErrors } from "~/lib/forms";

const refuse = (status: number, error: string, field: string): StoreOutcome => ({ refused: { status, error, fieldErrors: { [field]: error } } });

/**
 * Stores a registration. Without a session: the row, linked to a signed-in family's account and to their athlete
 * when they picked one of their own (`ownAthleteIds`). With one: see the file's head. Answers what the page says.
 */
export async function storeRegistration(
  context: AppLoadContext,
  user: Profile | null,
  input: RegistrationFormInput,
  ownAthleteIds: string[],
  help: RequestHelp = { wanted: false },
): Promise<StoreOutcome | void> {
  const own = input.athleteId && ownAthleteIds.includes(input.athleteId) ? input.athleteId : null;
  if (!input.sessionId || !input.onCourt) {
    await createRegistrationRequest(context.db, input, context, { submittedBy: user?.id ?? null, athleteId: own });
    return;
  }
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  const [session] = await getOpenSessions(context.db, today, getLocale(), { eventId: input.sessionId });
  if (!session) return refuse(409, m.enroll_reg_error_session_gone(), "sessionId");
  const program = PROGRAM_LINKS.find((p) => p.slug === session.programSlug);
  if (program && program.label !== input.programInterest)
    return refuse(400, m.enroll_reg_error_program_session({ program: program.name() }), "programInterest");
  const { sessionId, onCourt } = input;

  if (!user) {
    if (!input.dateOfBirth) return refuse(400, m.messaging_dob_missing(), "dateOfBirth");
    const dateOfBirth = input.dateOfBirth;
    // At most 3 wait for one address (issue 37): the 4th keeps nothing, the registration row neither, and is told so
    // beside the email field in words that say nothing of any account (a family with more children signs in).
    const kept = await context.db.transaction(async (tx) => {
      const result = await keepVisitorRequest(tx, {
        ...onCourt,
        eventId: sessionId,
        studentName: input.studentName,
        dateOfBirth,
        email: input.email,
        // Kept with the request until the guardian keeps it; then the family's request for help (decision 0075).
        help: "answers" in help ? help.answers : null,
      });
      if (result.ok) await createRegistrationRequest(tx, input, context, { sessionId });
      return result.ok;
    });
    if (!kept) return refuse(409, m.enroll_reg_error_too_many(), "email");
    // The answer says the ask is kept with the request, as the signed-in family's says it is with staff.
    return { answer: { outcome: "kept", session: session.title, ...("answers" in help ? { help: "kept" } : {}) } };
  }

  // Signed in: one of the household's athletes, or an adult athlete themselves (no athlete picked means oneself; a
  // guardian is then told to choose one of theirs, a minor that a guardian asks: enrollment's own words).
  if (user.role !== "client") return refuse(403, m.enroll_refused_not_family(), "sessionId");
  const athleteId = input.athleteId ?? user.id;
  // "I would like financial help" (issue 41): asked first, in the same transaction, as the request form does; a
  // refused request for a place leaves no ask behind.
  const asked = "answers" in help ? { answers: help.answers, athleteId, userId: user.id } : null;
  const made = await withHelpRequested(context.db, asked, async (tx) => {
    // Enrollment's own mail to the guardians is the receipt: one mail, not two.
    await createRegistrationRequest(tx, input, context, { submittedBy: user.id, athleteId, sessionId, receipt: false });
    return createEnrollmentRequest(context, user, sessionId, { ...onCourt, athleteId }, tx);
  });
  if (!made.ok) return refuse(made.status, made.error, made.field === "athleteId" ? "athleteId" : "sessionId");
  return {
    answer: {
      outcome: made.status === "waitlisted" ? "waitlisted" : "requested",
      session: session.title,
      status: statusWords(made.status),
      position: made.position === null ? "" : String(made.position),
      ...(asked ? { help: "asked" } : {}),
    },
  };
}

// "I would like financial help" on the form (issue 41), the request form's own ask: the same fields
// (RequestAidSection), the same rule of who may ask (parseRequestHelp: only the one who holds the family's purse,
// canHoldAccount; an adult athlete of a household is not asked) and the same one request an account, made in the
// registration's transaction before the request for a place (withHelpRequested, above), so a place enrolled at once is
// charged with the request already waiting and no price is sent. It goes with a session chosen. A visitor ticks it
// too (decision 0075): their answers are kept with their request (which joins no family until its guardian keeps it,
// decision 0024), and the guardian who keeps it asks with them, by the same rule of who holds the purse.

/** What the form offers with the chosen session: the tick, that a request waits, that help is granted, or nothing. */
export async function getRegistrationHelpState(context: AppLoadContext, user: Profile | null, sessionChosen: boolean, today: string) {
  if (!sessionChosen) return null;
  // A visitor is offered the tick: there is no family yet to have asked or been granted help.
  if (!user) return "none";
  if (user.role !== "client") return null;
  const state = await getRequestHelpState(context.db, user, context.config.safePlay, today);
  return state === "not-holder" ? null : state;
}

/**
 * The posted form's ask, read before the form is parsed (its messages then land with the others). Without a session
 * there is nothing to ask with; a visitor's answers are checked as a family's and kept with the request; a signed-in
 * person who does not hold the family's purse (a forged post: the form shows it to nobody else) is refused beside it.
 */
export async function parseRegistrationHelp(request: Request, context: AppLoadContext, user: Profile | null): Promise<RequestHelp> {
  const form = await request.clone().formData();
  if (!String(form.get("sessionId") ?? "").trim()) return { wanted: false };
  if (!user) return readHelpAnswers(form);
  return parseRequestHelp(context.db, user, context.config.safePlay, form);
}

/** The registration's own parse with the ask's messages beside their fields, all at once. */
export function withHelpErrors<T>(
  parsed: { data: T; fieldErrors: null } | { data: null; fieldErrors: FieldErrors },
  help: RequestHelp,
): { data: T; fieldErrors: null } | { data: null; fieldErrors: FieldErrors } {
  if (!("fieldErrors" in help)) return parsed;
  return { data: null, fieldErrors: { ...help.fieldErrors, ...(parsed.fieldErrors ?? {}) } };
}
