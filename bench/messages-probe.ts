// What bench:messages finds out about each run's slow deliveries (issue 43): every server process carries
// bench/server-probe.mjs, which reports its event loop's stalls, its garbage-collection pauses and the flood's
// refused sends with wall-clock times; the benchmark watches its own event loop the same way (a late clock here is a
// slow message there) and reads PostgreSQL's log (checkpoints, autovacuums, statements over 25 ms). Each delivery
// slower than the threshold is put beside what was going on while it was in flight, so a tail explains itself.
import { performance } from "node:perf_hooks";
import type { RunningServer } from "../tests/e2e/support/server";
import type { FloodAlone } from "./messages-cpu";

/** One half second of one server process, as bench/server-probe.mjs prints it (times are wall-clock ms). */
export type ProbeLine = {
  at: number;
  loopMax: number;
  samples: number;
  delays: number[];
  stalls: Array<[end: number, ms: number]>;
  gcMax: number;
  gcTotal: number;
  gcs: Array<[start: number, ms: number, kind: string]>;
  /** Every collection of the half second by kind, short ones included, and their pauses' sum (ms). */
  gcCounts?: Record<string, number>;
  gcKindMs?: Record<string, number>;
  /** Bytes allocated on V8's heap in the half second. */
  allocated?: number;
  refused: Array<[ms: number, n: number]>;
  held: number;
  resumed: number;
  /** The heap in use at the end of the half second, and the young generation's size then (MB). */
  heapMB: number;
  youngMB: number;
};

export const wallNow = () => performance.timeOrigin + performance.now();

/** Each server's probe lines, in order. */
export function probeLines(server: RunningServer): ProbeLine[] {
  const out: ProbeLine[] = [];
  for (const line of server.output().split("\n")) if (line.startsWith("bench-probe ")) out.push(JSON.parse(line.slice(12)) as ProbeLine);
  return out;
}

/** Watches this process's own event loop as the probe does a server's: its stalls over 10 ms, [end, ms]. */
export function watchOwnLoop(): { stop: () => { stalls: Array<[number, number]> } } {
  const stalls: Array<[number, number]> = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - 5;
    last = now;
    if (late > 10) stalls.push([wallNow(), late]);
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return { stalls };
    },
  };
}

export type Findings = {
  threshold: number;
  slow: number;
  /** Slow deliveries by what was going on while they were in flight (first that applies, in this order). */
  causes: Record<Cause, number>;
  /** Their latencies (ms), sorted, by the same causes; and every delivery's count. */
  latencies: Record<Cause, number[]>;
  delivered: number;
  /** gcCount: pauses of 1 ms or more; byKind: those pauses by kind (minor: a scavenge, major: a mark-compact). */
  servers: Array<{
    gcCount: number;
    gcTotal: number;
    gcMax: number;
    byKind: Record<string, { count: number; ms: number; max: number }>;
    /** Every collection in the window by kind, however short, with their pauses' sum (ms); and the MB allocated. */
    collections: Record<string, { count: number; ms: number }>;
    allocatedMB: number;
    heapMB: { from: number; to: number; max: number };
    youngMB: { min: number; max: number };
    loopP99: number;
    loopMax: number;
    stalls: number;
    stallMs: number;
  }>;
  flood: { refused: number; held: number; resumed: number; refusedInStalls: number };
  worst: Array<{ at: number; ms: number; server: number; gc: number; refused: number; slowInFlight: number }>;
};

const CAUSES = [
  "server stall while it read the flood (a refused send a ms or more)",
  "server stall with a full GC (mark-compact)",
  "server stall with a young-generation GC (scavenge)",
  "server stall with another GC pause (a step of marking)",
  "other server stall",
  "benchmark's own stall",
  "PostgreSQL checkpoint, autovacuum or slow statement",
  "none of these",
] as const;
type Cause = (typeof CAUSES)[number];

type Span = { from: number; to: number };
const overlaps = (a: Span, b: Span) => a.from < b.to && b.from < a.to;

/**
 * The measured window's figures for each server, and every delivery over `threshold` ms beside what overlapped it.
 * `deliveries` are [sent at (wall ms), latency ms]; `postgres` PostgreSQL's logged events (wall ms).
 */
export function findings(
  servers: RunningServer[],
  window: Span,
  deliveries: Array<[number, number]>,
  threshold: number,
  own: Array<[number, number]>,
  postgres: Array<{ at: number; text: string }>,
): Findings {
  const lines = servers.map((s) => probeLines(s).filter((l) => l.at > window.from && l.at - 500 < window.to));
  // A stall ends when the late timer fires; it began its length (and one period) before.
  const stalls = lines.flatMap((ls, server) => ls.flatMap((l) => l.stalls.map(([end, ms]) => ({ server, from: end - ms - 5, to: end, ms }))));
  const gcs = lines.flatMap((ls, server) => ls.flatMap((l) => l.gcs.map(([start, ms, kind]) => ({ server, from: start, to: start + ms, ms, kind }))));
  const refused = lines.flatMap((ls, server) => ls.flatMap((l) => l.refused.map(([at, n]) => ({ server, at, n }))));
  const refusedIn = (s: Span, server?: number) =>
    refused.filter((r) => (server === undefined || r.server === server) && r.at >= s.from - 1 && r.at <= s.to).reduce((n, r) => n + r.n, 0);
  const gcIn = (s: Span, server?: number, kind?: string) =>
    gcs
      .filter((g) => (server === undefined || g.server === server) && (kind === undefined || g.kind === kind) && overlaps(g, s))
      .reduce((n, g) => n + g.ms, 0);
  const ownStalls = own.map(([end, ms]) => ({ from: end - ms - 5, to: end }));
  const pg = postgres.map((e) => ({ from: e.at - 1, to: e.at + 1 }));

  const causes = Object.fromEntries(CAUSES.map((c) => [c, 0])) as Record<Cause, number>;
  const latencies = Object.fromEntries(CAUSES.map((c) => [c, [] as number[]])) as Record<Cause, number[]>;
  const slow = deliveries.filter(([, ms]) => ms > threshold).map(([at, ms]) => ({ from: at, to: at + ms, ms }));
  for (const d of slow) {
    const during = stalls.filter((s) => overlaps(s, d));
    let cause: Cause = "none of these";
    // A stall counts as the flood's when it read at least one refused send a millisecond: a few refusals in a long
    // stall (a busy machine's) are not what made it long.
    if (during.some((s) => refusedIn(s, s.server) >= s.ms)) cause = "server stall while it read the flood (a refused send a ms or more)";
    else if (during.some((s) => gcIn(s, s.server, "major") > 0)) cause = "server stall with a full GC (mark-compact)";
    else if (during.some((s) => gcIn(s, s.server, "minor") > 0)) cause = "server stall with a young-generation GC (scavenge)";
    else if (during.some((s) => gcIn(s, s.server) > 0)) cause = "server stall with another GC pause (a step of marking)";
    else if (during.length) cause = "other server stall";
    else if (ownStalls.some((s) => overlaps(s, d))) cause = "benchmark's own stall";
    else if (pg.some((s) => overlaps(s, d))) cause = "PostgreSQL checkpoint, autovacuum or slow statement";
    causes[cause]++;
    latencies[cause].push(d.ms);
  }
  for (const c of CAUSES) latencies[c].sort((a, b) => a - b);

  const inWindow = (at: number) => at >= window.from && at <= window.to;
  return {
    threshold,
    slow: slow.length,
    causes,
    latencies,
    delivered: deliveries.length,
    servers: lines.map((ls, server) => {
      const delays = ls.flatMap((l) => l.delays).sort((a, b) => b - a);
      const samples = ls.reduce((n, l) => n + l.samples, 0);
      const k = Math.ceil(samples / 100);
      const mine = gcs.filter((g) => g.server === server && inWindow(g.from));
      const stalled = stalls.filter((s) => s.server === server && inWindow(s.to));
      const byKind: Record<string, { count: number; ms: number; max: number }> = {};
      for (const g of mine) {
        const kind = (byKind[g.kind] ??= { count: 0, ms: 0, max: 0 });
        kind.count++;
        kind.ms += g.ms;
        kind.max = Math.max(kind.max, g.ms);
      }
      const collections: Record<string, { count: number; ms: number }> = {};
      for (const l of ls)
        for (const [kind, count] of Object.entries(l.gcCounts ?? {})) {
          const c = (collections[kind] ??= { count: 0, ms: 0 });
          c.count += count;
          c.ms += l.gcKindMs?.[kind] ?? 0;
        }
      const heap = ls.map((l) => l.heapMB ?? 0);
      const young = ls.map((l) => l.youngMB ?? 0);
      return {
        gcCount: mine.length,
        byKind,
        collections,
        allocatedMB: ls.reduce((n, l) => n + (l.allocated ?? 0), 0) / 1e6,
        heapMB: { from: heap[0] ?? 0, to: heap.at(-1) ?? 0, max: Math.max(0, ...heap) },
        youngMB: { min: young.length ? Math.min(...young) : 0, max: Math.max(0, ...young) },
        gcTotal: ls.reduce((n, l) => n + l.gcTotal, 0),
        gcMax: Math.max(0, ...ls.map((l) => l.gcMax)),
        loopP99: delays.length >= k ? delays[k - 1]! : 1,
        loopMax: Math.max(0, ...ls.map((l) => l.loopMax)),
        stalls: stalled.length,
        stallMs: stalled.reduce((n, s) => n + s.ms, 0),
      };
    }),
    flood: {
      refused: refused.filter((r) => inWindow(r.at)).reduce((n, r) => n + r.n, 0),
      held: lines.flat().reduce((n, l) => n + l.held, 0),
      resumed: lines.flat().reduce((n, l) => n + l.resumed, 0),
      refusedInStalls: stalls.filter((s) => inWindow(s.to)).reduce((n, s) => n + refusedIn(s, s.server), 0),
    },
    worst: stalls
      .filter((s) => inWindow(s.to))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((s) => ({
        at: (s.from - window.from) / 1000,
        ms: s.ms,
        server: s.server,
        gc: gcIn(s, s.server),
        refused: refusedIn(s, s.server),
        slowInFlight: slow.filter((d) => overlaps(d, s)).length,
      })),
  };
}

/**
 * What a server allocated and refused between two wall-clock times, from its probe's half-second lines (each counts
 * the half second before its `at`): the flood-alone measurement's bytes per refusal.
 */
export function allocationBetween(server: RunningServer, from: number, to: number): { bytes: number; refused: number; seconds: number } {
  const ls = probeLines(server).filter((l) => l.at > from + 250 && l.at <= to + 250);
  return {
    bytes: ls.reduce((n, l) => n + (l.allocated ?? 0), 0),
    refused: ls.reduce((n, l) => n + l.refused.reduce((k, [, r]) => k + r, 0), 0),
    seconds: ls.length / 2,
  };
}

/** Prints a run's findings under its figures; `messages`: the chat messages sent in the window, for bytes a message. */
export function printFindings(f: Findings, indent = "".padEnd(50), messages = 0) {
  const n = (x: number) => x.toFixed(1);
  const multi = f.servers.length > 1;
  f.servers.forEach((s, i) => {
    // Pauses of a ms or more by kind: a scavenge (minor) costs what survives it; a mark-compact (major) the whole heap.
    const kinds = ["minor", "major", "incremental", "weak"]
      .filter((k) => s.byKind[k])
      .map((k) => `${s.byKind[k]!.count} ${k} (${n(s.byKind[k]!.ms)} ms, longest ${n(s.byKind[k]!.max)})`)
      .join(", ");
    console.log(
      `${indent} server${multi ? ` ${"AB"[i]}` : ""}: collections in the window, all: ${["minor", "major"]
        .map((k) => `${s.collections[k]?.count ?? 0} ${k === "minor" ? "scavenges" : "mark-compacts"} (${n(s.collections[k]?.ms ?? 0)} ms)`)
        .join(", ")}; ${n(s.allocatedMB)} MB allocated${messages ? ` (${n((1000 * s.allocatedMB) / messages)} KB a chat message)` : ""}`,
    );
    console.log(
      `${indent} server${multi ? ` ${"AB"[i]}` : ""}: event-loop delay p99 ${n(s.loopP99)} ms, max ${n(s.loopMax)} ms, ${s.stalls} stalls over 10 ms (${n(s.stallMs)} ms in all); GC ${n(s.gcTotal)} ms in all, longest ${n(s.gcMax)} ms; pauses of 1 ms or more: ${kinds || "none"}; heap in use ${n(s.heapMB.from)} -> ${n(s.heapMB.to)} MB (most ${n(s.heapMB.max)}), young generation (its two halves) ${n(s.youngMB.min)}-${n(s.youngMB.max)} MB`,
    );
  });
  if (f.flood.refused || f.flood.held)
    console.log(
      `${indent} flood on the server: ${f.flood.refused} sends read and refused, sockets held ${f.flood.held} times and read again ${f.flood.resumed} times; ${f.flood.refusedInStalls} of the refusals were read during a stall`,
    );
  const causes = Object.entries(f.causes)
    .filter(([, k]) => k > 0)
    .map(([c, k]) => `${k} ${c}`)
    .join(", ");
  console.log(`${indent} deliveries over ${n(f.threshold)} ms: ${f.slow}${f.slow ? ` (while in flight: ${causes})` : ""}`);
  // Each cause's share of the tail: how many of all deliveries, and how slow (median and longest).
  for (const [c, ls] of Object.entries(f.latencies)) {
    if (ls.length === 0) continue;
    const share = ((100 * ls.length) / Math.max(1, f.delivered)).toFixed(2);
    console.log(
      `${indent}   ${c}: ${ls.length} (${share}% of ${f.delivered} deliveries), median ${n(ls[ls.length >> 1]!)} ms, longest ${n(ls.at(-1)!)} ms`,
    );
  }
  for (const w of f.worst)
    console.log(
      `${indent}   stall at ${n(w.at)} s${multi ? ` on ${"AB"[w.server]}` : ""}: ${n(w.ms)} ms, GC ${n(w.gc)} ms in it, ${w.refused} refused sends read in it, ${w.slowInFlight} slow deliveries in flight`,
    );
}

/**
 * Bytes the server allocated per refused message with the flood alone, less as long idle right after (its probe's
 * half-second lines): what a refusal leaves for the garbage collector, which the machine's load changes little.
 */
export function refusalGarbage(server: RunningServer, a: FloodAlone): string {
  const flood = allocationBetween(server, a.floodSpan.from, a.floodSpan.to);
  const idle = allocationBetween(server, a.idleSpan.from, a.idleSpan.to);
  if (flood.refused < 500) return `too few refusals read to say the bytes allocated per refusal (${flood.refused})`;
  const idleBytes = flood.seconds * (idle.bytes / Math.max(0.5, idle.seconds));
  return `${((flood.bytes - idleBytes) / flood.refused).toFixed(0)} bytes allocated per refused message (${(flood.bytes / 1e6).toFixed(1)} MB in ${flood.seconds} s with ${flood.refused} refusals read, less ${(idleBytes / 1e6).toFixed(1)} MB idle for as long)`;
}
