import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase } from "../tests/support/test-db";
import { maybeRow, row, rows, RowShapeError } from "./rows";

const { db } = await createTestDatabase();

const Numbered = z.object({ n: z.number(), label: z.string() });

describe("rows", () => {
  it("gives the statement's rows as its schema says, and only the columns it names", async () => {
    const list = await rows(db, Numbered, sql`select i as n, 'row ' || i as label, 'extra' as other from generate_series(1, 3) i`);
    expect(list).toEqual([
      { n: 1, label: "row 1" },
      { n: 2, label: "row 2" },
      { n: 3, label: "row 3" },
    ]);
  });

  it("refuses a count claimed as a number, which PostgreSQL hands over as a string, and names the column but not the value", async () => {
    const secret = "Child Name";
    const err = await rows(db, z.object({ n: z.number() }), sql`select count(*) as n, ${secret}::text as who`).catch((e) => e);
    expect(err).toBeInstanceOf(RowShapeError);
    expect(err.message).toMatch(/row 0 .*expected number, received string.*\n?.*at n/s);
    expect(err.message).not.toContain(secret);
    expect(err.message).not.toContain('"1"');
  });

  it("takes a count once the schema coerces it", async () => {
    expect(await row(db, z.object({ n: z.coerce.number() }), sql`select count(*) as n from generate_series(1, 7)`)).toEqual({ n: 7 });
  });

  it("works in a transaction and sees the transaction's own writes", async () => {
    const seen = await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table rows_probe (id int) on commit drop`);
      await tx.execute(sql`insert into rows_probe values (4), (5)`);
      return rows(tx, z.object({ id: z.number() }), sql`select id from rows_probe order by id`);
    });
    expect(seen).toEqual([{ id: 4 }, { id: 5 }]);
  });
});

describe("what the driver hands over (what a schema says: db/rows.ts)", () => {
  it("gives timestamptz, date and their arrays as PostgreSQL's text, int8 as a string, and int arrays as arrays", async () => {
    const r = await row(
      db,
      z.object({ at: z.string(), day: z.string(), days: z.string(), n: z.string(), ints: z.array(z.number()) }),
      sql`select timestamptz '2026-12-01 09:00Z' as at, date '2026-12-01' as day, array[date '2026-12-01', date '2026-12-08'] as days,
        count(*) as n, array[1, 2]::smallint[] as ints`,
    );
    // The text is in the session's time zone: '2026-12-01 09:00:00+00' in UTC.
    expect(new Date(r.at).toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect({ ...r, at: undefined }).toEqual({ at: undefined, day: "2026-12-01", days: "{2026-12-01,2026-12-08}", n: "1", ints: [1, 2] });
    expect(await row(db, z.object({ at: z.coerce.date() }), sql`select timestamptz '2026-12-01 09:00Z' as at`)).toEqual({
      at: new Date("2026-12-01T09:00:00Z"),
    });
  });
});

describe("row and maybeRow", () => {
  const One = z.object({ n: z.number() });

  it("row gives exactly one row and refuses none or two", async () => {
    expect(await row(db, One, sql`select 1 as n`)).toEqual({ n: 1 });
    await expect(row(db, One, sql`select 1 as n where false`)).rejects.toThrow("expected exactly one row, the statement gave 0");
    await expect(row(db, One, sql`select i as n from generate_series(1, 2) i`)).rejects.toThrow("gave 2");
  });

  it("maybeRow gives null for none and refuses two", async () => {
    expect(await maybeRow(db, One, sql`select 1 as n where false`)).toBeNull();
    expect(await maybeRow(db, One, sql`select 3 as n`)).toEqual({ n: 3 });
    await expect(maybeRow(db, One, sql`select i as n from generate_series(1, 2) i`)).rejects.toThrow("expected at most one row");
  });
});
