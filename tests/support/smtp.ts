// A real SMTP server on loopback for tests (smtp-server + mailparser): the site's mail goes through nodemailer and
// SMTP exactly as in production, and tests read what arrived. Used by integration and end-to-end tests.
import net from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  /** Every http(s) address in the text part, in order. */
  links: string[];
  raw: ParsedMail;
  /** The message as it came over SMTP (the shared mail sink hands it to test files: tests/e2e/support/mail.ts). */
  source: Buffer;
};

/** A received message, parsed. */
export async function parseMail(source: Buffer): Promise<ReceivedMail> {
  const parsed = await simpleParser(source);
  const toField = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
  const text = parsed.text ?? "";
  return {
    to: toField.flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase())),
    from: parsed.from?.text ?? "",
    subject: parsed.subject ?? "",
    text,
    html: typeof parsed.html === "string" ? parsed.html : "",
    headers: parsed.headers,
    links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
    raw: parsed,
    source,
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export type TestSmtp = {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Waits for a mail to `to` matching `predicate` (subject text or function). */
  waitFor: (to: string, match?: string | ((m: ReceivedMail) => boolean), timeoutMs?: number) => Promise<ReceivedMail>;
  /** Mail received so far for one address. */
  mailTo: (to: string) => ReceivedMail[];
  /**
   * Holds the next mail to `to` in the DATA phase: no answer, so the sender waits as on a slow server, and nothing is
   * received until `release()`. `started` resolves once the sender is in the DATA phase.
   */
  holdNext: (to: string) => { started: Promise<void>; release: () => void };
  stop: () => Promise<void>;
};

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts an SMTP server on 127.0.0.1 (a given port lets a test stop it and start it again at the same address). */
export async function startTestSmtp(port?: number): Promise<TestSmtp> {
  const p = port ?? (await freeLoopbackPort());
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const holds = new Map<string, { start: () => void; released: Promise<void> }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const held = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).find((a) => holds.has(a));
      const hold = held === undefined ? undefined : holds.get(held);
      if (held !== undefined) holds.delete(held);
      hold?.start();
      (hold?.released ?? Promise.resolve())
        .then(() => readAll(stream))
        .then(parseMail)
        .then((mail) => {
          mails.push(mail);
          for (const w of waiters) w();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(p, "127.0.0.1", () => resolve());
  });
  const mailTo = (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${p}`,
    port: p,
    mails,
    mailTo,
    holdNext: (to) => {
      let start = () => {};
      let release = () => {};
      const started = new Promise<void>((resolve) => (start = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(to.toLowerCase(), { start, released });
      return { started, release };
    },
    waitFor: (to, match, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const test = (m: ReceivedMail) => (match === undefined ? true : typeof match === "string" ? m.subject.includes(match) : match(m));
        const check = () => {
          const found = mailTo(to).find(test);
          if (found) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no mail to ${to}${typeof match === "string" ? ` with "${match}"` : ""} within ${timeoutMs} ms; received: ${mails.map((m) => `${m.to.join(",")}: ${m.subject}`).join(" | ") || "nothing"}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
