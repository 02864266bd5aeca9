// Removing a cancelled date names the day in a hidden field: a day that is not a date is refused with a message
// (it reached PostgreSQL and ended in a 500), and nothing changes.
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cancelledDates } from "../../db/schema";
import { call, contextFor, createRouteUsers, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { UNREADABLE_DAY } from "~/lib/site-content-schemas";
import * as calendarEvents from "./calendar.events";

const { db } = await createTestDatabase();
beforeAll(async () => {
  await createRouteUsers(db);
  await db.insert(cancelledDates).values({ day: "2031-05-06", note: "Courts resurfaced", createdBy: "coach-1" });
});

const rows = async () => Number((await db.select({ n: count() }).from(cancelledDates))[0]!.n);
const remove = (fields: Record<string, string>) =>
  call(calendarEvents.action, {
    request: postForm("/calendar/events", { intent: "remove-cancellation", ...fields }),
    context: contextFor(db, "coach"),
  });

describe("removing a cancelled date", () => {
  it.each([["not-a-date"], ["2031-02-30"], ["2031-5-6"], ["0000-01-01"], ["20310506"], [""]])("refuses the day %j with a message", async (day) => {
    const before = await rows();
    const res = await remove({ day });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, form: "remove-cancellation", fieldErrors: { day: UNREADABLE_DAY } });
    expect(await rows()).toBe(before);
  });

  it("refuses a request without a day", async () => {
    const res = await remove({});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fieldErrors: { day: UNREADABLE_DAY } });
  });

  it("removes a cancelled date, and says when it is not there", async () => {
    expect((await remove({ day: "2031-05-07" })).status).toBe(404);
    const before = await rows();
    const res = await remove({ day: "2031-05-06" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/calendar/events");
    expect(await rows()).toBe(before - 1);
  });

  it("refuses year 0000 when a date is cancelled too (PostgreSQL has no year 0)", async () => {
    const before = await rows();
    const res = await call(calendarEvents.action, {
      request: postForm("/calendar/events", { intent: "add-cancellation", day: "0000-01-01", note: "" }),
      context: contextFor(db, "coach"),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fieldErrors: { day: "Please enter a valid date" } });
    expect(await rows()).toBe(before);
  });
});
