// POST /account intent=resend-verification goes back to the page it was sent from: a redirectTo that cannot be an
// address on this site (a NUL, characters a Location header cannot carry) falls back to /account instead of a 500.
import { describe, expect, it } from "vitest";
import { AUTH_ORIGIN, call, contextFor, contextWithAuth, createRouteUsers, postForm, signedInUser } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import * as account from "./account";

const { db } = await createTestDatabase();
// Sending the link again goes through Better Auth itself: real sessions.
const context = contextWithAuth(db);

const signIn = async () => (await signedInUser(context, "Resend Client")).cookie;

const resend = (cookie: string, redirectTo: string) =>
  call(account.action, {
    request: postForm("/account", { intent: "resend-verification", redirectTo }, { cookie, origin: AUTH_ORIGIN }),
    context,
  });

describe("POST /account intent=resend-verification", () => {
  it("goes back to the page the banner was on", async () => {
    const res = await resend(await signIn(), "/programs?tab=summer");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/programs?tab=summer");
  });

  it.each([
    ["a NUL", "/vlog\u0000"],
    ["a character beyond Latin-1", "/vlog?q=\u65e5\u672c"],
    ["another host", "//evil.example"],
    ["a backslash", "/\\evil.example"],
  ])("falls back to a safe address for %s, never a 500", async (_label, redirectTo) => {
    const res = await resend(await signIn(), redirectTo);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location.startsWith("/") && !location.startsWith("//")).toBe(true);
    expect(location).toMatch(/^[\x21-\x7e]+$/);
  });
});

describe("/account/my-data", () => {
  it("shows the signed-in person their own data, and a visitor none", async () => {
    const { loader: myData } = await import("./account.my-data");
    await createRouteUsers(db);
    const visitor = await call(myData as never, { request: new Request("http://localhost/account/my-data"), context: contextFor(db, "visitor") });
    expect(visitor.status).toBe(302);
    const mine = await call(myData as never, { request: new Request("http://localhost/account/my-data"), context: contextFor(db, "client") });
    expect(mine.body).toMatchObject({ profile: { email: "client@example.com", fullName: "Client Rowe" } });
  });
});
