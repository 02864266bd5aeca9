import { bundledScript } from "../../support/bundled-script";
import { timed } from "./profile";
import { TEMPLATE_VARIABLE } from "./workers";
// Starts the real production server, as `npm start` does, on a free loopback port with its own data directory.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { freeLoopbackPort } from "../../../server/free-port";
import { SERVER_BUNDLE } from "../../../scripts/build-if-stale.mjs";
import { SERVER_NODE_FLAGS } from "../../../scripts/server-node-flags.mjs";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** A free loopback port below the range outgoing connections take theirs from (server/free-port.ts). */
export const freePort = freeLoopbackPort;

/**
 * What every server a test starts has unless told otherwise: a cheap password hash (decision 0034; production keeps
 * Better Auth's scrypt, tested by server/test-password-hash.test.ts). The test hooks are not on: only the shared
 * servers have them (tests/e2e/support/global-setup.ts).
 */
// A request's status mail is held one second, not two minutes (decision 0052): tests read it without waiting.
export const TEST_SERVER_ENV: Record<string, string> = { TEST_PASSWORD_HASH: "fast", STATUS_MAIL_HOLD_SECONDS: "1" };

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  process: ChildProcess;
  output: () => string;
  /** Graceful stop (SIGTERM), as an operator would. */
  stop: () => Promise<void>;
  /** Sudden death (SIGKILL): no shutdown code runs. */
  kill: () => Promise<void>;
};

type StartOptions = { env?: Record<string, string>; dataDir?: string; port?: number; nodeArgs?: string[] };

/**
 * Makes the data folder the servers of this run start from: a server's first start on an empty folder (PostgreSQL's
 * initdb, every migration, the job queue's schema, the starting content), done once, then stopped. A server given
 * no folder gets a copy of it (cp -a keeps the database files' owner, which PostgreSQL checks), which saves each
 * start that work; a test about a first start gives a folder of its own.
 */
export async function prepareDataTemplate(): Promise<{ dir: string; remove: () => void }> {
  const dir = process.env[TEMPLATE_VARIABLE] || fs.mkdtempSync(path.join(os.tmpdir(), "nlte-e2e-template-"));
  fs.rmSync(dir, { recursive: true, force: true });
  const server = await startServer({ dataDir: dir });
  await server.stop();
  for (const record of ["site.pid", "postgres.owner"]) fs.rmSync(path.join(dir, record), { force: true });
  process.env[TEMPLATE_VARIABLE] = dir;
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function newDataFolder(): string {
  const template = process.env[TEMPLATE_VARIABLE];
  if (!template || !fs.existsSync(path.join(template, "postgres", "PG_VERSION"))) return fs.mkdtempSync(path.join(os.tmpdir(), "nlte-e2e-"));
  const dir = path.join(os.tmpdir(), `nlte-e2e-${process.pid}-${crypto.randomUUID().slice(0, 8)}`);
  execFileSync("cp", ["-a", template, dir]);
  return dir;
}

/** Starts the production server (the build) on a free port and a fresh data folder unless given; resolves when ready. */
export function startServer(options: StartOptions = {}): Promise<RunningServer> {
  return timed("server start", () => startServerProcess(options));
}

async function startServerProcess(options: StartOptions): Promise<RunningServer> {
  // A port chosen here can still be taken before the server binds it (by another run's listener): the server then
  // refuses in one line and exits, and is started again on another port. A port the caller chose is not changed.
  const dataDir = options.dataDir ?? newDataFolder();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort({ ...options, dataDir }, options.port ?? (await freePort()));
    } catch (error) {
      if (options.port !== undefined || attempt === 3 || !(error instanceof PortTaken)) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnPort(options: StartOptions & { dataDir: string }, port: number): Promise<RunningServer> {
  const dataDir = options.dataDir;
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    ...TEST_SERVER_ENV,
    ...options.env,
  };
  // The server as `npm start` runs it: the bundle the build made (decision 0054), which the global setup brings up to date.
  // Node's flags as `npm start` gives them (scripts/server-node-flags.mjs), then the caller's (a bench's probe).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), SERVER_BUNDLE], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (c) => (log += c));
  child.stderr!.on("data", (c) => (log += c));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    // Generous: several servers start at once (the shared ones, decision 0034), on a machine others may be loading.
    const timer = setTimeout(() => reject(new Error(`server did not start in 180 s:\n${log}`)), 180_000);
    const onData = () => {
      if (log.includes("Site ready at")) {
        clearTimeout(timer);
        // Searching the whole output on every later chunk would cost more with each request the server logs.
        child.stdout!.off("data", onData);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      const Failure = /port \d+ is already in use/.test(log) ? PortTaken : Error;
      reject(new Failure(`server exited with ${code} before it was ready:\n${log}`));
    });
  });
  return {
    url,
    port,
    dataDir,
    env,
    process: child,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * The role command (cli/user-role.ts) for the server at `baseURL`: run inside that server through its test hook when
 * it has one (no module loading on either side), otherwise as runScript runs it.
 */
export async function runUserRole(baseURL: string, args: string[], env: Record<string, string>) {
  return timed("operator command", async () => {
    const res = await fetch(`${baseURL}/__test/user-role`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ args }),
    });
    if (res.status === 404) return runCommand(["cli/user-role.ts", ...args], env);
    if (!res.ok) throw new Error(`the test hook refused the role command: ${res.status} ${await res.text()}`);
    return (await res.json()) as { code: number; stdout: string; stderr: string };
  });
}

/**
 * Runs an npm script of the project (for example the role command) and returns its output and exit code. The role
 * command for a shared server's data folder, with nothing else in `env`, runs inside that server through its test hook
 * (as runUserRole does): loading the command's modules into the test's process cost seconds the first time.
 */
export function runScript(args: string[], env: Record<string, string>) {
  const hooked = args[0] === "cli/user-role.ts" ? sharedServerWithDataDir(env) : undefined;
  if (hooked) return runUserRole(hooked, args.slice(1), env);
  return timed("operator command", () => runCommand(args, env));
}

/** The address of the shared server (it has the test hooks) whose data folder `env` names, when `env` says nothing else. */
function sharedServerWithDataDir(env: Record<string, string>): string | undefined {
  if (Object.keys(env).some((key) => key !== "DATA_DIR" && key !== "DATABASE_URL") || env.DATABASE_URL) return undefined;
  try {
    return inject("sharedServers").find((s) => s.dataDir === env.DATA_DIR)?.url;
  } catch {
    return undefined; // not inside a test file
  }
}

async function runCommand(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  // The role command runs inside this process: starting Node with tsx for it cost seconds of compiling a call.
  if (args[0] === "cli/user-role.ts")
    return (await import("../../../cli/user-role-command")).runUserRoleCommand(args.slice(1), { ...process.env, ...env });
  // The project's commands (cli/) start from a bundle of their code (tests/support/bundled-script.ts, as the unit tests'
  // processes do): the same code, without tsx compiling it again at every start (seconds each on a busy machine).
  const [entry, ...rest] = args;
  const command = /^cli\/[\w-]+\.ts$/.test(entry ?? "") ? [bundledScript(entry!), ...rest] : ["--import", "tsx", ...args];
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, command, { cwd: projectRoot, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** Starts the server expecting it to refuse to start; returns its exit code and output. */
export async function startServerExpectingFailure(env: Record<string, string>, timeoutMs = 60_000) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-e2e-fail-"));
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", DATA_DIR: dataDir, ...TEST_SERVER_ENV, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c) => (stdout += c));
  child.stderr!.on("data", (c) => (stderr += c));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(null);
    }, timeoutMs);
    child.once("exit", (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { code, stdout, stderr };
}
