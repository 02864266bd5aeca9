import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createAuth } from "../../server/auth";
import { loadConfig } from "../../server/config";
import { createTestDatabase } from "../../tests/support/test-db";
import { signInWithPassword, signUpWithPassword } from "./accounts.server";

const { db, url } = await createTestDatabase();
const config = loadConfig({ SIGNIN_LIMIT_PER_IP: "5", SIGNIN_LIMIT_PER_ACCOUNT: "3", DATA_DIR: "/nonexistent" });
const secret = "test-secret-test-secret-test-secret-0123";

/** One app process: its own pool and auth instance on the shared database. */
function processContext(database = db, clientIp = "203.0.113.9"): AppLoadContext {
  return { db: database, auth: createAuth(database, config, secret), config, secret, cspNonce: "", clientIp };
}

const request = () => new Request("http://localhost:3000/signin", { method: "POST" });
const processA = processContext();

describe("sign-up", () => {
  it("creates the login and a client profile with name and phone", async () => {
    const result = await signUpWithPassword(request(), processA, {
      fullName: "Ada",
      email: "ada@example.com",
      password: "secret12",
      phone: "555-0101",
      kind: "guardian",
      dateOfBirth: "1980-02-02",
    });
    expect(result.ok).toBe(true);
    const rows = await db.execute(sql`select u.full_name, u.phone, u.role, (select count(*)::int from accounts a where a.user_id = u.id) as accounts,
      (select count(*)::int from sessions s where s.user_id = u.id) as sessions from users u where email = 'ada@example.com'`);
    // The sign-up page sends people on to sign in: the session Better Auth made is ended at once.
    expect(rows.rows).toEqual([{ full_name: "Ada", phone: "555-0101", role: "client", accounts: 1, sessions: 0 }]);
  });

  it("keeps the 6-character minimum in the auth library too", async () => {
    await expect(processA.auth.api.signUpEmail({ body: { name: "Short", email: "short@example.com", password: "12345" } })).rejects.toThrow(
      /too short/i,
    );
  });

  it("is all or nothing: if the login cannot be stored, no profile is left behind", async () => {
    await db.execute(sql`create function fail_accounts() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await db.execute(sql`create trigger fail_accounts before insert on accounts for each row execute function fail_accounts()`);
    try {
      const result = await signUpWithPassword(request(), processA, {
        fullName: "Half",
        email: "half@example.com",
        password: "secret12",
        kind: "guardian",
        dateOfBirth: "1980-02-02",
      });
      expect(result).toEqual({ ok: false, status: 500, error: "An unexpected error occurred. Please try again." });
      expect((await db.execute(sql`select 1 from users where email = 'half@example.com'`)).rowCount).toBe(0);
    } finally {
      await db.execute(sql`drop trigger fail_accounts on accounts`);
      await db.execute(sql`drop function fail_accounts`);
    }
  });
});

describe("sign-in limits across several app processes", () => {
  it("counts attempts per address over every process sharing the database", async () => {
    const other = createDb(url, 2);
    const processB = processContext(other.db);
    try {
      const results = [];
      for (let i = 0; i < 6; i++) {
        const ctx = i % 2 ? processB : processA;
        results.push(await signInWithPassword(request(), ctx, { email: `someone-${i}@example.com`, password: "whatever" }));
      }
      expect(results.slice(0, 5).map((r) => (r.ok ? 200 : r.status))).toEqual([400, 400, 400, 400, 400]);
      expect(results[5]).toEqual({
        ok: false,
        status: 429,
        error: 'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password with "Forgot your password?".',
        retryAfterSeconds: expect.any(Number),
      });
      // Another address is not affected.
      const elsewhere = await signInWithPassword(request(), processContext(db, "198.51.100.7"), { email: "ada@example.com", password: "secret12" });
      expect(elsewhere.ok).toBe(true);
    } finally {
      await other.pool.end();
    }
  });
});
