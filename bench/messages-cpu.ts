// Where bench:messages' CPU goes, by process, measured as CPU time (so a machine loaded by others changes it little,
// where it changes every latency): the servers, PostgreSQL, the benchmark itself and the flooding client (issue 43).
// The flooder (bench/flooder.ts) runs in a process of its own, every thread of it at the lowest CPU priority: an
// attacker's computer is not this one, so its own work (and the kernel's work of sending on loopback, charged to it)
// must not take the cores the server and the measuring clients need, nor be counted as the server's.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { RunningServer } from "../tests/e2e/support/server";

export type Cpu = { user: number; system: number };

/** The fields of /proc/PID/stat after the command name (state, parent, ..., user and system ticks at 11 and 12). */
function procStat(pid: number | string | undefined): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  } catch {
    return null;
  }
}

/** CPU time (user and system, ms) a process has used so far, all its threads, from /proc (Linux); null elsewhere. */
export function cpuMs(pid: number | undefined): Cpu | null {
  const fields = procStat(pid);
  // clock ticks: 100 a second on Linux
  return fields ? { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 } : null;
}

/** CPU used so far by all the server processes together, or null where /proc cannot tell. */
export function cpuOf(servers: RunningServer[]): Cpu | null {
  return servers.reduce<Cpu | null>(
    (sum, s) => {
      const used = cpuMs(s.process.pid);
      return sum === null || used === null ? null : { user: sum.user + used.user, system: sum.system + used.system };
    },
    { user: 0, system: 0 },
  );
}

/**
 * Time on a CPU so far (ms, to the nanosecond) of all the servers' threads, from each thread's schedstat (Linux): the
 * ticks of /proc/PID/stat count in hundredths of a second, too coarse for a few seconds of refusals.
 */
export function runMs(servers: RunningServer[]): number | null {
  let ns = 0;
  for (const s of servers) {
    try {
      for (const tid of fs.readdirSync(`/proc/${s.process.pid}/task`))
        ns += Number(fs.readFileSync(`/proc/${s.process.pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      return null;
    }
  }
  return ns / 1e6;
}

export const cpuBetween = (before: Cpu | null, after: Cpu | null): Cpu | null =>
  before && after ? { user: after.user - before.user, system: after.system - before.system } : null;

/** CPU used so far by the embedded PostgreSQL (the postmaster and its backends), or null where /proc cannot tell. */
export function databaseCpu(dataDir: string): Map<number, number> | null {
  try {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    const used = new Map<number, number>();
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = procStat(entry);
      if (!stat || (Number(entry) !== postmaster && Number(stat[1]) !== postmaster)) continue;
      used.set(Number(entry), (Number(stat[11]) + Number(stat[12])) * 10);
    }
    return used;
  } catch {
    return null;
  }
}

/** PostgreSQL's CPU (ms) between two readings: connections that ended in between count only up to the first. */
export function databaseCpuUsed(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

export type FloodCounts = {
  sent: number;
  stored: number;
  refused: number;
  connections: number;
  closes: Record<string, number>;
  /** CPU since the flooder was ready (s): in all, in user space, in the kernel. */
  cpuSeconds: number;
  cpuUser: number;
  cpuSystem: number;
};

export type Flooder = {
  /** Its counts so far. */
  counts: () => Promise<FloodCounts>;
  /** Ends it; its counts. */
  stop: () => Promise<FloodCounts>;
};

/** Sets every thread of the process (V8's and libuv's included) to the lowest CPU priority; Linux sets it per thread. */
function lowestPriority(pid: number) {
  let tids: string[] = [String(pid)];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    // not Linux: the process's main thread only
  }
  for (const tid of tids) {
    try {
      os.setPriority(Number(tid), 19);
    } catch {
      // a thread that just ended
    }
  }
}

/** Starts bench/flooder.ts against the server (one signed-in client, `sockets` sockets). */
export async function startFlooder(args: { base: string; cookie: string; conversationId: string; sockets: number }): Promise<Flooder> {
  // Started through nice(1) where there is one, so every thread is born at the lowest priority; set again once ready.
  const node = [process.execPath, "--import", "tsx", path.join(import.meta.dirname, "flooder.ts"), JSON.stringify(args)];
  const child = fs.existsSync("/usr/bin/nice")
    ? spawn("/usr/bin/nice", ["-n", "19", ...node], { stdio: ["ignore", "pipe", "inherit"] })
    : spawn(node[0]!, node.slice(1), { stdio: ["ignore", "pipe", "inherit"] });
  lowestPriority(child.pid!);
  process.once("exit", () => child.kill());
  const lines: string[] = [];
  let buffered = "";
  let onLine: (() => void) | null = null;
  child.stdout.on("data", (d: Buffer) => {
    buffered += String(d);
    const parts = buffered.split("\n");
    buffered = parts.pop()!;
    lines.push(...parts);
    onLine?.();
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const take = () => {
        if (lines.length) return resolve(lines.shift()!);
        onLine = take;
      };
      child.once("exit", (code) => reject(new Error(`the flooder stopped (exit ${code})`)));
      take();
    });
  if ((await nextLine()) !== "ready") throw new Error("the flooder did not start");
  lowestPriority(child.pid!);
  return {
    counts: async () => {
      child.kill("SIGUSR2");
      return JSON.parse(await nextLine()) as FloodCounts;
    },
    stop: async () => {
      child.kill("SIGTERM");
      return JSON.parse(await nextLine()) as FloodCounts;
    },
  };
}

/** What the servers' CPU went to with the flood alone (the chat stopped), against the same time idle just after. */
export type FloodAlone = {
  seconds: number;
  refused: number;
  stored: number;
  /** The servers' CPU (ms): user and kernel from the ticks, and the total to the nanosecond (runMs). */
  server: Cpu | null;
  idle: Cpu | null;
  serverRun: number | null;
  idleRun: number | null;
  /** Wall-clock ms (performance.timeOrigin based) of the flood alone and of the idle time after it, for the probe's lines. */
  floodSpan: { from: number; to: number };
  idleSpan: { from: number; to: number };
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Measures the servers' CPU while only the flooder sends (for `ms`), then stops it and measures the same servers idle
 * for as long (their timers, their open sockets' heartbeats): the difference over the refusals read is what a refused
 * message costs the server, in CPU time, whatever else the machine runs.
 */
export async function floodAlone(servers: RunningServer[], flood: Flooder, ms = 4000): Promise<{ alone: FloodAlone; counts: FloodCounts }> {
  const wall = () => performance.timeOrigin + performance.now();
  const before = await flood.counts();
  const [cpu0, run0, floodFrom] = [cpuOf(servers), runMs(servers), wall()];
  await sleep(ms);
  const [cpu1, run1, floodTo] = [cpuOf(servers), runMs(servers), wall()];
  const after = await flood.counts();
  const counts = await flood.stop();
  await sleep(200);
  const [idle0, idleRun0, idleFrom] = [cpuOf(servers), runMs(servers), wall()];
  await sleep(ms);
  const [idle1, idleRun1, idleTo] = [cpuOf(servers), runMs(servers), wall()];
  const between = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
  return {
    alone: {
      seconds: ms / 1000,
      refused: after.refused - before.refused,
      stored: after.stored - before.stored,
      server: cpuBetween(cpu0, cpu1),
      idle: cpuBetween(idle0, idle1),
      serverRun: between(run0, run1),
      idleRun: between(idleRun0, idleRun1),
      floodSpan: { from: floodFrom, to: floodTo },
      idleSpan: { from: idleFrom, to: idleTo },
    },
    counts,
  };
}

/** A flooding run's: the flooder's counts, its CPU in the window (ms), and the flood alone after it. */
export type FloodFigures = { flood?: FloodCounts; flooderCpu?: Cpu; floodInWindow?: { sent: number; refused: number }; floodAlone?: FloodAlone };

/** The flooding run's figures from the flooder's counts at the window's ends and the flood-alone measurement. */
export function floodFigures(
  before: FloodCounts | null,
  after: FloodCounts | null,
  afterWindow: { alone: FloodAlone; counts: FloodCounts } | null,
): FloodFigures {
  if (!before || !after || !afterWindow) return {};
  return {
    flood: afterWindow.counts,
    floodAlone: afterWindow.alone,
    flooderCpu: { user: (after.cpuUser - before.cpuUser) * 1000, system: (after.cpuSystem - before.cpuSystem) * 1000 },
    floodInWindow: { sent: after.sent - before.sent, refused: after.refused - before.refused },
  };
}

/** "server CPU per 1,000 refused messages" from a flood-alone measurement, or why it cannot be said. */
export function refusalCost(a: FloodAlone): string {
  if (!a.server || !a.idle || a.serverRun === null || a.idleRun === null) return "server CPU not readable here";
  // The idle time subtracted is measured to a few ms: below some hundreds of refusals the difference says nothing.
  if (a.refused < 500) return `too few refusals read to say (${a.refused} refused and ${a.stored} stored in ${a.seconds} s of flood alone)`;
  const total = a.serverRun - a.idleRun;
  const ticks = a.server.user + a.server.system - (a.idle.user + a.idle.system);
  const kernel = ticks > 0 ? (total * (a.server.system - a.idle.system)) / ticks : 0;
  return `${((1000 * total) / a.refused).toFixed(1)} ms of server CPU per 1,000 refused messages (about ${((1000 * kernel) / a.refused).toFixed(1)} of it in the kernel; ${a.refused} refused and ${a.stored} stored in ${a.seconds} s of flood alone: ${a.serverRun.toFixed(0)} ms, less ${a.idleRun.toFixed(0)} ms idle for as long)`;
}
