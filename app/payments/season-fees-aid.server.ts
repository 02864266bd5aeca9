// "I would like financial help" asked in the request for a place (issue 41, decision 0059): the same answers
// (AidRequestSchema), the same one open request an account (createAidRequest), made in the request's own transaction
// and before it, so a session that enrolls at once already finds the request waiting (no price in its mail, nothing
// due), and a refused request for a place leaves no request for help behind.
import type { AppLoadContext } from "react-router";
import type { Profile } from "~/lib/profile";
import { m } from "~/paraglide/messages";
import type { Db } from "../../db/client";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { canHoldAccount } from "./access.server";
import { createAidRequest, getAidState } from "./aid.server";
import { canAskHelpWhileBooking } from "./lesson-fees.server";
import { findAccountFor, getOrCreateAccountFor } from "./ledger.server";
import { AidRequestSchema, type AidAnswers } from "./schemas";
import { parseForm } from "~/lib/forms";

type Asker = Pick<Profile, "id" | "role">;
type SafePlaySettings = AppLoadContext["config"]["safePlay"];

export type RequestHelp = { wanted: false } | { wanted: true; answers: AidAnswers } | { wanted: true; fieldErrors: Record<string, string> };

/**
 * The request form's aid part: nothing when the tick is off (its questions are then ignored), else its answers
 * checked. Only the one who holds the family's purse asks (canHoldAccount, as on /lessons and /account/payments).
 */
export async function parseRequestHelp(db: SqlExecutor, user: Asker, settings: SafePlaySettings, form: FormData): Promise<RequestHelp> {
  if (form.get("wantsHelp") !== "on") return { wanted: false };
  if (!(await canHoldAccount(db, user, settings))) return { wanted: true, fieldErrors: { wantsHelp: m.lessonfees_help_not_holder() } };
  return readHelpAnswers(form);
}

/**
 * The tick's answers alone (AidRequestSchema), with no account to ask for yet: a visitor's registration keeps them with
 * its request (decision 0075), and the guardian who keeps the request asks with them (askHelpForKeptRequest).
 */
export function readHelpAnswers(form: FormData): RequestHelp {
  if (form.get("wantsHelp") !== "on") return { wanted: false };
  const { data, fieldErrors } = parseForm(AidRequestSchema, form);
  if (!data) return { wanted: true, fieldErrors: Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([k, v]) => [k, String(v)])) };
  const { wantsHelp: _tick, ...answers } = data;
  return { wanted: true, answers };
}

/**
 * What the request form offers: the tick when the person may ask now (the rule /lessons asks: canAskHelpWhileBooking),
 * that the family's request waits, that it has help, or nothing to one who does not hold the family's purse.
 */
export async function getRequestHelpState(
  db: SqlExecutor,
  user: Asker,
  settings: SafePlaySettings,
  today: string,
): Promise<"none" | "open" | "granted" | "not-holder"> {
  if (!(await canHoldAccount(db, user, settings))) return "not-holder";
  if (await canAskHelpWhileBooking(db, user, settings, today)) return "none";
  return (await getAidState(db, await findAccountFor(db, user.id))).state === "open" ? "open" : "granted";
}

/**
 * A visitor's "I would like financial help", kept with their request for a place, made the family's request for help
 * when the guardian keeps the request (in that transaction, before the request for a place): on the athlete's
 * account, asked by the guardian, by the rule of who holds the family's purse (canHoldAccount; anyone else asks
 * nothing). An account with a request already waiting keeps that one. Answers whether a request is now waiting.
 */
export async function askHelpForKeptRequest(
  tx: DbOrTx,
  keeper: Asker,
  settings: Parameters<typeof canHoldAccount>[2],
  athleteId: string,
  answers: AidAnswers,
): Promise<boolean> {
  if (!(await canHoldAccount(tx, keeper, settings))) return false;
  await createAidRequest(tx, await getOrCreateAccountFor(tx, athleteId), keeper.id, answers);
  return true;
}

class Refused<R> extends Error {
  constructor(readonly result: R) {
    super("refused");
  }
}

/**
 * Runs `request` (the request for a place, in the transaction it is handed) after asking for help for `athleteId`'s
 * account when `help` has answers; a refused request (`ok: false`) undoes the ask. An account that already has a
 * request waiting keeps that one: there is one way to ask, never a second request.
 */
export async function withHelpRequested<R extends { ok: boolean }>(
  db: Db,
  help: { answers: AidAnswers; athleteId: string; userId: string } | null,
  request: (tx: DbOrTx) => Promise<R>,
): Promise<R> {
  try {
    return await db.transaction(async (tx) => {
      if (help) await createAidRequest(tx, await getOrCreateAccountFor(tx, help.athleteId), help.userId, help.answers);
      const result = await request(tx);
      if (!result.ok) throw new Refused(result);
      return result;
    });
  } catch (err) {
    if (err instanceof Refused) return err.result as R;
    throw err;
  }
}
