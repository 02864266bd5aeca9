import crypto from "node:crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${crypto.randomBytes(5).toString("hex")}@example.com`;
}

/** Creates an account by hand-made request, as the sign-up page would (an adult parent or guardian unless told). */
export async function createAccount(
  baseURL: string,
  input: { fullName: string; email: string; password: string; phone?: string; kind?: "guardian" | "athlete"; dateOfBirth?: string },
  options: { locale?: "en" | "es" } = {},
) {
  // Signed up on the Spanish page, the account's language is Spanish (issue 27).
  const prefix = options.locale === "es" ? "/es" : "";
  const res = await fetch(`${baseURL}${prefix}/signup`, {
    method: "POST",
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ kind: "guardian", dateOfBirth: "1984-05-17", ...input }),
    redirect: "manual",
  });
  expect(res.status, "sign-up redirects to /signin").toBe(302);
  expect(res.headers.get("location")).toBe(`${prefix}/signin`);
}

/** Signs in through the /signin page and waits for the home page. */
export async function signInThroughPage(page: Page, email: string, password: string) {
  await page.goto("/signin");
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password").fill(password);
  await main.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((u) => u.pathname === "/");
}
