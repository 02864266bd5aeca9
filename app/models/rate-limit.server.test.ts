import { eq, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { clearRateLimit, hitRateLimit } from "./rate-limit.server";

const { db, url } = await createTestDatabase();

describe("hitRateLimit", () => {
  it("allows up to the limit in a window, then refuses with the time left", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, "k1", 3, 600));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(590);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(600);
  });

  it("starts a new window once the old one has passed", async () => {
    await hitRateLimit(db, "k2", 1, 600);
    expect((await hitRateLimit(db, "k2", 1, 600)).allowed).toBe(false);
    // The window's end moved into the past: as if its ten minutes had gone by (the clock is PostgreSQL's now()).
    await db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, "k2"));
    expect((await hitRateLimit(db, "k2", 1, 600)).allowed).toBe(true);
    // ...and that attempt opened a new window of the full length.
    const next = await hitRateLimit(db, "k2", 1, 600);
    expect(next.allowed).toBe(false);
    expect(next.retryAfterSeconds).toBeGreaterThan(590);
  });

  it("counts exactly across several processes' connection pools hitting at once", async () => {
    const other = createDb(url, 5);
    try {
      const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => hitRateLimit(i % 2 ? db : other.db, "k3", 10, 600)));
      expect(hits.filter((h) => h.allowed)).toHaveLength(10);
    } finally {
      await other.pool.end();
    }
  });

  it("clearRateLimit forgets the counter", async () => {
    await hitRateLimit(db, "k4", 1, 600);
    await clearRateLimit(db, "k4");
    expect((await hitRateLimit(db, "k4", 1, 600)).allowed).toBe(true);
  });
});
