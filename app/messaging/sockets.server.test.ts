// The socket upkeep's two reads (decision 0072: parsed by a schema): the cap on a person's sockets, and the sessions
// still live with their expiry as a Date (PostgreSQL hands the timestamptz over as text), which the hub compares with
// the clock to know when to check a session again.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { makePerson } from "../../tests/support/realtime-sockets";
import { getLiveSessions, registerSocket } from "./sockets.server";

const { db } = await createTestDatabase();

describe("sockets", () => {
  it("records a person's sockets up to the cap, and refuses the next", async () => {
    const person = await makePerson(db, "client", "Socket Cap Sol");
    const processId = crypto.randomUUID();
    const open = () => registerSocket(db, { id: crypto.randomUUID(), userId: person.id, processId, cap: 2 });
    expect([await open(), await open(), await open()]).toEqual([true, true, false]);
  });

  it("gives the live sessions with their expiry as a Date, and leaves out an expired or unknown one", async () => {
    const person = await makePerson(db, "client", "Socket Sessions Selva");
    const expires = new Date("2099-01-02T03:04:05.678Z");
    const [live, expired] = [crypto.randomUUID(), crypto.randomUUID()];
    await db.execute(sql`insert into sessions (id, token, user_id, expires_at) values
      (${live}, ${crypto.randomUUID()}, ${person.id}, ${expires.toISOString()}),
      (${expired}, ${crypto.randomUUID()}, ${person.id}, now() - interval '1 second')`);
    const found = await getLiveSessions(db, [live, expired, crypto.randomUUID()]);
    expect([...found.keys()]).toEqual([live]);
    expect(found.get(live)).toBeInstanceOf(Date);
    expect(found.get(live)!.getTime()).toBe(expires.getTime());
  });
});
