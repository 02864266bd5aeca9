// A test-only way to change a running server (decision 0034). The end-to-end tests share a few servers instead of
// starting one per file; a file that needs Safe Play's clock at a given instant, a short notice delay, another
// organisation name or other sign-in limits sets them here, and puts them back when it ends.
//
// Only a server started with TEST_HOOKS=on (the test harness sets it, tests/e2e/support/server.ts) answers. Every
// other server, production included, answers 404 at these addresses, as for any address it does not have.
import express, { type Express } from "express";
import { z } from "zod";
import { setAppSetting } from "../app/models/settings.server";
import type { Config } from "./config";
import type { AppServices } from "./context";

export const TEST_HOOKS_PATH = "/__test/settings";
/** The role command (npm run user:role), run inside the server: making a test's coach costs no Node start. */
export const TEST_USER_ROLE_PATH = "/__test/user-role";

const TrustProxy = z.union([z.literal(false), z.number().int().min(1).max(10)]);

/** What a test may set. A field left out stays as it is; null puts back the value the server started with. */
export const TestSettingsSchema = z
  .object({
    /** Safe Play's clock (SAFE_PLAY_NOW): ages, quiet hours, bookings' notice, "today". */
    now: z.iso.datetime({ offset: true }).nullable(),
    /** NOTIFY_DELAY_SECONDS: how long an unread message waits before its mail (read by the database's trigger). */
    notifyDelaySeconds: z.number().int().min(1).max(86_400).nullable(),
    orgName: z.string().trim().min(1).max(200).nullable(),
    calendarUrl: z.url({ protocol: /^https$/ }).nullable(),
    trustProxy: TrustProxy.nullable(),
    signInLimits: z
      .object({ perIp: z.number().int().min(1), perAccount: z.number().int().min(1), accountWide: z.number().int().min(1) })
      .partial()
      .nullable(),
    /** The card provider (STRIPE_*): a file that pays through the tests' loopback payment service (issue 41). */
    stripe: z.object({ secretKey: z.string().min(1), webhookSecret: z.string().min(1), apiUrl: z.url() }).nullable(),
  })
  .partial()
  .strict();
export type TestSettings = z.infer<typeof TestSettingsSchema>;

function current(config: Config) {
  return {
    now: config.safePlay.clockFixed ? config.safePlay.clock().toISOString() : null,
    notifyDelaySeconds: config.mail.notifyDelaySeconds,
    orgName: config.site.orgName,
    calendarUrl: config.site.calendarUrl,
    trustProxy: config.trustProxy,
    signInLimits: { ...config.signInLimits },
    stripe: config.stripe ? { ...config.stripe } : null,
  };
}

/**
 * Mounts /__test/settings: answering only when the server was started with TEST_HOOKS=on, 404 otherwise.
 * `onChange` runs after a change (the page cache forgets pages made with the old settings).
 */
export function mountTestHooks(app: Express, services: AppServices, onChange: () => void) {
  const { config } = services;
  if (!config.testHooks) {
    app.all(["/__test", "/__test/*splat"], (_req, res) => void res.status(404).type("text/plain").send("Not found"));
    return;
  }
  console.warn("TEST_HOOKS is on: this server's clock and settings can be changed at /__test/settings. Tests only.");
  const started = current(config);
  const startedClock = config.safePlay.clock;
  const startedClockFixed = config.safePlay.clockFixed;
  app.get(TEST_HOOKS_PATH, (_req, res) => void res.json(current(config)));
  app.post(TEST_HOOKS_PATH, express.json({ limit: "10kb" }), async (req, res) => {
    const parsed = TestSettingsSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
      return;
    }
    const s = parsed.data;
    if (s.now !== undefined) {
      if (s.now === null) {
        config.safePlay.clock = startedClock;
        config.safePlay.clockFixed = startedClockFixed;
      } else {
        const fixed = new Date(s.now);
        config.safePlay.clock = () => new Date(fixed);
        config.safePlay.clockFixed = true;
      }
    }
    if (s.notifyDelaySeconds !== undefined) {
      config.mail.notifyDelaySeconds = s.notifyDelaySeconds ?? started.notifyDelaySeconds;
      await setAppSetting(services.db, "notify_delay_seconds", String(config.mail.notifyDelaySeconds));
    }
    if (s.orgName !== undefined) config.site.orgName = s.orgName ?? started.orgName;
    if (s.calendarUrl !== undefined) config.site.calendarUrl = s.calendarUrl ?? started.calendarUrl;
    if (s.trustProxy !== undefined) {
      config.trustProxy = s.trustProxy ?? started.trustProxy;
      app.set("trust proxy", config.trustProxy);
    }
    if (s.signInLimits !== undefined) Object.assign(config.signInLimits, s.signInLimits ?? started.signInLimits);
    if (s.stripe !== undefined) config.stripe = s.stripe ?? started.stripe ?? undefined;
    onChange();
    res.json(current(config));
  });
  app.post(TEST_USER_ROLE_PATH, express.json({ limit: "10kb" }), async (req, res) => {
    const args = z
      .array(z.string().max(200))
      .min(1)
      .max(8)
      .safeParse((req.body as { args?: unknown } | undefined)?.args);
    if (!args.success) {
      res.status(400).json({ error: "args: the command's arguments, as a list of strings" });
      return;
    }
    // The command as the command line runs it beside the server (cli/user-role.ts), with its output and exit code:
    // the same environment, except Safe Play's clock, which a command reads from the real one.
    const { SAFE_PLAY_NOW: _serverClock, ...env } = process.env;
    const { runUserRoleCommand } = await import("../cli/user-role-command");
    res.json(await runUserRoleCommand(args.data, env));
  });
}
