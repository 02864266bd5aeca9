// The shared servers' mail (decision 0034): one real SMTP server on loopback (tests/support/smtp.ts) in the test
// run's main process receives what every shared server sends; test files run in other processes and read it over a
// small HTTP API beside it. Every test's people have addresses of their own (uniqueEmail), so a file reads only the
// mail sent to them, whichever files run beside it.
import http from "node:http";
import type net from "node:net";
import { inject } from "vitest";
import { parseMail, startTestSmtp, type ReceivedMail } from "../../support/smtp";

declare module "vitest" {
  export interface ProvidedContext {
    mailSink: { smtpUrl: string; apiUrl: string };
  }
}

/** Starts the sink (global setup): the SMTP server and its reading API. */
export async function startMailSink() {
  const smtp = await startTestSmtp();
  const holds = new Map<string, { started: Promise<void>; release: () => void }>();
  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://sink");
    const to = (url.searchParams.get("to") ?? "").toLowerCase();
    const answer = (status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "GET" && url.pathname === "/mail") {
      return answer(
        200,
        smtp.mailTo(to).map((m) => m.source.toString("base64")),
      );
    }
    if (req.method === "POST" && url.pathname === "/hold") {
      holds.set(to, smtp.holdNext(to));
      return answer(200, { held: to });
    }
    if (req.method === "GET" && url.pathname === "/hold/started") {
      const hold = holds.get(to);
      if (!hold) return answer(404, { error: `no hold for ${to}` });
      return void hold.started.then(() => answer(200, { started: to }));
    }
    if (req.method === "POST" && url.pathname === "/hold/release") {
      holds.get(to)?.release();
      holds.delete(to);
      return answer(200, { released: to });
    }
    answer(404, { error: "not found" });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", () => resolve()));
  const { port } = api.address() as net.AddressInfo;
  return {
    smtpUrl: smtp.url,
    apiUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
      await smtp.stop();
    },
  };
}

export type Mailbox = {
  /** The SMTP address the shared servers send to. */
  smtpUrl: string;
  /** Mail received so far for one address, oldest first. */
  mailTo: (to: string) => Promise<ReceivedMail[]>;
  /** Waits for a mail to `to` matching `match` (subject text or function). */
  waitFor: (to: string, match?: string | ((m: ReceivedMail) => boolean), timeoutMs?: number) => Promise<ReceivedMail>;
  /**
   * Holds the next mail to `to` in the DATA phase (the sender waits as on a slow server) until `release()`;
   * `started` resolves once the sender is in the DATA phase.
   */
  holdNext: (to: string) => Promise<{ started: Promise<void>; release: () => Promise<void> }>;
};

/** The shared mail sink, as a test file reads it. */
export function sharedMailbox(): Mailbox {
  const { smtpUrl, apiUrl } = inject("mailSink");
  const call = async (method: string, path: string, to: string) => {
    const res = await fetch(`${apiUrl}${path}?${new URLSearchParams({ to })}`, { method });
    if (!res.ok) throw new Error(`mail sink: ${method} ${path} for ${to} answered ${res.status}`);
    return res.json() as Promise<unknown>;
  };
  const mailTo = async (to: string) => Promise.all(((await call("GET", "/mail", to)) as string[]).map((b) => parseMail(Buffer.from(b, "base64"))));
  return {
    smtpUrl,
    mailTo,
    waitFor: async (to, match, timeoutMs = 30_000) => {
      const test = (m: ReceivedMail) => (match === undefined ? true : typeof match === "string" ? m.subject.includes(match) : match(m));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mails = await mailTo(to);
        const found = mails.find(test);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no mail to ${to}${typeof match === "string" ? ` with "${match}"` : ""} within ${timeoutMs} ms; received: ${mails.map((m) => m.subject).join(" | ") || "nothing"}`,
          );
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    holdNext: async (to) => {
      await call("POST", "/hold", to);
      return { started: call("GET", "/hold/started", to).then(() => undefined), release: async () => void (await call("POST", "/hold/release", to)) };
    },
  };
}
