// The batcher's turns (issue 43): writes read in one turn of the event loop share a statement, and one person's
// writes never share one and keep their order. No database: the statement is a function that records its batches.
import { describe, expect, it } from "vitest";
import { Batcher } from "./batcher.server";

type Write = { who: string; n: number };

function recording() {
  const batches: Write[][] = [];
  const batcher = new Batcher<Write, string>(
    async (items) => {
      batches.push(items);
      await new Promise((r) => setTimeout(r, 5));
      return items.map((w) => `${w.who}${w.n}`);
    },
    (w) => w.who,
  );
  return { batches, batcher };
}

describe("Batcher", () => {
  it("sends the writes read in one turn as one statement, though a statement could run at once", async () => {
    const { batches, batcher } = recording();
    const answers = await Promise.all(["a", "b", "c", "d"].map((who) => batcher.add({ who, n: 1 })));
    expect(answers).toEqual(["a1", "b1", "c1", "d1"]);
    expect(batches.map((b) => b.map((w) => w.who))).toEqual([["a", "b", "c", "d"]]);
  });

  it("keeps one person's writes out of each other's statements, in the order they came", async () => {
    const { batches, batcher } = recording();
    const answers = await Promise.all([batcher.add({ who: "a", n: 1 }), batcher.add({ who: "a", n: 2 }), batcher.add({ who: "b", n: 1 })]);
    expect(answers).toEqual(["a1", "a2", "b1"]);
    expect(batches.map((b) => b.map((w) => `${w.who}${w.n}`))).toEqual([["a1", "b1"], ["a2"]]);
  });

  it("answers a write alone in its turn without waiting for another", async () => {
    const { batches, batcher } = recording();
    expect(await batcher.add({ who: "a", n: 1 })).toBe("a1");
    expect(await batcher.add({ who: "a", n: 2 })).toBe("a2");
    expect(batches).toHaveLength(2);
  });
});
