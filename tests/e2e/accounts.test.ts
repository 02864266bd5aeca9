import { describe, expect, it } from "vitest";
import { createAccount, uniqueEmail } from "./support/accounts";
import { expectAccessible, setupBrowser } from "./support/browser";
import { signInCookie, useSession } from "./support/messaging";
import { runScript } from "./support/server";
import { plainServer, sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);
// A server without SMTP_URL, as production starts: its mail stays in the outbox.
const openOnPlainServer = setupBrowser(() => plainServer().url);

/** Puts a session, signed in by hand-made request (the sign-in form's post), into a browser context. */
async function signInByRequest(context: import("playwright-core").BrowserContext, email: string) {
  await useSession(context, baseURL, { email, password: "secret12", fullName: "", cookie: await signInCookie(baseURL, email, "secret12") });
}

describe("accounts", () => {
  it("signs up on the page, signs in, uses the header menu and signs out", async () => {
    const { page, visit } = await open();
    const email = uniqueEmail("family");
    await visit("/signup");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Create Account");
    await page.getByText("Join the organisation as a client").waitFor();
    await page.getByText("All new accounts are clients. For coach access, please contact the organisation.").waitFor();
    await page.getByLabel("Full Name").fill("Ada Family");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("secret12");
    await page.getByLabel("I am a parent or guardian").check();
    await page.getByLabel("Date of birth").fill("1983-09-30");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((u) => u.pathname === "/signin");
    await page.getByText("Account Created!").waitFor();
    await page.getByText("Welcome! You've been registered as a client. Contact us if you need coach access.").waitFor();
    // The sign-up page does not leave the new account signed in.
    await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).waitFor();

    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel("Password").fill("secret12");
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByText("Welcome back!").waitFor();
    await page.getByText("You have successfully signed in.").waitFor();

    const menuButton = page.getByRole("button", { name: /Ada Family.*account menu/ });
    await menuButton.click();
    await page.getByRole("link", { name: "Messages" }).waitFor();
    // A client does not see the coaches' Appointments link.
    expect(await page.getByRole("link", { name: "Appointments" }).count()).toBe(0);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("You have been successfully signed out.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByRole("button", { name: "Sign In", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: /account menu/ }).count()).toBe(0);
  });

  it("knows the signed-in user on the first server render", async () => {
    const email = uniqueEmail();
    await createAccount(baseURL, { fullName: "Server Render", email, password: "secret12" });
    // Signed in by the sign-in form's post, by hand (signing in through the page is the first test's).
    const cookie = await signInCookie(baseURL, email, "secret12");
    const res = await fetch(`${baseURL}/about`, { headers: { cookie } });
    const html = await res.text();
    expect(html).toContain("Server Render");
    expect(html).not.toContain(">Sign In</button>");
  });

  // "/" is a page visitors get without React (its dialog posts plain forms and the server answers), /vlog runs React.
  it.each(["/", "/vlog"])("shows every validation message of the header dialog, and toggling clears the form (%s)", async (path) => {
    const { page, visit } = await open();
    await visit(path);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Enter your credentials to access your account").waitFor();
    await dialog.getByRole("button", { name: "Sign up" }).click();
    await dialog.getByRole("heading", { name: "Create Account" }).waitFor();
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await dialog.getByText("Full name is required").waitFor();
    await dialog.getByText("Phone number is required").waitFor();
    await dialog.getByText("Email is required").waitFor();
    await dialog.getByText("Password is required").waitFor();
    await dialog.getByText("Please choose whether you are a parent or guardian or a student-athlete.").waitFor();

    await dialog.getByLabel("Full Name").fill("Dialog Person");
    await dialog.getByLabel("Phone").fill("(202) 555-0199");
    await dialog.getByLabel("Email").fill("dialog-person@example.com");
    await dialog.getByLabel("Password").fill("abc");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await dialog.getByText("Password must be at least 6 characters long").waitFor();
    expect(await dialog.getByText("Full name is required").count()).toBe(0);
    await expectAccessible(page);

    // Toggling to sign-in and back clears the fields and the errors.
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await dialog.getByRole("heading", { name: "Sign In" }).waitFor();
    expect(await dialog.getByLabel("Email").inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Sign up" }).click();
    expect(await dialog.getByLabel("Full Name").inputValue()).toBe("");
    expect(await dialog.getByText("Password must be at least 6 characters long").count()).toBe(0);
    // A choice is cleared by unticking it; its value, what the form sends, stays.
    const guardianChoice = dialog.getByLabel("I am a parent or guardian");
    expect(await guardianChoice.isChecked()).toBe(false);
    expect(await guardianChoice.getAttribute("value")).toBe("guardian");
  });

  it("creates an account from the dialog with a phone number; the person then signs in", async () => {
    const { page, visit } = await open();
    const email = uniqueEmail("dialog");
    await visit("/faq");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Sign up" }).click();
    await dialog.getByLabel("Full Name").fill("Dana Dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Phone").fill("(202) 555-0123");
    await dialog.getByLabel("Password").fill("secret12");
    // On the first try: switching the dialog to sign-up once blanked the radios' values, so this was refused.
    await dialog.getByLabel("I am a parent or guardian").check();
    await dialog.getByLabel("Date of birth").fill("1986-04-02");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Welcome to Next Level Tennis! We sent you an email to confirm your address. You can sign in now.").waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/faq");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("dialog").getByLabel("Email").fill(email);
    await page.getByRole("dialog").getByLabel("Password").fill("secret12");
    await page.getByRole("dialog").getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("button", { name: /Dana Dialog.*account menu/ }).waitFor();
  });

  it.each(["/", "/vlog"])("signs in from the dialog, and a wrong password shows 'Sign In Failed' with the service's message (%s)", async (path) => {
    const email = uniqueEmail();
    await createAccount(baseURL, { fullName: "Wrong Password", email, password: "secret12" });
    const { page, visit } = await open();
    // The /signin page's own form, once (the same page for both).
    if (path === "/") {
      await visit("/signin");
      const main = page.getByRole("main");
      await main.getByLabel("Email").fill(email);
      await main.getByLabel("Password").fill("not-the-password");
      await main.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.getByText("Sign In Failed").waitFor();
      const box = page.getByRole("alert").filter({ hasText: "Invalid email or password" });
      await box.waitFor();
      expect(new URL(page.url()).pathname).toBe("/signin");
    }

    await visit(path);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill("wrong-again");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await dialog.getByText("Invalid email or password").waitFor();
    await page.getByText("Sign In Failed").waitFor();
    await dialog.getByLabel("Password").fill("secret12");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("You have successfully signed in.").waitFor();
    await page.getByRole("button", { name: /Wrong Password.*account menu/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  });

  it("after a refusal on a page without React, reopens the dialog saying why, with focus in it, and gives focus back", async () => {
    const email = uniqueEmail("refused");
    await createAccount(baseURL, { fullName: "Rita Refused", email, password: "secret12" });
    const { page, visit } = await open();
    await visit("/programs");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill("wrong-password");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await dialog.getByText("Invalid email or password").waitFor();
    expect(new URL(page.url()).pathname).toBe("/programs");
    // Opening it tells a screen reader why: the reason is part of the dialog's description.
    const described = await dialog.evaluate((d) =>
      (d.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent)
        .join(" "),
    );
    expect(described).toContain("Invalid email or password");
    await dialog.getByLabel("Email").and(page.locator(":focus")).waitFor();
    expect(await dialog.getByLabel("Email").inputValue()).toBe(email);
    expect(await dialog.getByLabel("Password").inputValue()).toBe("");
    await expectAccessible(page);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).and(page.locator(":focus")).waitFor();
  });

  it("turns a client into a coach with the role command, and the Appointments link appears", async () => {
    const email = uniqueEmail("coach");
    await createAccount(baseURL, { fullName: "Coach Carter", email, password: "secret12" });
    const { page, context } = await open();
    await signInByRequest(context, email);
    await page.goto("/");
    await page.getByRole("button", { name: /Coach Carter.*account menu/ }).waitFor();
    expect(await page.getByRole("link", { name: "Appointments" }).count()).toBe(0);

    const { env } = sharedServer();
    const bad = await runScript(["cli/user-role.ts", "nobody-here@example.com", "coach"], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("no user with the email nobody-here@example.com");
    const badRole = await runScript(["cli/user-role.ts", email, "manager"], env);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain("the role must be client, coach, safeguarding or admin");

    const ok = await runScript(["cli/user-role.ts", email, "coach"], env);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`${email} (Coach Carter) is now a coach.`);
    await page.reload();
    await page.getByRole("link", { name: "Appointments" }).first().waitFor({ state: "attached" });
    await page.goto("/appointments");
    await page.getByRole("heading", { level: 1, name: "Appointments" }).waitFor();
  });

  it("without SMTP_URL keeps mail in the outbox, where the mail:outbox command shows it and its link works", async () => {
    const { url: baseURL, env } = plainServer();
    // The command's answer to a bad count depends on nothing here: asked at once, while the browser works.
    const usage = runScript(["cli/mail-outbox.ts", "many"], env);
    const email = uniqueEmail("outbox");
    await createAccount(baseURL, { fullName: "Olive Outbox", email, password: "secret12" });
    const { page, visit } = await openOnPlainServer();
    await visit("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.getByText("If an account uses that address", { exact: false }).waitFor();

    const out = await runScript(["cli/mail-outbox.ts", "100"], env);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const mail = out.stdout.split("──── ").find((m) => m.includes(`To: ${email}`) && m.includes("Subject: Reset your password"))!;
    expect(mail).toContain("in the outbox, not sent");
    const link = /http\S+\/reset-password\?token=\S+/.exec(mail)![0];
    expect(new URL(link).origin).toBe(baseURL);

    await visit(new URL(link).pathname + new URL(link).search);
    await page.getByLabel("New password", { exact: true }).fill("newsecret12");
    await page.getByLabel("Repeat the new password").fill("newsecret12");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.waitForURL((u) => u.pathname === "/signin");
    // The new password signs in (the sign-in form's post, by hand).
    expect(await signInCookie(baseURL, email, "newsecret12")).toContain("session_token");

    expect((await usage).code).toBe(1);
    expect((await usage).stderr).toContain("usage: npm run mail:outbox");
  });

  it("keeps visitors and clients out of /appointments", async () => {
    const res = await fetch(`${baseURL}/appointments`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/signin?redirectTo=%2Fappointments");
    const email = uniqueEmail();
    await createAccount(baseURL, { fullName: "Plain Client", email, password: "secret12" });
    const { page, context } = await open();
    await signInByRequest(context, email);
    const response = await page.goto("/appointments");
    expect(response?.status()).toBe(403);
    await page.getByRole("heading", { name: "Access denied" }).waitFor();
  });

  it("shows the 404 page for an unknown path", async () => {
    const { page, visit } = await open();
    const response = await page.goto("/no-such-page/here");
    expect(response?.status()).toBe(404);
    await page.getByText("404", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await visit("/programs/not-a-program");
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
  });
});
