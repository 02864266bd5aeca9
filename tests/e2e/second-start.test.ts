// One site per data folder (issue 38): a second start on a running site's folder refuses in one line and touches
// nothing; a database is stopped as "left running" only when no live process owns it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createAccount, uniqueEmail } from "./support/accounts";
import { openDatabase, signInCookie } from "./support/messaging";
import { freePort, runScript, startServer, type RunningServer } from "./support/server";

const dirs: string[] = [];
function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const postmasterPid = (dataDir: string) => fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0];

/** The first site still answers, signs a person in and reads their account from its database. */
async function expectServing(server: RunningServer, person: { email: string; password: string; fullName: string }) {
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(200);
  expect((await fetch(`${server.url}/`)).status).toBe(200);
  const cookie = await signInCookie(server.url, person.email, person.password);
  const account = await fetch(`${server.url}/account`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(account.status).toBe(200);
  expect(await account.text()).toContain(person.fullName);
}

describe("a second start on a data folder", () => {
  it("refuses in one line while the site runs, and the running site keeps serving", async () => {
    const dataDir = tempDir("nlte-second-start-");
    const server = await startServer({ dataDir });
    try {
      const person = { fullName: "Second Start Parent", email: uniqueEmail("second"), password: "secret12" };
      await createAccount(server.url, person);
      const before = postmasterPid(dataDir);
      const env = { NODE_ENV: "production", HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "" };

      // `npm start` as the operator ran it: the same folder, the same port.
      const npmStart = await runScript(["scripts/start.mjs"], { ...env, PORT: String(server.port) });
      expect(npmStart.code).not.toBe(0);
      expect(npmStart.stderr.trim().split("\n")).toEqual([
        `Error: a site is already running on ${dataDir} (pid ${server.process.pid}): stop it first, or give this one another DATA_DIR`,
      ]);
      expect(npmStart.stdout).not.toContain("Stopping a PostgreSQL server");

      // The server itself, on another port (so the port cannot be what stops it).
      const direct = await runScript(["server/index.ts"], { ...env, PORT: String(await freePort()) });
      expect(direct.code).toBe(1);
      expect(direct.stderr.trim().split("\n")).toEqual([
        `Error: a site is already running on ${dataDir} (pid ${server.process.pid}): stop it first, or give this one another DATA_DIR`,
      ]);
      expect(direct.stdout).not.toContain("Stopping a PostgreSQL server");

      // Nothing was touched: the same database server, and the first site answers from it.
      expect(postmasterPid(dataDir)).toBe(before);
      expect(server.output()).not.toMatch(/^Error:/m);
      await expectServing(server, person);
    } finally {
      await server.stop();
    }
  }, 240_000);

  it("takes over a database left running by a site that was killed", async () => {
    const dataDir = tempDir("nlte-killed-site-");
    const first = await startServer({ dataDir });
    const person = { fullName: "Killed Site Parent", email: uniqueEmail("killed"), password: "secret12" };
    await createAccount(first.url, person);
    const orphan = postmasterPid(dataDir);
    await first.kill();
    // The site's PostgreSQL outlived it.
    expect(postmasterPid(dataDir)).toBe(orphan);

    const second = await startServer({ dataDir });
    try {
      expect(second.output()).toContain(`Stopping a PostgreSQL server (pid ${orphan}) left running by an earlier start`);
      await expectServing(second, person);
    } finally {
      await second.stop();
    }
  }, 240_000);

  it("does not stop a database an operator command is using", async () => {
    const dataDir = tempDir("nlte-command-db-");
    const first = await startServer({ dataDir });
    await first.stop();
    // The command (here, this test's process) starts the folder's database for itself.
    const database = await openDatabase(dataDir);
    try {
      const before = postmasterPid(dataDir);
      const start = await runScript(["server/index.ts"], {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        PORT: String(await freePort()),
      });
      expect(start.code).toBe(1);
      expect(start.stderr.trim().split("\n")).toEqual([
        `Error: the database in ${path.join(dataDir, "postgres")} is in use by a running process (pid ${process.pid}): stop it first, or give this one another DATA_DIR`,
      ]);
      expect(postmasterPid(dataDir)).toBe(before);
      const { rows } = await database.query<{ one: number }>("select 1 as one");
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
