// POST /account intent=resend-verification goes back to the page it was sent from: a redirectTo that cannot be an
// address on this site (a NUL, characters a Location header cannot carry) falls back to /account instead of a 500.
import crypto from "node:crypto";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { createAuth } from "../../server/auth";
import { loadConfig } from "../../server/config";
import { call, contextFor, createRouteUsers, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import * as account from "./account";

const { db } = await createTestDatabase();
const config = loadConfig({ PUBLIC_URL: "http://localhost:3999" });
const secret = crypto.randomBytes(32).toString("hex");
const context = { db, config, secret, auth: createAuth(db, config, secret), cspNonce: "", clientIp: "127.0.0.1" } as unknown as AppLoadContext;

async function signIn() {
  const email = `resend-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await context.auth.api.signUpEmail({ body: { name: "Resend Client", email, password: "secret12" } });
  const { headers } = await context.auth.api.signInEmail({ body: { email, password: "secret12" }, returnHeaders: true });
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const resend = (cookie: string, redirectTo: string) =>
  call(account.action, {
    request: postForm("/account", { intent: "resend-verification", redirectTo }, { cookie, origin: "http://localhost:3999" }),
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
