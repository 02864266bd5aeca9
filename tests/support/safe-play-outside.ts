// The site functions of other capabilities that Safe Play's model plays (tests/safe-play-model/model.ts,
// OutsideFunctions): app/family may not import them (decision 0053), so the model test and the attack search hand them
// in from here. The real functions, as /staff and /invitation call them, and the site's realtime server
// (server/realtime, as tests/support/realtime-sockets.ts starts it, on the model's clock) for the open pages' checks
// (tests/safe-play-model/live.ts) and the hub's midnight (tests/safe-play-model/clock-actions.ts).
import { confirmInvitedAddress } from "../../app/mail/confirmed-address.server";
import { setStaffChecks } from "../../app/staff/profiles.server";
import { setSessionCoaches } from "../../app/programs/session-coaches.server";
import type { OutsideFunctions } from "../safe-play-model/model";
import { openSocket, startRealtime } from "./realtime-sockets";

/** Without a realtime server: the open pages are not asked. */
export const SAFE_PLAY_OUTSIDE: OutsideFunctions = { setStaffChecks, confirmInvitedAddress, setSessionCoaches };

/** With the site's realtime server on the database at `databaseUrl` (its LISTEN connection hears the model's steps). */
export function safePlayOutside(databaseUrl: string): OutsideFunctions {
  return {
    ...SAFE_PLAY_OUTSIDE,
    startRealtime: async (db, env, clock) => {
      const realtime = await startRealtime(db, databaseUrl, env, clock);
      if (!realtime.midnight) throw new Error("the realtime server's midnight timer was not found");
      return {
        origin: realtime.origin,
        openSocket: (person) => openSocket(realtime.origin, person),
        midnight: realtime.midnight,
        close: realtime.close,
      };
    },
  };
}
