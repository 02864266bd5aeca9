// Every setting the server reads, checked once at start-up. A bad value stops the server with one clear line.
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import type { SiteConfig } from "../app/lib/site-config";
import { parseQuietHours } from "../app/lib/quiet-hours";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.includes("/") || zone === "UTC";
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "PUBLIC_URL must be an http(s) address" }).optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional()),
  TRUST_PROXY: z.string().default("false").transform(parseTrustProxy),
  ORG_NAME: z.string().trim().min(1).default("Next Level Tennis & Education"),
  CONTACT_PHONE: z.string().trim().min(7, "CONTACT_PHONE looks too short").default("(202) 555-0147"),
  CONTACT_EMAIL: z.email({ message: "CONTACT_EMAIL must be an email address" }).default("info@nextleveltennis.example.org"),
  // Optional: an external calendar to embed on /calendar. Without it the page shows the organisation's own schedule.
  CALENDAR_URL: optionalText.pipe(z.url({ protocol: /^https$/, message: "CALENDAR_URL must be an https address" }).optional()),
  // The organisation's time zone: every date and time on the site (server and browser alike), event times, "today",
  // cancellation notices and the calendar feed's VTIMEZONE.
  ORG_TIME_ZONE: z.string().trim().default("America/New_York").refine(isTimeZone, "ORG_TIME_ZONE must be an IANA time zone such as America/New_York"),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.url({ message: "GOOGLE_ISSUER must be an address" }).default("https://accounts.google.com"),
  BACKUP_KEEP: z.coerce.number().int().min(1, "BACKUP_KEEP must be at least 1").max(10_000).default(14),
  SIGNIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  SIGNIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(8),
  SIGNIN_LIMIT_ACCOUNT_WIDE: z.coerce.number().int().min(1).default(50),
  SIGNIN_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  SIGNUP_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  // Web Push (issue 27): the VAPID key pair that signs what the site sends to browsers' push services. Generated and
  // kept like AUTH_SECRET when not set (server/push-keys.ts); set both to keep them across fresh installs.
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, "VAPID_PUBLIC_KEY must be a base64url P-256 public key")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, "VAPID_PRIVATE_KEY must be a base64url P-256 private key")
      .optional(),
  ),
  // How soon an unread message is pushed to a device that takes notifications (mail waits NOTIFY_DELAY_SECONDS).
  PUSH_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  // The push services the site sends to: a subscription naming any other host is refused, so the server never posts
  // to an address a visitor chose. Tests add their loopback push service.
  PUSH_SERVICE_HOSTS: z
    .string()
    .default("fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  // Optional: fills in a new video's duration, views, channel and thumbnail.
  YOUTUBE_API_KEY: optionalText,
  YOUTUBE_API_URL: z
    .url({ protocol: /^https?$/, message: "YOUTUBE_API_URL must be an http(s) address" })
    .default("https://www.googleapis.com/youtube/v3"),
  YOUTUBE_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(4000),
  // Payments online (issue 41, decision 0044): the organisation's own Stripe account, both or neither. Without them the
  // site works fully and families read how to pay in person. STRIPE_API_URL points the SDK elsewhere (the tests' loopback).
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "STRIPE_API_URL must be an http(s) address" }).optional()),
  // Outgoing mail. Without SMTP_URL mail stays in the outbox (`npm run mail:outbox` shows it).
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, "SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465")
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(z.string().max(300).optional()),
  NOTIFY_DELAY_SECONDS: z.coerce.number().int().min(1, "NOTIFY_DELAY_SECONDS must be at least 1").max(86_400).default(120),
  // How long a request's status mail waits for a later step to replace it (decision 0052).
  STATUS_MAIL_HOLD_SECONDS: z.coerce.number().int().min(0).max(3_600).default(120),
  // Messaging limits (docs/decisions/0009): per person, across every app process.
  MESSAGE_BURST: z.coerce.number().int().min(1).max(10_000).default(20),
  MESSAGE_RATE_PER_SECOND: z.coerce.number().min(0.01).max(1000).default(1),
  ATTACHMENT_QUOTA_MB_PER_DAY: z.coerce.number().min(0).max(100_000).default(50),
  SOCKETS_PER_PERSON: z.coerce.number().int().min(1).max(10_000).default(10),
  // Safe Play (decision 0022): coaches cannot message a conversation with a minor during these hours (ORG_TIME_ZONE).
  QUIET_HOURS: z
    .string()
    .trim()
    .default("20:00-08:00")
    .refine((v) => parseQuietHours(v) !== null, "QUIET_HOURS must be two 24-hour times such as 20:00-08:00"),
  // For tests and drills only: the instant the Safe Play rules (ages, quiet hours) take as now.
  SAFE_PLAY_NOW: optionalText.pipe(
    z.iso.datetime({ offset: true, message: "SAFE_PLAY_NOW must be an ISO 8601 instant such as 2026-06-15T21:00:00-04:00" }).optional(),
  ),
  // For the test harness only (decision 0034), never set in production: TEST_HOOKS=on lets a test change a running
  // server's clock and a few settings (server/test-hooks.ts; every other server answers 404 there), and
  // TEST_PASSWORD_HASH=fast hashes new passwords cheaply (server/test-password-hash.ts), and TEST_DATABASE=throwaway
  // lets the embedded database skip waiting for the disk (server/embedded-postgres.ts: data a test throws away).
  TEST_HOOKS: z.enum(["", "off", "on"], { message: "TEST_HOOKS must be on or off (tests only)" }).default(""),
  TEST_PASSWORD_HASH: z.enum(["", "standard", "fast"], { message: "TEST_PASSWORD_HASH must be fast or standard (tests only)" }).default(""),
  TEST_DATABASE: z.enum(["", "durable", "throwaway"], { message: "TEST_DATABASE must be durable or throwaway (tests only)" }).default(""),
});

/**
 * Which proxies may tell us the visitor's address (X-Forwarded-For). Never "every address": a number is how many
 * proxies stand in front (1 behind one Caddy), a list names the proxies (addresses, CIDR ranges, or Express's
 * names loopback, linklocal, uniquelocal). `true` is one proxy, for settings written before this existed.
 * See docs/decisions/0016-proxy-health-and-stopping.md.
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  const version = net.isIP(address ?? "");
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(raw: string, ctx: z.RefinementCtx): TrustProxy {
  const v = raw.trim().toLowerCase();
  if (v === "" || v === "false" || v === "0") return false;
  if (v === "true") return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 10) return hops;
  }
  const entries = v
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length && entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: "custom",
    message: "TRUST_PROXY must be false, the number of proxies in front (1 to 10), or their addresses (e.g. 127.0.0.1,10.0.0.0/8 or loopback)",
  });
  return z.NEVER;
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("Invalid configuration: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither");
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError("Invalid configuration: set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither");
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError("Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither");
  }
  if (e.MAIL_FROM && !/^(?:"?[^"<>]*"?\s*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(e.MAIL_FROM)) {
    throw new ConfigError('Invalid configuration: MAIL_FROM must be an address, optionally with a name: "Name" <mail@example.org>');
  }
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`);
  const safePlay = safePlaySettings(e.ORG_TIME_ZONE, e.QUIET_HOURS, e.SAFE_PLAY_NOW);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV !== "development",
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: publicUrl.origin,
    publicUrlConfigured: Boolean(e.PUBLIC_URL),
    secure: publicUrl.protocol === "https:",
    authSecret: e.AUTH_SECRET,
    trustProxy: e.TRUST_PROXY,
    backupKeep: e.BACKUP_KEEP,
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET!, issuer: e.GOOGLE_ISSUER.replace(/\/$/, "") }
      : undefined,
    signInLimits: {
      perIp: e.SIGNIN_LIMIT_PER_IP,
      /** Failed attempts at one account from one address (decision 0024). */
      perAccount: e.SIGNIN_LIMIT_PER_ACCOUNT,
      /** Failed attempts at one account from every address together: a password reset clears them. */
      accountWide: e.SIGNIN_LIMIT_ACCOUNT_WIDE,
      windowSeconds: e.SIGNIN_LIMIT_WINDOW_SECONDS,
      signUpsPerIpPerHour: e.SIGNUP_LIMIT_PER_IP,
    },
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiUrl: e.STRIPE_API_URL } : undefined,
    youtube: e.YOUTUBE_API_KEY ? { apiKey: e.YOUTUBE_API_KEY, baseUrl: e.YOUTUBE_API_URL, timeoutMs: e.YOUTUBE_API_TIMEOUT_MS } : undefined,
    mail: {
      smtpUrl: e.SMTP_URL,
      from:
        e.MAIL_FROM ??
        `"${e.ORG_NAME.replace(/["\\]/g, "")}" <no-reply@${publicUrl.hostname === "localhost" || /^[0-9.]+$/.test(publicUrl.hostname) ? "localhost.localdomain" : publicUrl.hostname}>`,
      notifyDelaySeconds: e.NOTIFY_DELAY_SECONDS,
      statusHoldSeconds: e.STATUS_MAIL_HOLD_SECONDS,
    },
    push: {
      keys: e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY! } : undefined,
      delaySeconds: e.PUSH_DELAY_SECONDS,
      serviceHosts: e.PUSH_SERVICE_HOSTS,
      /** Who the push services may contact about what the site sends (the VAPID subject). */
      subject: `mailto:${e.CONTACT_EMAIL}`,
    },
    /** Safe Play (decision 0022): the organisation's zone, quiet hours and the clock ages and quiet hours are read by. */
    safePlay,
    /** Test-only switches (decision 0034): all off unless the test harness turns them on. */
    testHooks: e.TEST_HOOKS === "on",
    testPasswordHash: e.TEST_PASSWORD_HASH === "fast" ? ("fast" as const) : ("standard" as const),
    testDatabaseThrowaway: e.TEST_DATABASE === "throwaway",
    messaging: {
      burst: e.MESSAGE_BURST,
      perSecond: e.MESSAGE_RATE_PER_SECOND,
      attachmentBytesPerDay: Math.round(e.ATTACHMENT_QUOTA_MB_PER_DAY * 1024 * 1024),
      socketsPerPerson: e.SOCKETS_PER_PERSON,
      // The same settings as `safePlay`: every send goes through createMessage with these limits, so the Safe Play
      // rule is never skipped.
      safePlay,
    },
    site: {
      orgName: e.ORG_NAME,
      phone: e.CONTACT_PHONE,
      email: e.CONTACT_EMAIL,
      calendarUrl: e.CALENDAR_URL ?? null,
      timeZone: e.ORG_TIME_ZONE,
    } satisfies Omit<SiteConfig, "googleEnabled">,
  };
}

export type { SiteConfig };

function safePlaySettings(timeZone: string, quietHours: string, fixedNow: string | undefined) {
  const fixed = fixedNow ? new Date(fixedNow) : null;
  return {
    timeZone,
    quietHours: parseQuietHours(quietHours)!,
    quietHoursText: quietHours,
    clock: fixed ? () => new Date(fixed) : () => new Date(),
    clockFixed: Boolean(fixed),
  };
}
