// The test-only password hash (decision 0034): off unless TEST_PASSWORD_HASH=fast, and then still a real hash that
// refuses a wrong password; the test hooks are off unless TEST_HOOKS=on, and the database waits for the disk unless TEST_DATABASE=throwaway. Against a real PostgreSQL and Better Auth.
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, users } from "../db/schema";
import { createTestDatabase } from "../tests/support/test-db";
import { createAuth } from "./auth";
import { ConfigError, loadConfig } from "./config";
import { testPasswordHash } from "./test-password-hash";

const { db } = await createTestDatabase();
const secret = "test-secret-test-secret-test-secret-0123";

/** Signs a person up through Better Auth on a server with `env`; answers the stored hash and whether sign-in works. */
async function signUpAndIn(env: Record<string, string>) {
  const auth = createAuth(db, loadConfig({ DATA_DIR: "/nonexistent", ...env }), secret);
  const email = `hash-${Math.random().toString(36).slice(2)}@example.com`;
  await auth.api.signUpEmail({ body: { name: "Hana Hash", email, password: "right-password" } });
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(users.email, email));
  const signIn = (password: string) =>
    auth.api.signInEmail({ body: { email, password } }).then(
      () => true,
      () => false,
    );
  return { stored: row!.password!, right: await signIn("right-password"), wrong: await signIn("wrong-password") };
}

describe("the password hash", () => {
  it("is Better Auth's own scrypt unless TEST_PASSWORD_HASH=fast is set", async () => {
    expect(loadConfig({}).testPasswordHash).toBe("standard");
    const standard = await signUpAndIn({});
    expect(standard.stored).not.toMatch(/^test-scrypt:/);
    expect(standard.stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(standard).toMatchObject({ right: true, wrong: false });
  });

  it("with TEST_PASSWORD_HASH=fast is a cheap scrypt that still refuses a wrong password", async () => {
    const fast = await signUpAndIn({ TEST_PASSWORD_HASH: "fast" });
    expect(fast.stored).toMatch(/^test-scrypt:[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(fast).toMatchObject({ right: true, wrong: false });
  });

  it("with TEST_PASSWORD_HASH=fast still checks a password stored with the standard hash", async () => {
    const stored = await hashPassword("kept-password");
    expect(await testPasswordHash.verify({ hash: stored, password: "kept-password" })).toBe(true);
    expect(await testPasswordHash.verify({ hash: stored, password: "other-password" })).toBe(false);
  });

  it("refuses a value it does not know, so a typo cannot leave it on or off unseen", () => {
    expect(() => loadConfig({ TEST_PASSWORD_HASH: "quick" })).toThrow(ConfigError);
    expect(() => loadConfig({ TEST_HOOKS: "yes" })).toThrow(ConfigError);
  });
});

describe("the test hooks", () => {
  it("are off unless TEST_HOOKS=on is set", () => {
    expect(loadConfig({}).testHooks).toBe(false);
    expect(loadConfig({ TEST_HOOKS: "off" }).testHooks).toBe(false);
    expect(loadConfig({ TEST_HOOKS: "on" }).testHooks).toBe(true);
  });
});

describe("the throwaway test database", () => {
  it("is off unless TEST_DATABASE=throwaway is set, and a typo is refused", () => {
    expect(loadConfig({}).testDatabaseThrowaway).toBe(false);
    expect(loadConfig({ TEST_DATABASE: "durable" }).testDatabaseThrowaway).toBe(false);
    expect(loadConfig({ TEST_DATABASE: "throwaway" }).testDatabaseThrowaway).toBe(true);
    expect(() => loadConfig({ TEST_DATABASE: "fast" })).toThrow(ConfigError);
  });
});
