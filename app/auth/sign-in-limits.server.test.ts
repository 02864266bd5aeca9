// Sign-in limits that hold (decision 0024), against a real PostgreSQL and Better Auth: guesses sent at once are
// counted before they are checked, and a stranger's guesses throttle the stranger, not the account's owner.
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { rateLimits } from "../../db/schema";
import { createAuth } from "../../server/auth";
import { loadConfig } from "../../server/config";
import { createTestDatabase } from "../../tests/support/test-db";
import { clearSignInLimits, signInWithPassword, signUpWithPassword, type AuthResult } from "./accounts.server";

const { db } = await createTestDatabase();
const config = loadConfig({
  SIGNIN_LIMIT_PER_IP: "20",
  SIGNIN_LIMIT_PER_ACCOUNT: "8",
  SIGNIN_LIMIT_ACCOUNT_WIDE: "50",
  SIGNUP_LIMIT_PER_IP: "1000",
  DATA_DIR: "/nonexistent",
  // A cheap hash (decision 0034): these tests count which passwords are checked, not how slowly.
  TEST_PASSWORD_HASH: "fast",
});
const secret = "test-secret-test-secret-test-secret-0123";
const auth = createAuth(db, config, secret);

/** A request from `clientIp`, counting how many passwords Better Auth was asked to check. */
function from(clientIp: string) {
  const checked = { count: 0 };
  const api = {
    ...auth.api,
    signInEmail: ((...args: Parameters<typeof auth.api.signInEmail>) => {
      checked.count++;
      return auth.api.signInEmail(...args);
    }) as typeof auth.api.signInEmail,
  };
  const context = { db, auth: { ...auth, api }, config, secret, cspNonce: "", clientIp } as unknown as AppLoadContext;
  return { context, checked };
}

const request = () => new Request("http://localhost:3000/signin", { method: "POST" });
const statusOf = (r: AuthResult) => (r.ok ? 200 : r.status);
let n = 0;
async function account() {
  const email = `owner-${++n}-${Date.now()}@example.com`;
  const made = await signUpWithPassword(request(), from("192.0.2.1").context, {
    fullName: "Olive Owner",
    email,
    password: "right-password",
    kind: "guardian",
    dateOfBirth: "1980-02-02",
  });
  expect(made.ok).toBe(true);
  return email;
}
const TOO_MANY = 'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password with "Forgot your password?".';

describe("sign-in limits counted before the check", () => {
  it("checks at most 20 of 200 guesses sent at once from one address; the rest get 429 and when to retry", async () => {
    const { context, checked } = from("203.0.113.10");
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signInWithPassword(request(), context, { email: `nobody-${i}@example.com`, password: "guess" })),
    );
    expect(checked.count).toBeLessThanOrEqual(20);
    expect(results.filter((r) => statusOf(r) === 400)).toHaveLength(checked.count);
    const refused = results.filter((r) => statusOf(r) === 429);
    expect(refused).toHaveLength(200 - checked.count);
    for (const r of refused) {
      expect(r).toMatchObject({ ok: false, error: TOO_MANY });
      expect(!r.ok && r.retryAfterSeconds).toBeGreaterThan(800);
    }
  });

  it("checks at most 8 of 200 guesses at one account sent at once, so the right password among them does not get through", async () => {
    const email = await account();
    const { context, checked } = from("203.0.113.11");
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 150 ? "right-password" : `wrong-${i}`));
    const results = await Promise.all(guesses.map((password) => signInWithPassword(request(), context, { email, password })));
    expect(checked.count).toBeLessThanOrEqual(8);
    expect(results.filter((r) => statusOf(r) !== 429)).toHaveLength(checked.count);
    // The 151st guess, sent after 150 others, is refused before its password is looked at.
    expect(statusOf(results[150]!)).toBe(429);
    // Afterwards too, from that address, even with the right password.
    expect(statusOf(await signInWithPassword(request(), context, { email, password: "right-password" }))).toBe(429);
  });

  it("does not count successful sign-ins: a school network signs in all day", async () => {
    const email = await account();
    const { context } = from("203.0.113.12");
    for (let i = 0; i < 19; i++) await signInWithPassword(request(), context, { email: `typo-${i}@example.com`, password: "x" });
    for (let i = 0; i < 30; i++) expect(statusOf(await signInWithPassword(request(), context, { email, password: "right-password" }))).toBe(200);
  });
});

describe("a stranger cannot lock the owner out", () => {
  it("a stranger's eight wrong guesses stop the stranger, and the owner still signs in from home", async () => {
    const email = await account();
    const stranger = from("198.51.100.66").context;
    for (let i = 0; i < 8; i++) expect(statusOf(await signInWithPassword(request(), stranger, { email, password: `wrong-${i}` }))).toBe(400);
    const blocked = await signInWithPassword(request(), stranger, { email, password: "right-password" });
    expect(blocked).toMatchObject({ ok: false, status: 429, error: TOO_MANY });
    const owner = await signInWithPassword(request(), from("192.0.2.44").context, { email, password: "right-password" });
    expect(owner.ok).toBe(true);
  });

  it("many addresses reach the account-wide cap; the owner is refused until a password reset clears the account's counts", async () => {
    const email = await account();
    for (let a = 0; a < 7; a++) {
      const guesser = from(`198.51.100.${100 + a}`).context;
      for (let i = 0; i < 8; i++) await signInWithPassword(request(), guesser, { email, password: `wrong-${a}-${i}` });
    }
    const home = from("192.0.2.45").context;
    expect(await signInWithPassword(request(), home, { email, password: "right-password" })).toMatchObject({ status: 429, error: TOO_MANY });
    // The refusal gave back the owner's own count: their address is not used up by trying.
    const keys = await db.select().from(rateLimits);
    expect(keys.find((k) => k.key === "signin:ip:192.0.2.45")?.count).toBe(0);
    // No address is stored in a key.
    expect(keys.some((k) => k.key.includes("@"))).toBe(false);

    // What Better Auth's onPasswordReset runs once the mailed link is followed (tests/e2e/limits.test.ts follows it).
    await clearSignInLimits(db, secret, email.toUpperCase());
    expect((await signInWithPassword(request(), home, { email, password: "right-password" })).ok).toBe(true);
  });
});
