// Safe Play's model-based search (issue 37) with a fixed seed: a few hundred sequences of every self-service action
// (app/family/safe-play-model/model.ts: a teenager with three addresses, a stranger, a real parent and child, staff),
// through the site's own server functions on a real PostgreSQL, each step judged by the model's oracle. A break ends
// its sequence and is filed under the door it went through; each door is its own test, with the shortest sequence
// that went through it. `npm run attack:safe-play` runs many more, with shrinking.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { contextFor } from "../../tests/support/route-context";
import { commandsArbitrary, DOORS, playSequence, siteFor, type Door, type SafePlayBroken } from "./safe-play-model/model";

const { db, pool } = await createTestDatabase();
// This database is the test's own: its commits need not wait for the disk (the search is all commits).
for (const p of [pool, pool.hotStatements]) p.on("connect", (client) => void client.query("set synchronous_commit = off"));
const site = siteFor(db, (env) => contextFor(db, "visitor", env));
const RUNS = Number(process.env.SAFE_PLAY_RUNS ?? 200);
const SEED = Number(process.env.SAFE_PLAY_SEED ?? 37);

const shortest = new Map<Door, SafePlayBroken>();
beforeAll(async () => {
  await fc.check(
    fc.asyncProperty(commandsArbitrary(8), async (cmds) => {
      await playSequence(site, cmds, {
        checkReads: true,
        ignore: new Set(),
        collect: (broken) => {
          const known = shortest.get(broken.broken.door);
          if (!known || broken.trace.length < known.trace.length) shortest.set(broken.broken.door, broken);
        },
      });
    }),
    { numRuns: RUNS, seed: SEED },
  );
}, 300_000);

const through = (door: Door) => shortest.get(door)?.message ?? null;

describe(`Safe Play holds through ${RUNS} sequences of the whole cast (seed ${SEED})`, () => {
  for (const door of DOORS) {
    it(`no sequence goes through the door "${door}"`, () => {
      expect(through(door)).toBeNull();
    });
  }
});
