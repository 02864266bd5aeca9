import { createDb } from "../../db/client";
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
    await hitRateLimit(db, "k2", 1, 1);
    expect((await hitRateLimit(db, "k2", 1, 1)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await hitRateLimit(db, "k2", 1, 1)).allowed).toBe(true);
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
