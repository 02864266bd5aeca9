// The coaches' inbox (/appointments/requests since issue 30) in pages: every submission is reachable through "Older submissions", no page repeats another,
// and a page number that is not one reads as the first page instead of a 500.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, registrationRequests } from "../../db/schema";
import { call, contextFor, createRouteUsers, type Who } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { INBOX_PAGE_SIZE } from "~/forms/submissions.server";
import * as appointments from "./appointments.requests";

const { db } = await createTestDatabase();

const REGISTRATIONS = INBOX_PAGE_SIZE + 5;
const MESSAGES = INBOX_PAGE_SIZE + 3;

beforeAll(async () => {
  await createRouteUsers(db);
  const start = Date.UTC(2025, 0, 1);
  await db.insert(registrationRequests).values(
    Array.from({ length: REGISTRATIONS }, (_, i) => ({
      studentName: `Student ${i}`,
      age: 10,
      skillLevel: "Beginner",
      programInterest: "Summer Camp",
      parentName: "Parent",
      email: `family${i}@example.com`,
      phone: "202-555-0100",
      emergencyContact: "Sam, 202-555-0111",
      createdAt: new Date(start + i * 60_000),
    })),
  );
  // One statement: every message has the same time, so only the tie-break keeps the pages apart.
  await db
    .insert(contactMessages)
    .values(Array.from({ length: MESSAGES }, (_, i) => ({ name: `Writer ${i}`, email: `writer${i}@example.com`, message: "Hello" })));
});

type Inbox = {
  registrations: Array<{ studentName: string }>;
  messages: Array<{ name: string }>;
  page: number;
  pages: number;
  totals: { registrations: number; messages: number };
};

const inbox = async (search = "", who: Who = "coach") => {
  const res = await call(appointments.loader, {
    request: new Request(`http://localhost/appointments/requests${search}`),
    context: contextFor(db, who),
  });
  return { status: res.status, body: res.body as Inbox };
};

describe("the coaches' inbox", () => {
  it("shows the newest page first and says how many there are", async () => {
    const { status, body } = await inbox();
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, pages: 2, totals: { registrations: REGISTRATIONS, messages: MESSAGES } });
    expect(body.registrations).toHaveLength(INBOX_PAGE_SIZE);
    expect(body.registrations[0]!.studentName).toBe(`Student ${REGISTRATIONS - 1}`);
    expect(body.messages).toHaveLength(INBOX_PAGE_SIZE);
  });

  it("reaches every submission once through the older page", async () => {
    const first = (await inbox()).body;
    const second = await inbox("?page=2");
    expect(second.status).toBe(200);
    expect(second.body.page).toBe(2);
    expect(second.body.registrations.map((r) => r.studentName)).toEqual(["Student 4", "Student 3", "Student 2", "Student 1", "Student 0"]);
    const names = [...first.messages, ...second.body.messages].map((m) => m.name);
    expect(new Set(names).size).toBe(MESSAGES);
  });

  it.each(["?page=abc", "?page=0", "?page=-1", "?page=1.5", "?page=", "?page=1e3", "?page=99999999999", "?page=%00", "?page=%E6%97%A5"])(
    "reads %s as the first page",
    async (search) => {
      const { status, body } = await inbox(search);
      expect(status).toBe(200);
      expect(body.page).toBe(1);
    },
  );

  it("shows the last page for a page past the end", async () => {
    const { status, body } = await inbox("?page=7");
    expect(status).toBe(200);
    expect(body.page).toBe(2);
    expect(body.registrations).toHaveLength(REGISTRATIONS - INBOX_PAGE_SIZE);
  });

  it("links the pages with plain links, which work before (or without) the page's script", async () => {
    const page = async (search: string) => {
      const { body } = await inbox(search);
      const Stub = createRoutesStub([
        { id: "appointments", path: "/appointments/requests", Component: appointments.default as never, loader: () => body },
      ]);
      return renderToString(<Stub initialEntries={[`/appointments/requests${search}`]} hydrationData={{ loaderData: { appointments: body } }} />);
    };
    const first = await page("");
    expect(first).toMatch(/<a [^>]*href="\/appointments\/requests\?page=2"[^>]*>Older submissions<\/a>/);
    expect(first).not.toContain("Newer submissions");
    const second = await page("?page=2");
    expect(second).toMatch(/<a [^>]*href="\/appointments\/requests"[^>]*>Newer submissions<\/a>/);
    expect(second).not.toContain("Older submissions");
  });

  it("is for coaches only", async () => {
    expect((await inbox("?page=2", "client")).status).toBe(403);
    expect((await inbox("?page=2", "visitor")).status).toBe(302);
  });
});
