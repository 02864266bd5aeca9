// What went on around bench:messages' measured window (its --timeline and --pg-stats): the machine sampled every half
// second, PostgreSQL's log read into events (checkpoints, autovacuums, slow statements, new WAL files), and the
// half-second timeline printed beside the slow deliveries. Used by bench/messages.ts.
import fs from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import pg from "pg";
import type { RunningServer } from "../tests/e2e/support/server";

/**
 * For each half second of the window: how many messages took over 10 ms and the slowest, beside what else happened
 * then: the machine (watchMachine), the longest event-loop delay and garbage-collection pause in each server process
 * (bench/server-probe.mjs), and PostgreSQL's checkpoints, autovacuums, statements over 25 ms (from its log) and new
 * WAL files.
 */
export function printTimeline(
  timeline: Array<[number, number]>,
  startWall: number,
  servers: RunningServer[],
  machine: MachineSample[],
  windowMs: number,
) {
  type Bucket = { over: number; max: number; machine: string; servers: string[]; postgres: string[] };
  const buckets = new Map<number, Bucket>();
  const bucket = (k: number) => {
    let b = buckets.get(k);
    if (!b) buckets.set(k, (b = { over: 0, max: 0, machine: "", servers: [], postgres: [] }));
    return b;
  };
  for (const [at, ms] of timeline) {
    const b = bucket(Math.floor(at / 500));
    if (ms > 10) b.over++;
    b.max = Math.max(b.max, ms);
  }
  for (const m of machine) {
    bucket(Math.floor((m.at - 250) / 500)).machine =
      `${m.busy.toFixed(0).padStart(3)}% ${m.steal.toFixed(0)}% ${m.cpuStall.toFixed(0).padStart(3)} ${m.ioStall.toFixed(0).padStart(3)} ${m.loopMax.toFixed(0).padStart(3)}`;
  }
  servers.forEach((server, n) => {
    for (const line of server.output().split("\n")) {
      if (!line.startsWith("bench-probe ")) continue;
      const p = JSON.parse(line.slice("bench-probe ".length)) as { at: number; loopMax: number; gcMax: number; gcTotal: number };
      // A probe line covers the half second before it.
      const at = p.at - 250 - startWall;
      if (at < 0 || at > windowMs) continue;
      bucket(Math.floor(at / 500)).servers.push(
        `${servers.length > 1 ? "ABCD"[n] : ""}loop ${p.loopMax.toFixed(0)} gc ${p.gcMax.toFixed(0)}/${p.gcTotal.toFixed(0)}`,
      );
    }
  });
  for (const e of postgresEvents) {
    const at = e.at - startWall;
    if (at < 0 || at > windowMs) continue;
    bucket(Math.floor(at / 500)).postgres.push(e.text);
  }
  console.log(
    "  timeline: sent at | over 10 ms | slowest ms | machine: busy, steal, ms some task waited for a CPU, for IO (pressure), this benchmark's longest event-loop delay | server: longest event-loop delay, gc longest/total ms | PostgreSQL",
  );
  for (const [k, b] of [...buckets].sort((x, y) => x[0] - y[0])) {
    console.log(
      `  ${(k / 2).toFixed(1).padStart(5)}s | ${String(b.over).padStart(4)} | ${b.max.toFixed(0).padStart(5)} | ${b.machine.padEnd(21)} | ${b.servers.join(", ").padEnd(28)} | ${b.postgres.join("; ")}`,
    );
  }
}

export async function resetStatementStatistics(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("create extension if not exists pg_stat_statements");
    await c.query("select pg_stat_statements_reset(), pg_stat_reset()");
  } finally {
    await c.end();
  }
}

/**
 * --pg-stats, after the quiet run: PostgreSQL's most expensive statements in the window (those run inside others
 * too: triggers, foreign-key checks), the statements the servers sent per chat message, and the tables read from end
 * to end.
 */
export async function printStatementStatistics(url: string, chatMessages: number) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      "select calls, round(total_exec_time::numeric, 0) as ms, round((total_exec_time / nullif(calls, 0))::numeric, 3) as per_call, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q from pg_stat_statements order by total_exec_time desc limit 15",
    );
    console.table(r.rows);
    // The statements the servers sent (top level), a chat message sent in the window. They are counted from the
    // window's start until now, so the tail of the window's messages (their deliveries, read marks and unread counts)
    // is in. Rows a call: how many sends or read marks each batch held.
    const top = await c.query<{ calls: string; rows: string; q: string }>(
      "select sum(calls)::text as calls, sum(rows)::text as rows, left(regexp_replace(min(query), '\\s+', ' ', 'g'), 60) as q from pg_stat_statements where toplevel group by queryid order by sum(calls) desc",
    );
    const per = (n: number) => (n / chatMessages).toFixed(2);
    const all = top.rows.reduce((n, x) => n + Number(x.calls), 0);
    console.log(
      `statements a chat message: ${per(all)} (${chatMessages} chat messages); ${top.rows
        .slice(0, 4)
        .map((x) => `${per(Number(x.calls))} "${x.q}" (${(Number(x.rows) / Number(x.calls)).toFixed(1)} rows a call)`)
        .join("; ")}`,
    );
    // Tables read from end to end: on the hot path, each is a statement that does not scale with the site.
    const scans = await c.query(
      "select relname, seq_scan, seq_tup_read, idx_scan from pg_stat_user_tables where seq_scan > 0 order by seq_tup_read desc limit 8",
    );
    console.table(scans.rows);
  } finally {
    await c.end();
  }
}

export type MachineSample = { at: number; busy: number; steal: number; cpuStall: number; ioStall: number; loopMax: number };

/**
 * Samples the machine every half second from now (for --timeline): how busy its CPUs were, time stolen by the
 * host, how long tasks waited for a CPU or for IO (Linux pressure stall information), and this benchmark's own
 * longest event-loop delay (a late clock here is a slow message there). `at` is ms since the call. New files in
 * PostgreSQL's WAL folder go into postgresEvents: a new database creates (and zero-fills) each 16 MB segment
 * while commits wait.
 */
export function watchMachine(walDir: string): { stop: () => MachineSample[] } {
  const walFiles = () => new Set(fs.readdirSync(walDir).filter((f) => /^[0-9A-F]{24}$/.test(f)));
  let knownWal = walFiles();
  const read = () => {
    const cpu = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const pressure = (kind: string) => {
      try {
        return Number(/total=(\d+)/.exec(fs.readFileSync(`/proc/pressure/${kind}`, "utf8"))![1]) / 1000;
      } catch {
        return 0;
      }
    };
    // user nice system idle iowait irq softirq steal
    const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
    return { total, idle: cpu[3]! + cpu[4]!, steal: cpu[7]!, cpuStall: pressure("cpu"), ioStall: pressure("io") };
  };
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const start = performance.now();
  const samples: MachineSample[] = [];
  let last = read();
  const timer = setInterval(() => {
    const now = read();
    const ticks = now.total - last.total || 1;
    samples.push({
      at: performance.now() - start,
      busy: (100 * (ticks - (now.idle - last.idle))) / ticks,
      steal: (100 * (now.steal - last.steal)) / ticks,
      cpuStall: now.cpuStall - last.cpuStall,
      ioStall: now.ioStall - last.ioStall,
      loopMax: loop.max / 1e6,
    });
    loop.reset();
    last = now;
    const wal = walFiles();
    for (const f of wal) if (!knownWal.has(f)) postgresEvents.push({ at: Date.now(), text: `new WAL file ${f.slice(-2)}` });
    knownWal = wal;
  }, 500);
  return {
    stop: () => {
      clearInterval(timer);
      loop.disable();
      return samples;
    },
  };
}

/** What PostgreSQL logged during a --timeline run: checkpoints, autovacuums, slow statements (wall clock, ms). */
export const postgresEvents: Array<{ at: number; text: string }> = [];

/** Reads PostgreSQL's log output (`2026-11-23 21:31:00.123 UTC [123] LOG:  ...` lines) into postgresEvents. */
export function readPostgresLog(text: string) {
  for (const line of text.split("\n")) {
    const m = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) (\w+) \[\d+\] (?:LOG|WARNING):\s+(.*)$/.exec(line.replace(/^\[STDERR\] /, ""));
    if (!m) continue;
    const at = Date.parse(`${m[1]!.replace(" ", "T")}Z`);
    const text = m[3]!;
    let short: string | null = null;
    if (/^checkpoint (starting|complete)/.test(text)) short = text.replace(/;.*?(total=[\d.]+ s).*$/, " $1").slice(0, 60);
    else if (/^automatic (vacuum|analyze)/.test(text))
      short = text.replace(/^automatic (vacuum|analyze) of table "app\.public\.(\w+)".*$/, "auto$1 $2");
    else if (/^duration: /.test(text))
      short = text
        .replace(/^duration: ([\d.]+) ms\s+(?:execute [^:]*: |statement: )?\s*/, "$1 ms: ")
        .replace(/\s+/g, " ")
        .slice(0, 70);
    if (short !== null) postgresEvents.push({ at, text: short });
  }
}
