// Safe Play's read rule, asked again for sockets already subscribed (issue 37). A socket asks the rule once, when it
// subscribes (server/realtime/protocol.ts); what the rule reads can change while the page stays open: staff end a
// coach's clearance, a family's confirmation is withdrawn, a lead pauses the thread, or a coach's training date
// passes at midnight. Before, the coach's socket kept hearing the family live until it reconnected. Now:
// - every move of a conversation's safety version is announced (db/migrations/0045) and the hub hands it here, in the
//   order of the announcements, so a message announced after the change is not sent to a reader it now refuses;
// - at each midnight of the organisation's day (clearances end with a date), and after the database listener
//   reconnects (announcements may have been missed), every subscription this process holds is asked again.
// A reader the rule now refuses stops hearing the conversation at once and is told ("withheld": the page reloads and
// says why, as the history page does).
import type { Db } from "../../db/client";
import { addDays, dayInZone, instantOf } from "../../app/lib/datetime";
import { errorSummary } from "../../app/lib/error-summary";
import { getReadRefusal } from "../../app/messaging/index.server";

/** Safe Play's settings, as the read rule takes them (its time zone and clock set the midnights here too). */
type SafePlaySettings = NonNullable<Parameters<typeof getReadRefusal>[3]>;

type Subscriptions = {
  /** The people subscribed to the conversation on this process. */
  readersOf: (conversationId: string) => Iterable<string>;
  /** Every conversation someone subscribed to on this process. */
  conversations: () => Iterable<string>;
  /** Stops every socket of the person hearing the conversation, and tells them. */
  withhold: (conversationId: string, userId: string) => void;
};

export function createReadRechecks(db: Db, safePlay: SafePlaySettings, subscriptions: Subscriptions) {
  async function recheck(conversationIds: Iterable<string>) {
    for (const conversationId of conversationIds) {
      for (const userId of [...subscriptions.readersOf(conversationId)]) {
        if (await getReadRefusal(db, conversationId, userId, safePlay)) subscriptions.withhold(conversationId, userId);
      }
    }
  }

  const recheckAll = () =>
    recheck([...subscriptions.conversations()]).catch((err) => console.error("realtime: re-checking readers failed:", errorSummary(err)));

  // The next midnight of the organisation's day, by Safe Play's clock (a set clock in tests: then it waits hours).
  let timer: NodeJS.Timeout | undefined;
  function atNextMidnight() {
    const now = safePlay.clock();
    const midnight = instantOf(addDays(dayInZone(now, safePlay.timeZone), 1), "00:00", safePlay.timeZone);
    const wait = Math.min(Math.max(1000, midnight.getTime() - now.getTime() + 1000), 2 ** 31 - 1);
    timer = setTimeout(() => {
      void recheckAll();
      atNextMidnight();
    }, wait);
    timer.unref();
  }
  atNextMidnight();

  return { recheck, recheckAll, close: () => clearTimeout(timer) };
}
