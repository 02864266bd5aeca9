// Running the site for years, as its volunteer operator would: a data folder that never silently starts empty, health
// endpoints, the request log, visitor pages kept until content changes, a clean stop. Backups: operations.test.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { connectEmbeddedPostgres } from "../../server/embedded-postgres";
import { get, makePerson, openSocket, post } from "./support/messaging";
import { startServer } from "./support/server";
import { step, waitFor } from "../support/wait-for";
import { outputAfter, temporaryFolders, waitForExit } from "./support/operator";

const folders = temporaryFolders();
const tempDir = folders.make;

describe("never silently empty", () => {
  it("stops with one line when the data folder disappears while the site runs, and will not start afresh on it", async () => {
    const dataDir = tempDir("nlte-vanish-");
    const server = await startServer({ dataDir });
    const health = await fetch(`${server.url}/readyz`);
    expect(await health.json()).toEqual({ status: "ready" });
    fs.rmSync(path.join(dataDir, "postgres"), { recursive: true, force: true });
    const code = await waitForExit(server);
    expect(code, outputAfter(server, "Error:")).toBe(1);
    // One line, no dump: nothing of the stop (the job queue's connections included) throws while the database goes.
    expect(server.output(), outputAfter(server, "Error:")).not.toMatch(/^\s+at |^Node\.js v|Unhandled 'error' event/m);
    const errors = server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("Error:"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^Error: the database folder .+ disappeared or became unreadable while the site ran; stopping\. Before starting again: restore the latest backup \(npm run restore -- FILE\), or empty the folder to start afresh with an empty database$/,
    );

    // The next start refuses, rather than creating an empty database and a new signing secret.
    const secret = fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8");
    await expect(startServer({ dataDir })).rejects.toThrow(/Error: The database in .+ went missing while the site ran: restore the latest backup/);
    expect(fs.existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(secret);
  }, 180_000);

  it("refuses a data folder whose database was deleted while the site was stopped; an empty folder starts afresh", async () => {
    const dataDir = tempDir("nlte-deleted-");
    fs.writeFileSync(path.join(dataDir, "auth-secret"), "x".repeat(43) + "\n");
    await expect(startServer({ dataDir })).rejects.toThrow(
      /Error: The data folder .+ held a database that is now missing from .+postgres: restore the latest backup/,
    );
    const emptyDir = tempDir("nlte-first-");
    const first = await startServer({ dataDir: emptyDir });
    await first.stop();
    expect(fs.existsSync(path.join(emptyDir, "postgres", "PG_VERSION"))).toBe(true);
  }, 180_000);
});

describe("health, request log and a clean stop", () => {
  it("answers /healthz and /readyz, logs one JSON line per request without query strings, and stops cleanly on SIGTERM", async () => {
    const dataDir = tempDir("nlte-stop-");
    const server = await startServer({ dataDir });
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });

    const person = await makePerson(server.url, "Stop Client", { env });
    await fetch(`${server.url}/programs?email=${encodeURIComponent(person.email)}`);
    await expect.poll(() => server.output().includes('"path":"/programs"'), { timeout: 10_000 }).toBe(true);
    const lines = server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.path === "/programs")).toMatchObject({ method: "GET", path: "/programs", status: 200 });
    expect(lines.find((l) => l.path === "/signin")).toMatchObject({ method: "POST", status: 302 });
    expect(server.output()).not.toContain(person.email);
    expect(server.output()).not.toContain(encodeURIComponent(person.email));
    expect(server.output()).not.toContain("secret12");

    // A socket is told to reconnect (1012); a request in flight is answered; all within 10 seconds. The request in
    // flight is a contact form the server has begun (its "100 Continue" says so) and whose body comes only once the
    // server is stopping.
    const socket = await openSocket(server.url, person);
    const closed = new Promise<number>((resolve) => socket.ws.once("close", (code) => resolve(code)));
    const form = new URLSearchParams({ name: "Stop Visitor", email: "stop-visitor@example.com", message: "Are there lessons next week?" }).toString();
    const request = http.request(`${server.url}/contact`, {
      method: "POST",
      headers: {
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": Buffer.byteLength(form),
        Expect: "100-continue",
      },
    });
    const inFlight = new Promise<number>((resolve, reject) => {
      request.once("response", (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode ?? 0));
      });
      request.once("error", reject);
    });
    const begun = new Promise((resolve) => request.once("continue", resolve));
    request.flushHeaders();
    await begun;
    const started = Date.now();
    server.process.kill("SIGTERM");
    await waitFor(() => server.output().includes("SIGTERM received: stopping"), { what: "the server to say it is stopping" });
    request.end(form);
    expect(await inFlight).toBe(200);
    expect(await closed).toBe(1012);
    // On failure, the server's lines from the signal on say why it stopped as it did.
    expect(await waitForExit(server), outputAfter(server, "SIGTERM received")).toBe(0);
    expect(server.output(), outputAfter(server, "SIGTERM received")).not.toMatch(/^\s+at |^Node\.js v|^shutdown:/m);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The embedded database stopped with it: nothing holds the folder.
    expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  }, 180_000);
});

describe("visitor pages kept in memory", () => {
  it("serves a visitor's page from memory, never a signed-in one, and shows a new testimonial on every process at once", async () => {
    const dataDir = tempDir("nlte-cache-");
    const serverA = await startServer({ dataDir });
    const database = await connectEmbeddedPostgres(dataDir);
    const serverB = await startServer({ env: { DATABASE_URL: database.url } });
    folders.alsoRemove(serverB.dataDir);
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
      const coach = await makePerson(serverA.url, "Cache Coach", { coach: true, env });
      const home = async (url: string) => {
        const res = await fetch(`${url}/`);
        return { cache: res.headers.get("x-page-cache"), csp: res.headers.get("content-security-policy") ?? "", html: await res.text() };
      };
      const kept = await step("a visitor's page is kept in memory, a signed-in one never", async () => {
        await home(serverB.url);
        const second = await home(serverB.url);
        expect(second.cache).toBe("hit");
        // A kept page carries no per-request nonce: its scripts are allowed by origin (and hashes), none inline.
        expect(second.csp).toMatch(/script-src 'self'(;| 'sha256-)/);
        expect(second.html).not.toContain("nonce=");
        const signedIn = await get(serverB.url, "/", coach);
        expect(signedIn.headers.get("x-page-cache")).toBeNull();
        expect(signedIn.headers.get("content-security-policy")).toMatch(/'nonce-/);
        return second;
      });

      // Letters only: testimonials refuse long runs of digits (they could be phone numbers).
      const words = `Kept until it changed ${crypto
        .randomBytes(6)
        .toString("hex")
        .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;
      await step("a new testimonial shows on the kept page of every process at once", async () => {
        expect(kept.html).not.toContain(words);
        const created = await post(serverA.url, "/testimonials", coach, { intent: "create", name: "Cache Parent", content: words, rating: "5" });
        expect(created.status).toBeLessThan(400);
        expect(await created.text()).not.toContain("can't include");
        await expect.poll(async () => (await home(serverB.url)).html.includes(words), { timeout: 15_000 }).toBe(true);
        await expect.poll(async () => (await home(serverA.url)).html.includes(words), { timeout: 15_000 }).toBe(true);
        expect((await home(serverB.url)).cache).toBe("hit");
      });

      await step("a removed testimonial leaves the page too (a delete announces its change like an insert)", async () => {
        const sql = new pg.Client({ connectionString: database.url });
        await sql.connect();
        await sql.query("delete from testimonials where content = $1", [words]);
        await sql.end();
        await expect.poll(async () => (await home(serverB.url)).html.includes(words), { timeout: 15_000 }).toBe(false);
      });
    } finally {
      await serverB.stop();
      await serverA.stop();
      await database.stop();
    }
  }, 180_000);
});
