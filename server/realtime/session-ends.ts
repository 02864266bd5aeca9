// Closes every socket of a session the moment that session ends anywhere (sign-out, "sign out everywhere", password
// change, expiry). Ended sessions are announced by a trigger; natural expiry writes nothing, so each second the
// sockets whose session's known expiry has passed are checked against the database.
import type { Db } from "../../db/client";
import { SESSION_ENDED_CLOSE_CODE } from "../../app/messaging/core";
import { getLiveSessions } from "../../app/messaging/index.server";
import { errorSummary } from "../../app/lib/error-summary";
import type { Client, Registry } from "./registry";

/** How often sockets are checked against their session's expiry (sessions ended by a write are announced). */
export const SESSION_SWEEP_MS = 1000;

export function createSessionEnds(db: Db, registry: Registry, unregister: (c: Client) => void) {
  const { bySession } = registry;

  /** Closes every socket of the session on this process: it can neither hear nor send anything more. */
  function endSession(sessionId: string) {
    const set = bySession.get(sessionId);
    if (!set) return;
    for (const c of [...set]) {
      unregister(c);
      c.ws.close(SESSION_ENDED_CLOSE_CODE, "Session ended");
      // A browser that does not answer the close handshake is cut off anyway.
      setTimeout(() => c.ws.terminate(), 1000).unref();
    }
  }

  /** Re-reads the given sessions and ends the ones that are gone or expired; extends the others' expiry. */
  async function verifySessions(sessionIds: string[]) {
    if (sessionIds.length === 0) return;
    const live = await getLiveSessions(db, sessionIds);
    for (const id of sessionIds) {
      const expires = live.get(id);
      if (!expires) endSession(id);
      else for (const c of bySession.get(id) ?? []) c.sessionExpiresAt = expires.getTime();
    }
  }

  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    const now = Date.now();
    // Read in place: each second visits every socket, so it copies none of them (issue 43).
    const due: string[] = [];
    for (const [id, set] of bySession) {
      for (const c of set) {
        if (c.sessionExpiresAt > now) continue;
        due.push(id);
        break;
      }
    }
    if (due.length === 0) return;
    sweeping = true;
    verifySessions(due)
      .catch((err) => console.error("realtime: session sweep failed:", errorSummary(err)))
      .finally(() => (sweeping = false));
  }, SESSION_SWEEP_MS);
  sweep.unref();

  /** Checks the given sessions again, reporting a failure rather than throwing. */
  const check = (sessionIds: string[]) =>
    void verifySessions(sessionIds).catch((err) => console.error("realtime: session check failed:", errorSummary(err)));

  return { endSession, verifySessions, check, close: () => clearInterval(sweep) };
}
