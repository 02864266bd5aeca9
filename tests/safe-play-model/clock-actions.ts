// The model's clock moves while pages stay open (decision 0074). Each run starts in the afternoon of the model's day
// (model.ts, site.clock: one clock for the site's functions and its realtime server); two steps move it forward:
//   - "evening": 20:00:30, quiet hours have begun. Nothing is re-checked: the send rule and the hub's activity rule
//     read the clock each time (a coach's typing and reading no longer reach a minor: live.ts, door "activity"), and
//     the send path's remembered answers end when quiet hours begin (messages.server.ts SafePlayAnswers).
//   - "midnight": 00:00:30 of the next day. A training recorded to lapse tonight has lapsed and a birthday may have
//     made an adult (ages: cast.ts EIGHTEEN_TOMORROW); the oracle's day moves with the clock (World.day). The hub's
//     midnight runs (read-rechecks.ts: every open subscription asked again), as its timer would, and the model waits
//     for the pages it now keeps out to be told (live.ts awaitRechecks); the checks after the step judge every page.
// NIGHT and NEXT_AFTERNOON (coach-actions.ts: the kept messages' night and job) stay after both, so the model's clock
// never goes back within a run. The site's does: a step at those hours runs it ahead and the next step at the model's
// clock again; the oracle judges such a step on its own date (World.judgedAt), and the send path's remembered answers
// hold only forward from when they were asked (messages.server.ts SafePlayAnswers).
import fc from "fast-check";
import { addDays, instantOf } from "~/lib/datetime";
import { spec, type ActionSpec } from "./cast";
import { awaitRechecks } from "./live";
import type { World } from "./model";

/** `time` (HH:MM) and 30 seconds of `day`, in the organisation's zone. */
const at = (w: World, day: string, time: string) => new Date(instantOf(day, time, w.site.settings.timeZone).getTime() + 30_000);

/** Moves the model's clock to `to` when that is later; false when it is not (the step changes nothing). */
function moveClock(w: World, to: Date) {
  if (to.getTime() <= w.site.clock.now.getTime()) return false;
  w.site.clock.now = to;
  return true;
}

export const CLOCK_ACTIONS: ActionSpec<unknown>[] = [
  spec({
    name: "evening",
    weight: 2,
    covers: ["quiet-hours:begin"],
    args: fc.constant({}),
    show: () => "it is 8 PM: quiet hours begin (pages stay open)",
    run: async (w) => moveClock(w, at(w, w.site.today, "20:00")),
  }),
  spec({
    name: "midnight",
    // Picked more than most (decision 0074): a training that lapses tonight is found only by a midnight after it.
    weight: 6,
    covers: ["realtime:midnight", "createReadRechecks"],
    args: fc.constant({}),
    show: () => "midnight passes (pages stay open)",
    run: async (w) => {
      if (!moveClock(w, at(w, addDays(w.site.today, 1), "00:00"))) return false;
      for (const label of w.lapsing) w.cleared.delete(label);
      w.lapsing.clear();
      const realtime = w.site.realtime;
      if (realtime && w.site.shared?.live) {
        realtime.midnight();
        await awaitRechecks(w);
      }
      return true;
    },
  }),
];
