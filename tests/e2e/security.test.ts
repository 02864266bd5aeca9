// Requests made by hand, as an attacker or a careless client would: headers, origins, roles, sessions, limits.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { connectEmbeddedPostgres } from "../../server/embedded-postgres";
import { createAccount, uniqueEmail } from "./support/accounts";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const database = await connectEmbeddedPostgres(sharedServer().dataDir);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
afterAll(() => db.end());

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const post = (path: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
  fetch(`${baseURL}${path}`, { method: "POST", body, headers: { Origin: baseURL, ...headers }, redirect: "manual" });

function sessionCookie(res: Response) {
  const c = res.headers.getSetCookie().find((v) => v.startsWith("nlte.session_token="));
  return { raw: c ?? "", pair: c?.split(";")[0] ?? "" };
}

async function signIn(email: string, password: string) {
  const res = await post("/signin", form({ email, password }));
  expect(res.status).toBe(302);
  return sessionCookie(res);
}

describe("response headers", () => {
  it("sends the security headers and compresses text", async () => {
    const res = await fetch(`${baseURL}/`, { headers: { "Accept-Encoding": "gzip" } });
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // A visitor's content page is kept in memory (decision 0014): its scripts are allowed by origin, not a nonce.
    expect(csp).toMatch(/script-src 'self'(;| 'sha256-)/);
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull(); // served over http here
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).not.toContain("nonce=");
    // A page rendered per request (it runs React) allows its inline scripts by this request's nonce only.
    const app = await fetch(`${baseURL}/signin`);
    const appCsp = app.headers.get("content-security-policy") ?? "";
    expect(appCsp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    const nonce = /'nonce-([^']+)'/.exec(appCsp)![1];
    expect(await app.text()).toContain(`nonce="${nonce}"`);
  });

  it("caches hashed assets for a year, and sends them as the build compressed them", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const res = await fetch(`${baseURL}${asset}`, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Answered ahead of the pages' work (server/assets.ts), with every answer's security headers all the same.
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    // Compressed by the build (scripts/precompress.ts), not on every request.
    expect(res.headers.get("content-encoding")).toBe("br");
    const plain = await fetch(`${baseURL}${asset}`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toBe(await plain.text());
  });
});

describe("same-origin rule", () => {
  it("refuses a state-changing request from another site, and one with no origin at all", async () => {
    const email = uniqueEmail("csrf");
    const evil = await post("/signup", form({ fullName: "Evil", email, password: "secret12" }), { Origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    const none = await fetch(`${baseURL}/signup`, {
      method: "POST",
      body: form({ fullName: "None", email, password: "secret12" }),
      redirect: "manual",
    });
    expect(none.status).toBe(403);
    expect((await db.query("select 1 from users where email = $1", [email])).rowCount).toBe(0);
  });

  it("does not expose the auth library's own endpoints, which would skip our checks", async () => {
    const email = uniqueEmail("direct");
    const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { Origin: baseURL, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Direct", email, password: "1", role: "coach" }),
    });
    expect(res.status).toBe(404);
    expect((await db.query("select 1 from users where email = $1", [email])).rowCount).toBe(0);
  });
});

describe("sign-up by hand", () => {
  /** What every sign-up now says: a parent or guardian, with a date of birth. */
  const adult = { kind: "guardian", dateOfBirth: "1980-01-01" };

  it("refuses a sign-up that does not say who the person is, beside the question, creating nothing (no default)", async () => {
    const email = uniqueEmail("no-kind");
    const res = await post("/signup", form({ fullName: "No Kind", email, password: "secret12", dateOfBirth: "1980-01-01" }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please choose whether you are a parent or guardian or a student-athlete.");
    expect((await db.query("select 1 from users where email = $1", [email])).rowCount).toBe(0);
  });

  it("refuses a 10-year-old refused as an athlete who then tries to sign up as a guardian, with or without a date of birth", async () => {
    const email = uniqueEmail("ten");
    const asAthlete = await post("/signup", form({ fullName: "Ten Years", email, password: "secret12", kind: "athlete", dateOfBirth: "2016-06-01" }));
    expect(await asAthlete.text()).toContain("Student-athletes under 13 cannot create their own account.");
    const noDate = await post("/signup", form({ fullName: "Ten Years", email, password: "secret12", kind: "guardian" }));
    expect(noDate.status).toBe(400);
    expect(await noDate.text()).toContain("Please enter a date of birth.");
    const asGuardian = await post(
      "/signup",
      form({ fullName: "Ten Years", email, password: "secret12", kind: "guardian", dateOfBirth: "2016-06-01" }),
    );
    expect(asGuardian.status).toBe(400);
    expect(await asGuardian.text()).toContain("A parent or guardian must be 18 or older.");
    expect((await db.query("select 1 from users where email = $1", [email])).rowCount).toBe(0);
  });

  it("ignores a role sent by a visitor: every new account is a client", async () => {
    const email = uniqueEmail("wannabe-coach");
    const res = await post("/signup", form({ fullName: "Wannabe Coach", email, password: "secret12", role: "coach", ...adult }));
    expect(res.status).toBe(302);
    const { rows } = await db.query("select role from users where email = $1", [email]);
    expect(rows).toEqual([{ role: "client" }]);
  });

  it("enforces the 6-character password minimum on the server, creating nothing", async () => {
    const email = uniqueEmail("short");
    const res = await post("/signup", form({ fullName: "Short Password", email, password: "12345", ...adult }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Password must be at least 6 characters long");
    expect((await db.query("select 1 from users where email = $1", [email])).rowCount).toBe(0);
  });

  it("creates the login and the profile together: an account always has its users row", async () => {
    const email = uniqueEmail("together");
    await post("/signup", form({ fullName: "Together", email, password: "secret12", phone: "(410) 555-0111", ...adult }));
    const { rows } = await db.query(
      "select u.full_name, u.phone, u.role, a.provider_id from users u join accounts a on a.user_id = u.id where u.email = $1",
      [email],
    );
    expect(rows).toEqual([{ full_name: "Together", phone: "(410) 555-0111", role: "client", provider_id: "credential" }]);
  });

  it("answers a taken email exactly as a new one (a stranger learns nothing), and changes nothing", async () => {
    const email = uniqueEmail("taken");
    await createAccount(baseURL, { fullName: "First", email, password: "secret12" });
    const res = await post("/signup", form({ fullName: "Second", email, password: "other123", ...adult }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/signin");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("nlte.session_token="))).toBe(false);
    expect((await db.query("select full_name from users where email = $1", [email])).rows).toEqual([{ full_name: "First" }]);
  });
});

describe("sessions", () => {
  it("puts the session in an HttpOnly, SameSite=Lax cookie", async () => {
    const email = uniqueEmail("cookie");
    await createAccount(baseURL, { fullName: "Cookie", email, password: "secret12" });
    const { raw } = await signIn(email, "secret12");
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/;\s*Secure/i);
  });

  it("ends the session on the server when signing out: the old cookie no longer works", async () => {
    const email = uniqueEmail("signout");
    await createAccount(baseURL, { fullName: "Signing Out", email, password: "secret12" });
    const { pair } = await signIn(email, "secret12");
    expect(await (await fetch(`${baseURL}/`, { headers: { cookie: pair } })).text()).toContain("Signing Out");
    const out = await post("/signout", form({}), { cookie: pair });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    const { rows } = await db.query("select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1", [email]);
    expect(rows[0].n).toBe(0);
    expect(await (await fetch(`${baseURL}/`, { headers: { cookie: pair } })).text()).not.toContain("Signing Out");
  });

  it("treats signing out without a session as success", async () => {
    const res = await post("/signout", form({}));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const toast = decodeURIComponent(res.headers.getSetCookie().join(";"));
    expect(toast).toContain("nlte_toast=");
  });
});

describe("sign-in limits", () => {
  it("limits attempts per account with a clear message, even with the right password afterwards", async () => {
    const email = uniqueEmail("limited");
    await createAccount(baseURL, { fullName: "Limited", email, password: "secret12" });
    for (let i = 0; i < 8; i++) {
      const res = await post("/signin", form({ email, password: `wrong-${i}` }));
      expect(res.status).toBe(400);
    }
    const blocked = await post("/signin", form({ email, password: "secret12" }));
    expect(blocked.status).toBe(429);
    // The locked message points to password reset (families behind one network must have a way in).
    expect(await blocked.text()).toContain("Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password with");
    expect(sessionCookie(blocked).raw).toBe("");
  });
});
