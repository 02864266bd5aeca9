// Safe Play's model-based search (issue 37) with a fixed seed: a few hundred sequences of every self-service action
// (app/family/safe-play-model/model.ts: a teenager with three addresses, a stranger, a real parent and child, staff),
// through the site's own server functions on a real PostgreSQL, each step judged by the model's oracle. A break ends
// its sequence and is filed under the door it went through; each door is its own test, with the shortest sequence
// that went through it. `npm run attack:safe-play` runs many more, with shrinking.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { contextFor } from "../../tests/support/route-context";
import { commandsArbitrary, DOORS, playSequence, SafePlayBroken, siteFor, step, type Door } from "./safe-play-model/model";

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

/** A sequence played to its end: null when it held, else the break. */
async function replay(steps: ReturnType<typeof step>[]) {
  try {
    await playSequence(site, steps, { checkReads: true, ignore: new Set() });
    return null;
  } catch (err) {
    if (err instanceof SafePlayBroken) return err.message;
    throw err;
  }
}

// The shortest ways through each door the model found on the code before issue 37's fixes (commit c55f83f), replayed:
// each must hold now.
describe("the doors the search found before issue 37, replayed", () => {
  it("an unconfirmed guardian (the teen's second address) makes the teen an adult: no coach reaches him", async () => {
    expect(
      await replay([
        step("invite-guardian", { who: "t1", email: "t2" }),
        step("sign-up", { who: "t2", kind: "guardian", age: 45 }),
        step("accept-invitation", { n: 0 }),
        step("edit-athlete", { who: "t2", athlete: "t1", name: "Jordan Carter", age: 19 }),
      ]),
    ).toBeNull();
  });

  it("a parent nobody confirmed makes their child an adult: no coach reaches the child", async () => {
    expect(await replay([step("edit-athlete", { who: "p", athlete: "C", name: "Casey Parker", age: 45 })])).toBeNull();
  });

  it("confirmation does not pass to a child added after it, nor to a teenager who invited a confirmed guardian", async () => {
    expect(
      await replay([step("confirm-family", { who: "K1", of: "p", everyone: true }), step("add-athlete", { who: "p", name: "Mallory Kid", age: 10 })]),
    ).toBeNull();
    expect(
      await replay([
        step("confirm-family", { who: "K1", of: "p", everyone: true }),
        step("invite-guardian", { who: "t1", email: "p" }),
        step("accept-invitation", { n: 0 }),
      ]),
    ).toBeNull();
  });

  it("an invitation sent before confirmation does not add the teen's own account as the only adult", async () => {
    expect(
      await replay([
        step("invite-guardian", { who: "t1", email: "p" }),
        step("invite-guardian", { who: "t1", email: "t2" }),
        step("accept-invitation", { n: 0 }),
        step("confirm-family", { who: "K1", of: "p", everyone: true }),
        step("sign-up", { who: "t2", kind: "guardian", age: 45 }),
        step("accept-invitation", { n: 1 }),
        step("delete-account", { who: "p" }),
      ]),
    ).toBeNull();
  });

  it("a stranger's kept request plants no pick-up person on the real child's roster", async () => {
    expect(
      await replay([
        step("keep-visitor-request", { who: "s", to: "p", name: "Casey Parker", age: 10 }),
        step("verify-address", { who: "p" }),
        step("confirm-family", { who: "K1", of: "p", everyone: true }),
      ]),
    ).toBeNull();
  });

  it("an uncleared coach does not reach a confirmed family's child", async () => {
    expect(await replay([step("confirm-family", { who: "K1", of: "p", everyone: true })])).toBeNull();
  });
});

describe("doors the search found on issue 37's fixes", () => {
  // Door "read" (found 2026-11-28 on 624a5d0): after the lead unlinked a minor's only guardian, the coach still read
  // the thread's history with the child (getMessagePage asked membership only). Shut: the read path asks readRefusal.
  it("a coach reads no thread with a minor once the lead unlinked the only guardian in it", async () => {
    expect(
      await replay([
        step("confirm-family", { who: "K1", of: "p", everyone: true }),
        step("start-conversation", { who: "K1", with: "C" }),
        step("send-message", { who: "K1", n: 0 }),
        step("lead-unlink", { who: "L", guardian: "p" }),
      ]),
    ).toBeNull();
  });
});
