import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("reads Safe Play's quiet hours (default 20:00-08:00) and an optional fixed clock for tests", () => {
    const c = loadConfig({});
    expect(c.messaging.safePlay.quietHours).toEqual({ start: 20 * 60, end: 8 * 60 });
    expect(c.messaging.safePlay.clockFixed).toBe(false);
    const fixed = loadConfig({ QUIET_HOURS: "21:30-07:00", SAFE_PLAY_NOW: "2026-06-15T21:00:00-04:00" });
    expect(fixed.messaging.safePlay.quietHours).toEqual({ start: 21 * 60 + 30, end: 7 * 60 });
    expect(fixed.messaging.safePlay.clock().toISOString()).toBe("2026-06-16T01:00:00.000Z");
    expect(() => loadConfig({ QUIET_HOURS: "8pm-8am" })).toThrow(
      "Invalid configuration: QUIET_HOURS: QUIET_HOURS must be two 24-hour times such as 20:00-08:00",
    );
    expect(() => loadConfig({ SAFE_PLAY_NOW: "tonight" })).toThrow("SAFE_PLAY_NOW must be an ISO 8601 instant");
  });

  it("needs nothing: defaults for a first run", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.databaseUrl).toBeUndefined();
    expect(c.secure).toBe(false);
    expect(c.google).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    // No stranger's calendar by default: /calendar shows the organisation's own schedule.
    expect(c.site.calendarUrl).toBeNull();
    expect(c.site.timeZone).toBe("America/New_York");
  });

  it("reads the organisation's time zone and an optional calendar to embed", () => {
    const c = loadConfig({ ORG_TIME_ZONE: "Europe/Berlin", CALENDAR_URL: "https://calendar.example.org/embed" });
    expect(c.site).toMatchObject({ timeZone: "Europe/Berlin", calendarUrl: "https://calendar.example.org/embed" });
  });

  it("reads PUBLIC_URL, marks https as secure", () => {
    const c = loadConfig({ PUBLIC_URL: "https://tennis.example.org/", PORT: "8080" });
    expect(c.publicUrl).toBe("https://tennis.example.org");
    expect(c.secure).toBe(true);
    expect(c.port).toBe(8080);
  });

  it.each([
    [{ PORT: "eighty" }, "Invalid configuration: PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL must start with postgres:// or postgresql://"],
    [{ PUBLIC_URL: "ftp://x" }, "PUBLIC_URL must be an http(s) address"],
    [{ CONTACT_EMAIL: "nope" }, "CONTACT_EMAIL must be an email address"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET must be at least 32 characters"],
    [{ ORG_TIME_ZONE: "Mars/Olympus" }, "ORG_TIME_ZONE must be an IANA time zone such as America/New_York"],
    [{ CALENDAR_URL: "http://calendar.example.org" }, "CALENDAR_URL must be an https address"],
    [{ GOOGLE_CLIENT_ID: "id-only" }, "set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither"],
  ])("refuses %j with a clear message", (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(message);
  });

  it("configures Google with the issuer defaulting to Google's", () => {
    const c = loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    expect(c.google).toEqual({ clientId: "id", clientSecret: "secret", issuer: "https://accounts.google.com" });
  });

  it("turns on the YouTube Data API only with a key", () => {
    expect(loadConfig({}).youtube).toBeUndefined();
    expect(loadConfig({ YOUTUBE_API_KEY: "  " }).youtube).toBeUndefined();
    expect(loadConfig({ YOUTUBE_API_KEY: "abc" }).youtube).toEqual({
      apiKey: "abc",
      baseUrl: "https://www.googleapis.com/youtube/v3",
      timeoutMs: 4000,
    });
    expect(() => loadConfig({ YOUTUBE_API_KEY: "abc", YOUTUBE_API_URL: "ftp://x" })).toThrow("YOUTUBE_API_URL must be an http(s) address");
  });

  it("reads the mail settings: no SMTP_URL keeps mail in the outbox; a bad value stops the server with one line", () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: '"Next Level Tennis & Education" <no-reply@localhost.localdomain>',
      notifyDelaySeconds: 120,
      statusHoldSeconds: 120,
    });
    expect(loadConfig({ PUBLIC_URL: "https://tennis.example.org" }).mail.from).toBe('"Next Level Tennis & Education" <no-reply@tennis.example.org>');
    expect(
      loadConfig({
        SMTP_URL: "smtps://u:p@smtp.example.com:465",
        MAIL_FROM: '"Club" <hi@example.org>',
        NOTIFY_DELAY_SECONDS: "5",
        STATUS_MAIL_HOLD_SECONDS: "30",
      }).mail,
    ).toEqual({
      smtpUrl: "smtps://u:p@smtp.example.com:465",
      from: '"Club" <hi@example.org>',
      notifyDelaySeconds: 5,
      statusHoldSeconds: 30,
    });
    expect(() => loadConfig({ SMTP_URL: "http://smtp.example.com" })).toThrow("SMTP_URL must look like smtp://user:pass@host:587");
    expect(() => loadConfig({ MAIL_FROM: "not an address" })).toThrow("MAIL_FROM must be an address");
    expect(() => loadConfig({ NOTIFY_DELAY_SECONDS: "0" })).toThrow("NOTIFY_DELAY_SECONDS must be at least 1");
  });

  it("reads TRUST_PROXY as a hop count or a list of proxies, never as 'trust everyone'", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1,loopback" }).trustProxy).toEqual(["127.0.0.1", "10.0.0.0/8", "::1", "loopback"]);
    for (const bad of ["yes", "*", "0.0.0.0/33", "10.0.0.1/8/2", "127.0.0.1,nope", "100"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        "TRUST_PROXY must be false, the number of proxies in front (1 to 10), or their addresses",
      );
    }
  });
});
