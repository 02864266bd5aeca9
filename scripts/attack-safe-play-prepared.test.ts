// The attack's lanes prepare repeated statements (tests/safe-play-model/prepared.ts, decision 0093): the same
// answers, PostgreSQL keeps the statement from the second sending on, and what the simple protocol sends is untouched.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../tests/support/test-db";
import { preparing } from "../tests/safe-play-model/prepared";

describe("the attack's prepared statements", async () => {
  const { url } = await createTestDatabase();

  it("answers as before and keeps a repeated parameterised statement prepared", async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    client.query = preparing(client.query);
    const prepared = async () =>
      (await client.query<{ statement: string }>("select statement from pg_prepared_statements where statement like '%$1::int + 1%'")).rows;
    try {
      expect((await client.query<{ n: number }>("select $1::int + 1 as n", [1])).rows).toEqual([{ n: 2 }]);
      // Sent once: unnamed, nothing kept.
      expect(await prepared()).toEqual([]);
      expect((await client.query<{ n: number }>({ text: "select $1::int + 1 as n", values: [41] })).rows).toEqual([{ n: 42 }]);
      expect((await client.query<{ n: number }>("select $1::int + 1 as n", [6])).rows).toEqual([{ n: 7 }]);
      expect(await prepared()).toEqual([{ statement: "select $1::int + 1 as n" }]);
      // Several statements in one text without values still go by the simple protocol.
      const both = (await client.query("select 1 as a; select 2 as b")) as unknown as pg.QueryResult[];
      expect(both.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
      // An error in a prepared statement's execution is the statement's error, and the next one still answers.
      await expect(client.query("select 1 / $1::int as n", [0])).rejects.toThrow(/division by zero/);
      await expect(client.query("select 1 / $1::int as n", [0])).rejects.toThrow(/division by zero/);
      expect((await client.query<{ n: number }>("select 1 / $1::int as n", [1])).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.end();
    }
  });
});
