// Loaded into each server process by `npm run bench:messages` (node --import, before the server). Every half second it
// prints one line (`bench-probe {...}`) saying what the process went through in that half second, stamped with the
// wall clock (ms, fractions kept, comparable across processes on one machine), so the benchmark can put each slow
// delivery beside what happened at that moment:
//   - the event loop's delay: a timer due every 5 ms, how late each firing was (`delays`, ms, only those over 1 ms;
//     `samples` counts all), and each stall over 10 ms with when it ended (`stalls`: [end, ms]);
//   - garbage collection: every pause (`gcs`: [start, ms, kind], those of 1 ms or more; kind "minor" is a scavenge of
//     the young generation, "major" a mark-compact of the whole heap, "incremental" a step of its marking), the half
//     second's total, the heap in use at the end of it (`heapMB`) and the young generation's size (`youngMB`);
//   - allocation: the bytes the process allocated on V8's heap in the half second (`allocated`: what the heap in use
//     grew by between collections, read by v8.GCProfiler at each collection's start and end) and every collection
//     counted by kind, short ones included (`gcCounts`, `gcKindMs`): a flood's garbage is counted in bytes and
//     collections, which the machine's load changes little, where every pause and latency depends on it;
//   - the flood: every send the socket protocol refused on this process's own count, and every time it held a
//     socket or read one again (server/realtime/protocol.ts publishes them on the diagnostics channel
//     `nlte.realtime.flood` only while someone listens), counted per wall-clock millisecond (`refused`: [ms, n]).
// Prints figures only: nothing the server handles.
import diagnostics from "node:diagnostics_channel";
import { PerformanceObserver, constants, performance } from "node:perf_hooks";
import v8 from "node:v8";

const wall = () => performance.timeOrigin + performance.now();
const round = (n) => Math.round(n * 10) / 10;

const EVERY_MS = 5;
let delays = [];
let samples = 0;
let stalls = [];
let loopMax = 0;
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const late = Math.max(0, now - last - EVERY_MS);
  last = now;
  samples++;
  loopMax = Math.max(loopMax, late);
  if (late > 1) delays.push(round(late));
  if (late > 10) stalls.push([round(wall()), round(late)]);
}, EVERY_MS).unref();

// Node's own numbers for the kinds (this said 2 for major and 4 for incremental until issue 43's last pass, so every
// mark-compact was printed as "incremental" and every step of its marking as "weak").
const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak",
};
let gcs = [];
let gcMax = 0;
let gcTotal = 0;
let gcCounts = {};
let gcKindMs = {};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcMax = Math.max(gcMax, e.duration);
    gcTotal += e.duration;
    const kind = GC_KINDS[e.detail?.kind] ?? "gc";
    gcCounts[kind] = (gcCounts[kind] ?? 0) + 1;
    gcKindMs[kind] = round((gcKindMs[kind] ?? 0) + e.duration);
    if (e.duration >= 1) gcs.push([round(performance.timeOrigin + e.startTime), round(e.duration), kind]);
  }
}).observe({ entryTypes: ["gc"] });

// Bytes allocated: the heap in use before each collection less what was in use after the one before (V8 gives no
// running total on Node 20). The profiler hands its collections over when stopped, so it is restarted each half
// second; what the stop itself allocates falls between two readings and is counted in neither.
const usedNow = () => v8.getHeapStatistics().used_heap_size;
let profiler = new v8.GCProfiler();
profiler.start();
let usedAtStart = usedNow();
function allocatedSinceLast() {
  const usedAtEnd = usedNow();
  const { statistics } = profiler.stop();
  let allocated = 0;
  let last = usedAtStart;
  for (const gc of statistics) {
    allocated += Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - last);
    last = gc.afterGC.heapStatistics.usedHeapSize;
  }
  allocated += Math.max(0, usedAtEnd - last);
  profiler = new v8.GCProfiler();
  profiler.start();
  usedAtStart = usedNow();
  return allocated;
}

const flood = { refused: new Map(), held: 0, resumed: 0 };
diagnostics.subscribe("nlte.realtime.flood", (what) => {
  if (what === "held") flood.held++;
  else if (what === "resumed") flood.resumed++;
  else {
    const ms = Math.floor(wall());
    flood.refused.set(ms, (flood.refused.get(ms) ?? 0) + 1);
  }
});

setInterval(() => {
  const line = {
    at: Date.now(),
    loopMax,
    samples,
    delays,
    stalls,
    gcMax,
    gcTotal,
    gcs,
    gcCounts,
    gcKindMs,
    allocated: allocatedSinceLast(),
    refused: [...flood.refused],
    held: flood.held,
    resumed: flood.resumed,
    heapMB: Math.round(v8.getHeapStatistics().used_heap_size / 1e5) / 10,
    // The young generation's size now (V8 grows it under load up to --max-semi-space-size, and may shrink it).
    youngMB: Math.round(v8.getHeapSpaceStatistics().find((sp) => sp.space_name === "new_space").space_size / 1e5) / 10,
  };
  delays = [];
  stalls = [];
  gcs = [];
  gcCounts = {};
  gcKindMs = {};
  samples = 0;
  loopMax = gcMax = gcTotal = 0;
  flood.refused.clear();
  flood.held = flood.resumed = 0;
  process.stdout.write(`bench-probe ${JSON.stringify(line)}\n`);
}, 500).unref();
