// Loaded into each server process by `npm run bench:messages -- --timeline` (node --import, before the server):
// every half second it prints one line with the longest event-loop delay and the longest garbage-collection
// pause of that half second, stamped with the wall clock, so the benchmark can put them beside its own timeline.
// Prints figures only: nothing the server handles.
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
let gcMax = 0;
let gcTotal = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMax = Math.max(gcMax, entry.duration);
    gcTotal += entry.duration;
  }
}).observe({ entryTypes: ["gc"] });

setInterval(() => {
  const line = { at: Date.now(), loopMax: loop.max / 1e6, gcMax, gcTotal };
  loop.reset();
  gcMax = 0;
  gcTotal = 0;
  process.stdout.write(`bench-probe ${JSON.stringify(line)}\n`);
}, 500).unref();
