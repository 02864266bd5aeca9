// Helpers for the messaging tests: people made by hand-made requests, their cookies, raw sockets, the database.
import type { BrowserContext } from "playwright-core";
import pg from "pg";
import { expect } from "vitest";
import WebSocket from "ws";
import { connectEmbeddedPostgres } from "../../../server/embedded-postgres";
import { createAccount, uniqueEmail } from "./accounts";
import { runUserRole } from "./server";

export type Person = { email: string; password: string; fullName: string; cookie: string };

/**
 * `npm run user:role`'s arguments that make `email` a cleared coach (issue 37): Safe Play training and background
 * check recorded 30 days ago, current for the next eleven months.
 */
export function clearedCoachArgs(email: string): string[] {
  const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  return ["cli/user-role.ts", email, "coach", "--safe-play", day, "--background", day];
}

/**
 * Creates an account (a coach when asked: cleared, unless `uncleared`) and signs it in by hand-made request; returns
 * its session cookie.
 */
export async function makePerson(
  baseURL: string,
  fullName: string,
  options: { coach?: boolean; uncleared?: boolean; env: Record<string, string> },
): Promise<Person> {
  const email = uniqueEmail(fullName.split(" ")[0]!.toLowerCase());
  const password = "secret12";
  await createAccount(baseURL, { fullName, email, password, phone: "(202) 555-0111" });
  if (options.coach) {
    const command = options.uncleared ? ["cli/user-role.ts", email, "coach"] : clearedCoachArgs(email);
    const r = await runUserRole(baseURL, command.slice(1), options.env);
    expect(r.code, r.stderr).toBe(0);
  }
  return { email, password, fullName, cookie: await signInCookie(baseURL, email, password) };
}

export async function signInCookie(baseURL: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseURL}/signin`, {
    method: "POST",
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    // The session only: the one-off "Welcome back!" toast belongs to the page right after signing in, and would pop
    // up over whatever page a test opens first (since Sonner loads with the first toast, a moment later).
    .filter((c) => c.startsWith("nlte") && !c.startsWith("nlte_toast="))
    .join("; ");
  expect(cookie).toContain("session_token");
  return cookie;
}

/** Puts a person's session into a browser context, as if they had signed in there. */
export async function useSession(context: BrowserContext, baseURL: string, person: Person) {
  await context.addCookies(
    person.cookie.split("; ").map((pair) => {
      const i = pair.indexOf("=");
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: baseURL, httpOnly: true, sameSite: "Lax" as const };
    }),
  );
}

/** A form post to the site as `person` (or a visitor when null), with the site's Origin as a browser sends it. */
export async function post(baseURL: string, path: string, person: Person | null, fields: Record<string, string>) {
  return fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded", ...(person ? { Cookie: person.cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

export async function get(baseURL: string, path: string, person: Person | null) {
  return fetch(`${baseURL}${path}`, { headers: person ? { Cookie: person.cookie } : {}, redirect: "manual" });
}

/** Starts (or opens) the conversation between a coach and a client through the coach's 'New Conversation'. */
export async function startConversation(baseURL: string, coach: Person, clientId: string): Promise<string> {
  const res = await post(baseURL, "/messages", coach, { intent: "start", clientId });
  expect(res.status).toBe(302);
  return res.headers.get("location")!.split("/").pop()!;
}

/** A raw WebSocket to /ws, collecting every event it receives. */
export type RawSocket = { ws: WebSocket; events: Array<Record<string, unknown>>; send: (e: unknown) => void; close: () => void };

export async function openSocket(baseURL: string, person: Person | null, origin: string = baseURL): Promise<RawSocket> {
  const ws = new WebSocket(`${baseURL.replace(/^http/, "ws")}/ws`, { headers: { Origin: origin, ...(person ? { Cookie: person.cookie } : {}) } });
  const events: Array<Record<string, unknown>> = [];
  ws.on("message", (d) => events.push(JSON.parse(String(d)) as Record<string, unknown>));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("unexpected-response", (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once("error", reject);
  });
  return { ws, events, send: (e) => ws.send(JSON.stringify(e)), close: () => ws.close() };
}

/** The database behind a server started with the embedded PostgreSQL in `dataDir`. */
export async function openDatabase(dataDir: string) {
  const db = await connectEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  return {
    query: <T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]) => client.query<T>(text, values),
    close: async () => {
      await client.end();
      await db.stop();
    },
  };
}
