// The sign-in dialog of pages without React posts plain forms to /signin and /signup: what the server answers it,
// against a real database and real Better Auth.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createAuth } from "../../server/auth";
import { loadConfig } from "../../server/config";
import { createTestDatabase } from "../../tests/support/test-db";
import { readToast } from "~/lib/toast.server";
import { action as signInAction } from "~/routes/signin";
import { action as signUpAction } from "~/routes/signup";

const { db } = await createTestDatabase();
const config = loadConfig({ PUBLIC_URL: "http://localhost:3999" });
const secret = crypto.randomBytes(32).toString("hex");
const context = { db, config, secret, auth: createAuth(db, config, secret), cspNonce: "", clientIp: "127.0.0.1" } as unknown as AppLoadContext;

const email = () => `dialog-${crypto.randomBytes(4).toString("hex")}@example.com`;

/** Posts the dialog's form and returns where it sends the browser, the flash it carries and the session cookie. */
async function post(action: typeof signInAction | typeof signUpAction, path: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ via: "document-dialog", redirectTo: "/faq", ...fields });
  const request = new Request(`http://localhost:3999${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  let thrown: unknown;
  try {
    await action({ request, context, params: {} } as never);
  } catch (e) {
    thrown = e;
  }
  expect(thrown, "the dialog's form is always answered with a redirect").toBeInstanceOf(Response);
  const res = thrown as Response;
  const cookies = res.headers.getSetCookie();
  const flashCookie = cookies.find((c) => c.startsWith("nlte_toast="))?.split(";")[0] ?? "";
  const flash = await readToast(context, new Request("http://localhost:3999/faq", { headers: { cookie: flashCookie } }));
  return {
    status: res.status,
    location: res.headers.get("location"),
    flash,
    rawFlash: decodeURIComponent(flashCookie),
    signedIn: cookies.some((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c)),
  };
}

describe("the sign-in dialog of pages without React", () => {
  it("sends an empty sign-up back to the page with the spec's messages, reopening the dialog in sign-up mode", async () => {
    const r = await post(signUpAction, "/signup", { fullName: "", email: "", phone: "", password: "" });
    expect(r.status).toBe(302);
    expect(r.location).toBe("/faq");
    expect(r.flash.toast).toBeNull(); // field errors show in the dialog only, as in the other dialog
    expect(r.flash.authDialog).toMatchObject({
      mode: "signup",
      fieldErrors: {
        fullName: "Full name is required",
        email: "Email is required",
        phone: "Phone number is required",
        password: "Password is required",
      },
    });
    expect(r.signedIn).toBe(false);
  });

  it("keeps what was typed, never the password", async () => {
    const address = email();
    const r = await post(signUpAction, "/signup", { fullName: "Pat Parent", email: address, phone: "(202) 555-0100", password: "abc" });
    expect(r.flash.authDialog).toMatchObject({
      mode: "signup",
      fieldErrors: { password: "Password must be at least 6 characters long" },
      values: { fullName: "Pat Parent", email: address, phone: "(202) 555-0100" },
    });
    expect(r.rawFlash).not.toContain("abc");
    expect(await db.select().from(users).where(eq(users.email, address))).toHaveLength(0);
  });

  it("creates the account with its phone, does not sign in (the answer must not tell a stranger whether the address was taken) and goes back to the page with the dialog's toast", async () => {
    const address = email();
    const r = await post(signUpAction, "/signup", {
      fullName: "Dana Dialog",
      email: address,
      phone: "(202) 555-0123",
      password: "secret12",
      kind: "guardian",
      dateOfBirth: "1985-01-01",
    });
    expect(r.location).toBe("/faq");
    expect(r.signedIn).toBe(false);
    expect(r.flash.toast).toEqual({
      type: "success",
      title: "Account Created!",
      description: "Welcome to Next Level Tennis! We sent you an email to confirm your address. You can sign in now.",
    });
    expect(r.flash.authDialog).toBeNull();
    const [row] = await db.select().from(users).where(eq(users.email, address));
    expect(row).toMatchObject({ fullName: "Dana Dialog", phone: "(202) 555-0123", role: "client" });
  });

  it("answers a wrong password with 'Sign In Failed', the reason inline and the email kept", async () => {
    const address = email();
    await post(signUpAction, "/signup", {
      fullName: "Sam Signin",
      email: address,
      phone: "(202) 555-0124",
      password: "secret12",
      kind: "guardian",
      dateOfBirth: "1985-01-01",
    });
    const wrong = await post(signInAction, "/signin", { email: address, password: "not-it" });
    expect(wrong.location).toBe("/faq");
    expect(wrong.signedIn).toBe(false);
    expect(wrong.flash.toast).toEqual({ type: "error", title: "Sign In Failed", description: "Invalid email or password" });
    expect(wrong.flash.authDialog).toMatchObject({ mode: "signin", error: "Invalid email or password", values: { email: address } });
    expect(wrong.rawFlash).not.toContain("not-it");

    const right = await post(signInAction, "/signin", { email: address, password: "secret12" });
    expect(right.location).toBe("/faq");
    expect(right.signedIn).toBe(true);
    expect(right.flash.toast).toEqual({ type: "success", title: "Welcome back!", description: "You have successfully signed in." });
  });

  it("never sends anyone to another site", async () => {
    const r = await post(signInAction, "/signin", { email: "", password: "", redirectTo: "//evil.example" });
    expect(r.location).toBe("/");
  });
});
