// The test hooks (decision 0034): a shared server lets a test set Safe Play's clock and put it back; a server started
// as production is (no TEST_HOOKS) answers 404 there, changes nothing, and keeps the real clock. Seen as a person sees
// it: a 12-year-old signing up alone is refused ("under 13") by the real clock, and accepted on a day three years on.
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "./support/accounts";
import { plainServer, resetServerSettings, setServerSettings, sharedServer } from "./support/shared-server";

/** Twelve years old today (the real clock), fifteen on THREE_YEARS_ON. */
const twelveToday = () => {
  const d = new Date();
  return `${d.getUTCFullYear() - 12}-01-15`;
};
const THREE_YEARS_ON = () => `${new Date().getUTCFullYear() + 3}-06-01T12:00:00-04:00`;

/** A student-athlete signing up alone, as the sign-up page posts it: accepted (302 to /signin) or refused. */
async function athleteSignsUp(baseURL: string, dateOfBirth: string) {
  const res = await fetch(`${baseURL}/signup`, {
    method: "POST",
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ fullName: "Tim Young", email: uniqueEmail("young"), password: "secret12", kind: "athlete", dateOfBirth }),
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

const hookRequest = (url: string, method: "GET" | "POST") =>
  fetch(`${url}/__test/settings`, {
    method,
    headers: { Origin: url, "Content-Type": "application/json" },
    ...(method === "POST" ? { body: JSON.stringify({ now: THREE_YEARS_ON(), orgName: "Hooked Tennis" }) } : {}),
  });

describe("test hooks", () => {
  it("a server started as production answers 404 at /__test/settings and keeps its real clock", async () => {
    const { url } = plainServer();
    for (const method of ["GET", "POST"] as const) {
      const res = await hookRequest(url, method);
      expect(res.status, method).toBe(404);
      expect(await res.text()).toBe("Not found");
    }
    const refused = await athleteSignsUp(url, twelveToday());
    expect(refused.status).not.toBe(302);
    expect(refused.text).toContain("under 13");
    expect(await (await fetch(`${url}/`)).text()).not.toContain("Hooked Tennis");
    // Nor does it run the role command for anyone: no administrator made by a request.
    const role = await fetch(`${url}/__test/user-role`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ args: ["someone@example.com", "admin"] }),
    });
    expect(role.status).toBe(404);
  });

  it("a shared server takes a clock, then puts back the real one", async () => {
    const { url } = sharedServer();
    try {
      expect((await athleteSignsUp(url, twelveToday())).status).not.toBe(302);
      const settings = await setServerSettings({ now: THREE_YEARS_ON() });
      expect(new Date(String(settings.now)).getTime()).toBe(new Date(THREE_YEARS_ON()).getTime());
      expect(await athleteSignsUp(url, twelveToday())).toMatchObject({ status: 302, location: "/signin" });
    } finally {
      await resetServerSettings();
    }
    expect((await athleteSignsUp(url, twelveToday())).status).not.toBe(302);
  });

  it("refuses a setting it does not know, or a bad value, with 400 and says why", async () => {
    const { url } = sharedServer();
    const unknown = await fetch(`${url}/__test/settings`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"databaseUrl":"x"}',
    });
    expect(unknown.status).toBe(400);
    const bad = await fetch(`${url}/__test/settings`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"now":"tomorrow"}',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("now");
  });
});
