// The page cache hears when visitors' content changes, and when the hour turns (what a page shows follows the clock:
// a series that ended, cancelled days still to come, the FAQ's season).
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../tests/support/test-db";
import { waitFor } from "../tests/support/wait-for";
import { announceNewHour, listenForContentChanges } from "./content-changes";

const { db, url } = await createTestDatabase();
const heard: string[] = [];
let listening = false;
const listener = listenForContentChanges(url, { onChange: (table) => heard.push(table), onListening: (on) => (listening = on) });
afterAll(() => listener.close());

describe("the page cache's announcements", () => {
  it("hears the queue's hourly announcement, as it hears a changed table", async () => {
    await waitFor(() => listening, { what: "the listener to listen" });
    await announceNewHour(db);
    await waitFor(() => heard.includes("clock"), { what: "the hourly announcement" });
    expect(heard).toContain("clock");
  });
});
