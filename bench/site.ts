// What the benches share: a site started on its own new database (and everything it started removed after), people
// and families written straight into that database with a session cookie each, and the timing of a page's answers.
// Signing hundreds of people up through scrypt would measure nothing about what a bench measures; every request a
// bench measures is the real path.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { cpuMs } from "./messages-cpu";
import { startEmbeddedPostgres } from "../server/embedded-postgres";
import { startServer, type RunningServer } from "../tests/e2e/support/server";

/** The secret the benches' servers sign their session cookies with (a new one each run). */
export const AUTH_SECRET = crypto.randomBytes(32).toString("hex");

/** The session cookie Better Auth would set: the token, signed with AUTH_SECRET (HMAC-SHA256, base64). */
export function sessionCookie(token: string) {
  const signature = crypto.createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  return `nlte.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

export type Person = { id: string; cookie: string };

export type PersonKind = {
  role: "coach" | "client";
  clientKind: "guardian" | "athlete";
  /** Shown in each one's name and address (`<name> <i>`, bench-<name>-<i>@example.com): unique within a database. */
  name: string;
  /** The date of birth: one for all, one for the i-th person, or none. */
  born: string | ((i: number) => string) | null;
};

/** `n` people of one kind, with a signed-in session each (written in slices of 500). */
export async function makePeople(sql: pg.Client, n: number, kind: PersonKind): Promise<Person[]> {
  const people = Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    token: crypto.randomBytes(24).toString("base64url"),
    i,
    born: typeof kind.born === "function" ? kind.born(i) : kind.born,
  }));
  for (let from = 0; from < n; from += 500) {
    const slice = people.slice(from, from + 500);
    await sql.query(
      `insert into users (id, email, full_name, role, client_kind, date_of_birth, email_verified)
       select id, 'bench-' || $2 || '-' || i || '@example.com', $2 || ' ' || i, $3::user_role, $4, born, true
       from unnest($1::text[], $5::int[], $6::date[]) as t(id, i, born)`,
      [slice.map((p) => p.id), kind.name, kind.role, kind.clientKind, slice.map((p) => p.i), slice.map((p) => p.born)],
    );
    await sql.query(
      `insert into sessions (id, token, user_id, expires_at)
       select 'bench-' || t.user_id, t.token, t.user_id, now() + interval '1 day' from unnest($1::text[], $2::text[]) as t(user_id, token)`,
      [slice.map((p) => p.id), slice.map((p) => p.token)],
    );
  }
  return people.map((p) => ({ id: p.id, cookie: sessionCookie(p.token) }));
}

/** A household for each athlete and guardian (the i-th of each), confirmed by staff (the i-th of `confirmedBy`). */
export async function makeHouseholds(sql: pg.Client, families: Array<{ athleteId: string; guardianId: string; confirmedBy: string }>) {
  const households = families.map(() => crypto.randomUUID());
  // Staff's confirmation, as the site's confirm step writes it: the database drops a confirmation written any other
  // way (migration 0028's trigger), so the bench says it is staff's, for this transaction only.
  await sql.query("begin");
  await sql.query("select set_config('nlte.staff_confirmation', 'on', true)");
  await sql.query(
    `insert into households (id, confirmed_at, confirmed_by, confirmed_how) select h, now(), c, 'bench' from unnest($1::uuid[], $2::text[]) as t(h, c)`,
    [households, families.map((f) => f.confirmedBy)],
  );
  await sql.query(
    // People are confirmed, not households (migration 0028): each member carries staff's confirmation.
    `insert into household_members (household_id, user_id, role, confirmed_at, confirmed_by, confirmed_how)
     select h, v.u, v.r, now(), c, 'bench'
     from unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) as t(h, a, g, c), lateral (values (a, 'athlete'), (g, 'guardian')) v(u, r)`,
    [households, families.map((f) => f.athleteId), families.map((f) => f.guardianId), families.map((f) => f.confirmedBy)],
  );
  await sql.query("commit");
  return households;
}

/** `n` families of one guardian (born 1980) and one athlete (12 unless `athleteBorn` says), confirmed by `staffId`. */
export async function makeFamilies(sql: pg.Client, n: number, name: string, staffId: string, athleteBorn: PersonKind["born"] = "2014-03-01") {
  const guardians = await makePeople(sql, n, { role: "client", clientKind: "guardian", born: "1980-01-01", name: `${name}-guardian` });
  const athletes = await makePeople(sql, n, { role: "client", clientKind: "athlete", born: athleteBorn, name: `${name}-athlete` });
  const households = await makeHouseholds(
    sql,
    guardians.map((g, i) => ({ guardianId: g.id, athleteId: athletes[i]!.id, confirmedBy: staffId })),
  );
  return guardians.map((guardian, i) => ({ guardian, athlete: athletes[i]!, householdId: households[i]! }));
}

/** The value below which `p` percent of `sorted` (ascending) lies; NaN for none. */
export function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/** "2 CPU cores, load average 1.20 0.80 0.50": what the figures printed after it were measured on. */
export function machineLoad() {
  return `${os.cpus().length} CPU cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`;
}

/** How much a page bench measures: --rounds (1 to 10, 3 unless told) of --requests each (within `requests`' bounds). */
export function roundsArgs(requests: { default: number; min: number; max: number }) {
  const { values } = parseArgs({
    options: { rounds: { type: "string", default: "3" }, requests: { type: "string", default: String(requests.default) } },
  });
  return {
    rounds: Math.min(10, Math.max(1, Number(values.rounds))),
    requests: Math.min(requests.max, Math.max(requests.min, Number(values.requests))),
  };
}

/**
 * The processor time (user and system, milliseconds) process `pid` has used so far (bench/messages-cpu.ts's cpuMs, from
 * /proc); null where /proc is not. Unlike wall time, it does not grow when others load the machine.
 */
export function processorMs(pid: number | undefined): number | null {
  const used = cpuMs(pid);
  return used && used.user + used.system;
}

/**
 * Asks for a page `requests` times a round (the i-th request: `url(i)` with `cookie(i)`, as a browser asks for the
 * page), and prints each round's p50 and p99 against the budget. Resolves to whether every round's p99 was within it.
 */
export async function measurePage(page: {
  label: string;
  budgetMs: number;
  rounds: number;
  requests: number;
  url: (i: number) => string;
  cookie: (i: number) => string;
  /** The server's process: each round also says its processor time a request (the first round's against the next). */
  serverPid?: number;
  /** Called after each round's line with its requests: [sent at (wall-clock ms), ms] (bench:payments' BENCH_EXPLAIN). */
  onRound?: (requests: Array<[number, number]>) => void;
}) {
  let ok = true;
  // Not measured: the page's first requests after the server started (its code compiled, the session's first refresh
  // written), which a site running for a day has long made. One of 100 requests decides a round's p99.
  for (let i = 0; i < 5; i++) await (await fetch(page.url(i), { headers: { Cookie: page.cookie(i), Accept: "text/html" } })).text();
  for (let round = 1; round <= page.rounds; round++) {
    const times: number[] = [];
    const sent: Array<[number, number]> = [];
    const cpuBefore = processorMs(page.serverPid);
    for (let i = 0; i < page.requests; i++) {
      const started = performance.now();
      const res = await fetch(page.url(i), { headers: { Cookie: page.cookie(i), Accept: "text/html" } });
      await res.text();
      times.push(performance.now() - started);
      sent.push([performance.timeOrigin + started, performance.now() - started]);
      if (res.status !== 200) throw new Error(`${page.label} answered ${res.status}`);
    }
    const cpuAfter = processorMs(page.serverPid);
    const cpu = cpuBefore === null || cpuAfter === null ? "" : `; server CPU ${((cpuAfter - cpuBefore) / page.requests).toFixed(1)} ms a request`;
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    ok &&= p99 <= page.budgetMs;
    console.log(
      `${page.label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms` +
        `   (round ${round} of ${page.rounds}, ${page.requests} requests${cpu}; budget p99 <= ${page.budgetMs} ms${p99 <= page.budgetMs ? "" : "  <-- OVER"})`,
    );
    page.onRound?.(sent);
  }
  return ok;
}

/** The statements `n` requests of a page make (the job queue's own left out), and the costliest, from pg_stat_statements. */
export async function statementsPerRequest(sql: pg.Client, label: string, n: number, url: (i: number) => string, cookie: (i: number) => string) {
  await sql.query("create extension if not exists pg_stat_statements");
  await sql.query("select pg_stat_statements_reset()");
  for (let i = 0; i < n; i++) await (await fetch(url(i), { headers: { Cookie: cookie(i), Accept: "text/html" } })).text();
  const { rows } = await sql.query<{ calls: string; ms: number; q: string }>(
    `select calls, total_exec_time / calls as ms, left(regexp_replace(query, '\\s+', ' ', 'g'), ${process.env.BENCH_STATEMENTS ? 200 : 90}) as q from pg_stat_statements
     where toplevel and dbid = (select oid from pg_database where datname = current_database())
       and query !~* '(graphile_worker|pg_stat_statements|pg_catalog|^(begin|commit|rollback)$)'
     order by total_exec_time desc`,
  );
  const calls = rows.reduce((t, r) => t + Number(r.calls), 0);
  const ms = rows.reduce((t, r) => t + Number(r.calls) * r.ms, 0);
  console.log(`${label}: ${(calls / n).toFixed(1)} statements a request, ${(ms / n).toFixed(1)} ms in PostgreSQL a request; the costliest:`);
  // BENCH_STATEMENTS=1: every statement, not only the four costliest (what a request's statements are, one a line).
  for (const r of rows.slice(0, process.env.BENCH_STATEMENTS ? rows.length : 4))
    console.log(`   ${(Number(r.calls) / n).toFixed(1)} x ${r.ms.toFixed(2)} ms  ${r.q}`);
}

export type Site = { server: RunningServer; sql: pg.Client; databaseUrl: string };

/**
 * Builds the site if its sources changed, starts the production server on a new embedded database (its settings:
 * `env`, with AUTH_SECRET), runs `bench` with a connection to that database, then stops and removes all of it.
 */
export async function withSite<T>(
  name: string,
  env: Record<string, string>,
  bench: (site: Site) => Promise<T>,
  options: { statementStatistics?: boolean; nodeArgs?: string[] } = {},
): Promise<T> {
  buildIfStale({ quiet: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nlte-bench-${name}-`));
  // pg_stat_statements when asked: a bench that counts the statements each request makes (bench:outcomes).
  const database = await startEmbeddedPostgres(dir, { statementStatistics: options.statementStatistics });
  let server: RunningServer | null = null;
  const sql = new pg.Client({ connectionString: database.url });
  sql.on("error", () => undefined); // the database stopping at the end ends this connection too
  try {
    server = await startServer({ env: { DATABASE_URL: database.url, AUTH_SECRET, ...env }, nodeArgs: options.nodeArgs });
    await sql.connect();
    return await bench({ server, sql, databaseUrl: database.url });
  } finally {
    await sql.end().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await database.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Records Safe Play training and a background check on `on` for each coach (cleared for a year from then). */
export async function clearCoaches(sql: pg.Client, coachIds: string[], on: string) {
  await sql.query(
    `insert into coach_profiles (user_id, safe_play_checked_on, background_checked_on) select id, $2::date, $2::date from unnest($1::text[]) id
     on conflict (user_id) do update set safe_play_checked_on = excluded.safe_play_checked_on, background_checked_on = excluded.background_checked_on`,
    [coachIds, on],
  );
}
