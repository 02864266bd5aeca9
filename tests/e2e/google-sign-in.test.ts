// Google sign-in through OpenID Connect, against a local OpenID provider on loopback standing in for Google.
import fs from "node:fs";
import { OAuth2Server } from "oauth2-mock-server";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectEmbeddedPostgres } from "../../server/embedded-postgres";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { signInCookie, useSession } from "./support/messaging";
import { freePort, startServer, type RunningServer } from "./support/server";

let oidc: OAuth2Server;
let server: RunningServer;
let identity = { sub: "", email: "", name: "" };
let refuse = false;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(await freePort(), "127.0.0.1");
  oidc.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, { sub: identity.sub, email: identity.email, name: identity.name, email_verified: true });
  });
  oidc.service.on("beforeUserinfo", (response) => {
    response.body = { sub: identity.sub, email: identity.email, name: identity.name, email_verified: true };
  });
  oidc.service.on("beforeAuthorizeRedirect", ({ url }: { url: URL }) => {
    if (!refuse) return;
    url.searchParams.delete("code");
    url.searchParams.set("error", "access_denied");
  });
  server = await startServer({
    env: { GOOGLE_CLIENT_ID: "nlte-test-client", GOOGLE_CLIENT_SECRET: "nlte-test-secret", GOOGLE_ISSUER: oidc.issuer.url! },
  });
});

afterAll(async () => {
  await server?.stop();
  await oidc?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

const open = setupBrowser(() => server.url);

async function usersWithEmail(email: string) {
  const database = await connectEmbeddedPostgres(server.dataDir);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query("select full_name, role, phone from users where email = $1", [email]);
    return rows;
  } finally {
    await client.end();
  }
}

describe("Google sign-in", () => {
  it("lets the real owner in with Google when a stranger signed up with their address first: the stranger's sessions and password end", async () => {
    const email = uniqueEmail("owner");
    // The stranger signs up (unverified) and stays signed in on their device (both by the forms' posts, by hand).
    await createAccount(server.url, { fullName: "Stranger Squatter", email, password: "squat123", dateOfBirth: "1990-10-10" });
    const strangerCookie = await signInCookie(server.url, email, "squat123");
    expect((await fetch(`${server.url}/account`, { headers: { cookie: strangerCookie }, redirect: "manual" })).status, "signed in").toBe(200);
    const stranger = await open();
    await useSession(stranger.context, server.url, { email, password: "squat123", fullName: "Stranger Squatter", cookie: strangerCookie });

    identity = { sub: `google-owner-${Date.now()}`, email, name: "Olive Owner" };
    refuse = false;
    const { page, visit } = await open();
    await visit("/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByText("You have successfully signed in.").waitFor();

    // The stranger's session has ended, and their password no longer opens the account.
    await stranger.page.goto("/account");
    await stranger.page.waitForURL((u) => u.pathname === "/signin");
    await stranger.page.getByRole("main").getByLabel("Email").fill(email);
    await stranger.page.getByRole("main").getByLabel("Password").fill("squat123");
    await stranger.page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await stranger.page
      .getByRole("main")
      .getByRole("alert")
      .filter({ hasText: /Invalid email or password|Credential account not found/ })
      .waitFor();
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it("signs a new person in, creates their profile as a client, and goes home", async () => {
    identity = { sub: `google-${Date.now()}`, email: uniqueEmail("gina"), name: "Gina Google" };
    refuse = false;
    const { page, visit } = await open();
    await visit("/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByText("You have successfully signed in.").waitFor();
    await page.getByRole("button", { name: /Gina Google.*account menu/ }).waitFor();
    expect(await usersWithEmail(identity.email)).toEqual([{ full_name: "Gina Google", role: "client", phone: null }]);

    // Google does not ask who the person is: until they say so on /account, they message nobody (Safe Play).
    await visit("/messages");
    await page.getByRole("heading", { name: "Tell us who you are" }).waitFor();
    await page.getByRole("link", { name: "Answer on your account page" }).click();
    await page.getByText("Please tell us whether you are a parent or guardian or a student-athlete").waitFor();
    await page.getByLabel("I am a parent or guardian").check();
    await page.getByLabel("Date of birth", { exact: true }).fill("1988-03-03");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("status").getByText("Saved.").waitFor();
    await visit("/messages");
    expect(await page.getByRole("heading", { name: "Tell us who you are" }).count()).toBe(0);

    // A second sign-in finds the same account: still one profile.
    await page.context().clearCookies();
    await visit("/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("button", { name: /Gina Google.*account menu/ }).waitFor();
    expect(await usersWithEmail(identity.email)).toHaveLength(1);
  });

  it("brings a person who started on the Spanish sign-in page back to the Spanish home page", async () => {
    identity = { sub: `google-${Date.now()}`, email: uniqueEmail("gabriela"), name: "Gabriela Google" };
    refuse = false;
    const { page, visit } = await open();
    await visit("/es/signin");
    await page.getByRole("button", { name: "Continuar con Google" }).click();
    await page.waitForURL((u) => u.pathname === "/es");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await page.getByRole("button", { name: /Gabriela Google/ }).waitFor();
  });

  it("shows 'Completing sign in...' on the callback page, and without a session ends at /signin?error=auth_failed", async () => {
    const { page } = await open();
    await page.goto("/auth/callback");
    await page.waitForURL((u) => u.pathname === "/signin" && u.searchParams.get("error") === "auth_failed");
    await page.getByRole("alert").filter({ hasText: "Google sign-in did not complete. Please try again." }).waitFor();
    const html = await (await fetch(`${server.url}/auth/callback`)).text();
    expect(html).toContain("Completing sign in...");
  });

  it("ends at /signin?error=oauth_callback_failed when the provider refuses", async () => {
    identity = { sub: `google-refused-${Date.now()}`, email: uniqueEmail("refused"), name: "Refused Person" };
    refuse = true;
    const { page, visit } = await open();
    await visit("/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((u) => u.pathname === "/signin" && u.searchParams.get("error") === "oauth_callback_failed");
    await page.getByRole("alert").filter({ hasText: "Something went wrong while signing in with Google. Please try again." }).waitFor();
    expect(await usersWithEmail(identity.email)).toEqual([]);
    refuse = false;
  });

  it("offers Google in the header dialog too", async () => {
    const { page, visit } = await open();
    await visit("/about");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).waitFor();
  });
});
