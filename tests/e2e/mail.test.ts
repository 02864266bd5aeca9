// Mail in Chromium against a real SMTP server on loopback: password reset, verification, safer sign-up, /account,
// one-click unsubscribe. On its worker's shared server, whose mail goes to the shared sink (decision 0034).
import { describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { createAccount, signInThroughPage, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { sharedMailbox } from "./support/mail";
import { signInCookie, useSession } from "./support/messaging";
import { runUserRole } from "./support/server";
import { sharedServer, useServerSettings } from "./support/shared-server";

const server = sharedServer();
const smtp = sharedMailbox();
useServerSettings({ notifyDelaySeconds: 1, orgName: "Mail Test Tennis" });

const open = setupBrowser(() => server.url);
const SENT = "If an account uses that address, we have sent it a link to choose a new password. The link works for 30 minutes.";

/**
 * Signs `email` in by hand-made request and puts the session into the browser context, as if the person had signed
 * in there: for the tests that are not about signing in.
 */
async function signInByRequest(context: BrowserContext, email: string, password = "secret12") {
  await useSession(context, server.url, { email, password, fullName: "", cookie: await signInCookie(server.url, email, password) });
}

/** An account made as the sign-up page makes it (for the tests where signing up is not what they are about). */
const makeAccount = (email: string, fullName: string) => createAccount(server.url, { fullName, email, password: "secret12" });

async function makeCoach(email: string, fullName: string) {
  await makeAccount(email, fullName);
  const r = await runUserRole(server.url, [email, "coach"], server.env);
  expect(r.code, r.stderr).toBe(0);
}

async function signUp(page: import("playwright-core").Page, email: string, fullName = "Mia Mail") {
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(fullName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret12");
  await page.getByLabel("I am a parent or guardian").check();
  await page.getByLabel("Date of birth").fill("1983-09-30");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL((u) => u.pathname === "/signin");
}

describe("password reset", () => {
  it("answers the same for any address, mails a link that works once, signs out every session and mails a notice", async () => {
    const email = uniqueEmail("reset");
    const { page, visit } = await open();
    await makeAccount(email, "Mia Mail");
    // Another device stays signed in until the password is reset.
    const other = await open();
    await signInByRequest(other.context, email);

    await visit("/signin");
    await page.getByRole("main").getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL((u) => u.pathname === "/forgot-password");
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.getByText(SENT).waitFor();

    await visit("/forgot-password");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.getByText(SENT).waitFor();

    const mail = await smtp.waitFor(email, "Reset your password");
    expect(mail.text).toContain("Mail Test Tennis");
    const link = mail.links.find((l) => l.includes("/reset-password?token="))!;
    expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);
    expect(mail.headers.has("list-unsubscribe")).toBe(false);

    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill("abc");
    await page.getByLabel("Repeat the new password").fill("abc");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.getByText("Password must be at least 6 characters long").waitFor();
    await page.getByLabel("New password", { exact: true }).fill("newsecret34");
    await page.getByLabel("Repeat the new password").fill("newsecret34");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.waitForURL((u) => u.pathname === "/signin");
    await page.getByText("Your password has been changed. Please sign in with your new password.").waitFor();
    // Not signed in automatically.
    await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).waitFor();

    const notice = await smtp.waitFor(email, "Your password was changed");
    expect(notice.text).toContain("every device that was signed in has been signed out");
    // The other device was signed out.
    await other.page.goto("/account");
    await other.page.waitForURL((u) => u.pathname === "/signin");

    // The link works once.
    await page.goto(link);
    await page.getByText("This link has expired or has already been used. You can ask for a new one.").waitFor();
    await page.getByRole("link", { name: "Send me a new link" }).waitFor();

    await signInThroughPage(page, email, "newsecret34");
  });

  it("works without JavaScript, refuses bad input beside the field, and refuses a made-up token", async () => {
    const { page, visit } = await open({ javaScriptEnabled: false });
    await visit("/forgot-password");
    await page.getByLabel("Email").fill(uniqueEmail("nojs"));
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.getByText(SENT).waitFor();
    // What the browser's own checks would stop, the server refuses too: 400 and the message beside the field.
    const res = await fetch(`${server.url}/forgot-password`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=not-an-address",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter a valid email address");
    const mismatch = await fetch(`${server.url}/reset-password?token=x`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "token=x&password=secret12&confirmPassword=other12",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The two passwords are not the same");
    await visit("/reset-password?token=made-up-token");
    await page.getByText("This link has expired or has already been used. You can ask for a new one.").waitFor();
  });
});

describe("sign-up and verification", () => {
  it("does not tell a stranger an address is taken, mails its owner, and verifies a new account from its mail", async () => {
    const email = uniqueEmail("owner");
    const { page, visit } = await open();
    await signUp(page, email, "Olga Owner");
    const verify = await smtp.waitFor(email, "Confirm your email address");

    // A stranger tries the same address: the same answer, and the owner is told.
    const stranger = await open();
    await signUp(stranger.page, email, "Stranger Danger");
    await stranger.page.getByText("Welcome! You've been registered as a client. Contact us if you need coach access.").waitFor();
    const warning = await smtp.waitFor(email, "Someone tried to create an account with your address");
    expect(warning.text).toContain("reset your password");

    await signInByRequest(page.context(), email);
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Email confirmation" });
    await banner.getByText("Please confirm your email address: we sent you a link.").waitFor();
    await banner.getByRole("button", { name: "Send the link again" }).click();
    await page.getByText("We sent the link again. Please check your email.").waitFor();
    await expect.poll(async () => (await smtp.mailTo(email)).filter((m) => m.subject === "Confirm your email address").length).toBe(2);

    await visit(verify.links.find((l) => l.includes("/verify-email?token="))!);
    await page.getByText("Thank you: your email address is confirmed.").waitFor();
    await visit("/about");
    expect(await page.getByRole("region", { name: "Email confirmation" }).count()).toBe(0);
  });
});

describe("/account", () => {
  it("sends a visitor to sign in, and refuses a visitor's post", async () => {
    const { page } = await open();
    await page.goto("/account");
    await page.waitForURL((u) => u.pathname === "/signin" && u.searchParams.get("redirectTo") === "/account");
    const res = await fetch(`${server.url}/account`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=delete&confirm=DELETE&password=x",
      redirect: "manual",
    });
    expect(res.status).toBe(401);
    const data = await fetch(`${server.url}/account/data`, { redirect: "manual" });
    expect(data.status).toBe(302);
  });

  it("edits the profile without JavaScript (a bad phone is refused beside the field), and ends other sessions", async () => {
    const email = uniqueEmail("settings");
    const { page, visit } = await open({ javaScriptEnabled: false });
    // Signing up and in without JavaScript, as this person does; the other device's session is made by hand.
    await signUp(page, email, "Sam Settings");
    const other = await open();
    await signInByRequest(other.context, email);
    await page.goto("/signin");
    await page.getByRole("main").getByLabel("Email").fill(email);
    await page.getByRole("main").getByLabel("Password").fill("secret12");
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    // The home page's external resources cannot load offline: wait for the document only.
    await page.waitForURL((u) => u.pathname === "/", { waitUntil: "domcontentloaded" });

    await visit("/account");
    await page.getByLabel("Phone", { exact: true }).fill("+++++++");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Please enter a valid phone number").waitFor();
    await page.getByLabel("Full name").fill("Sam Renamed");
    await page.getByLabel("Phone", { exact: true }).fill("(202) 555-0199");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Your profile has been updated.").waitFor();
    expect(await page.getByLabel("Full name").inputValue()).toBe("Sam Renamed");

    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.getByText("You have been signed out everywhere else.").waitFor();
    await other.page.goto("/account");
    await other.page.waitForURL((u) => u.pathname === "/signin");

    const download = await page.context().request.get("/account/data");
    const body = (await download.json()) as { profile: { fullName: string; phone: string } };
    expect(body.profile).toMatchObject({ fullName: "Sam Renamed", phone: "(202) 555-0199" });
  });

  it("changes the email address only when the link mailed to the new address is followed", async () => {
    const email = uniqueEmail("moving");
    const newEmail = uniqueEmail("moved");
    const { page, context, visit } = await open();
    await makeAccount(email, "Max Moving");
    await signInByRequest(context, email);
    await visit("/account");
    const section = page.getByRole("region", { name: "Email address" });
    await section.getByLabel("New email address").fill(newEmail);
    await section.getByRole("button", { name: "Change email" }).click();
    await page.getByRole("status").getByText(`We sent a link to ${newEmail}. Your email address changes when you follow it.`).waitFor();
    // Nothing has changed yet: the old address still signs in, the new one does not.
    await page.reload();
    await section.getByText(email).waitFor();

    const mail = await smtp.waitFor(newEmail, "Confirm your new email address");
    expect((await smtp.mailTo(email)).filter((m) => m.subject === "Confirm your new email address")).toHaveLength(0);
    const link = mail.links.find((l) => l.startsWith(server.url))!;
    await visit(link);
    await visit("/account");
    await section.getByText(newEmail).waitFor();

    // The new address signs in (the sign-in form's post, by hand).
    const other = await open();
    await signInByRequest(other.context, newEmail);
    await other.visit("/account");
    await other.page.getByRole("region", { name: "Email address" }).getByText(newEmail).waitFor();
  });

  it("deletes the account with the password and the typed word", async () => {
    const email = uniqueEmail("leaving");
    const { page, context, visit } = await open();
    await makeAccount(email, "Lee Leaving");
    await signInByRequest(context, email);
    await visit("/account");
    const section = page.getByRole("region", { name: "Delete my account" });
    await section.getByLabel("Password").fill("secret12");
    await section.getByLabel("Type DELETE to confirm").fill("delete");
    await section.getByRole("button", { name: "Delete my account" }).click();
    // The refusal beside the field (its words are the label's own, so wait for the field to be marked refused, not
    // for the words: the label has them before the answer comes).
    await section.locator('input[name="confirm"][aria-invalid="true"]').waitFor();
    expect(await section.getByText("Type DELETE to confirm", { exact: true }).count()).toBe(2);
    await section.getByLabel("Password").fill("secret12");
    await section.getByLabel("Type DELETE to confirm").fill("DELETE");
    await section.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByText("Your account has been deleted.").waitFor();
    await page.goto("/signin");
    await page.getByRole("main").getByLabel("Email").fill(email);
    await page.getByRole("main").getByLabel("Password").fill("secret12");
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("main").getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
  });
});

describe("form confirmations and one-click unsubscribe", () => {
  it("confirms a registration request to the family's address and tells each coach, without naming the child", async () => {
    const coachEmail = uniqueEmail("regcoach");
    await makeCoach(coachEmail, "Rae Coach");
    const family = uniqueEmail("regfamily");
    const res = await fetch(`${server.url}/programs/registration`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        studentName: "Robin Registrant",
        age: "11",
        skillLevel: "Beginner",
        programInterest: "Fall Programs",
        parentName: "Rory Registrant",
        email: family,
        phone: "(202) 555-0142",
        emergencyContact: "Aunt Ray (202) 555-0143",
      }),
    });
    expect(res.status).toBe(200);
    const confirmation = await smtp.waitFor(family, "We received your registration request");
    expect(confirmation.text).toContain("Mail Test Tennis");
    const notice = await smtp.waitFor(coachEmail, "New registration request");
    expect(notice.text).not.toContain("Robin Registrant");
    expect(notice.text).toContain(`${server.url}/appointments`);
  });

  it("confirms a contact message to its sender, tells each coach, and a coach's one-click unsubscribe works without signing in and for that coach only", async () => {
    const coachEmail = uniqueEmail("coach");
    const otherCoachEmail = uniqueEmail("coach2");
    await Promise.all([makeCoach(coachEmail, "Cara Coach"), makeCoach(otherCoachEmail, "Otto Coach")]);

    const family = uniqueEmail("family");
    const contact = (email: string) =>
      fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: "Fran Family", email, phone: "", message: "When does the fall clinic start?" }),
      });
    expect((await contact(family)).status).toBe(200);
    const confirmation = await smtp.waitFor(family, "We received your message");
    expect(confirmation.headers.has("list-unsubscribe")).toBe(false);
    const notice = await smtp.waitFor(coachEmail, "New contact message");
    await smtp.waitFor(otherCoachEmail, "New contact message");
    // The coach's notice says as little as it can about the family.
    expect(notice.text).not.toContain("Fran Family");
    const header = (notice.raw.headerLines.find((h) => h.key === "list-unsubscribe")?.line ?? "").replace(/\r\n\s+/g, " ");
    const unsubscribeUrl = /<(http[^>]+)>/.exec(header)![1]!;

    // A changed token is refused and changes nothing.
    const forged = unsubscribeUrl.replace(/token=([^.]+)/, "token=" + Buffer.from("someone-else").toString("base64url"));
    const refused = await fetch(forged, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(refused.status).toBe(400);
    // The mail program's one-click POST: no sign-in, no Origin of ours.
    const res = await fetch(unsubscribeUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);

    const { page, context } = await open();
    await signInByRequest(context, coachEmail);
    await page.goto("/account/notifications");
    expect(await page.getByLabel("Email me new registration and contact submissions").isChecked()).toBe(false);
    expect(await page.getByLabel("When a message waits unread", { exact: false }).isChecked()).toBe(true);

    const family2 = uniqueEmail("family2");
    expect((await contact(family2)).status).toBe(200);
    await smtp.waitFor(family2, "We received your message");
    // The second notice (the address also got its sign-up confirmation: count the notices, not the mails).
    const notices = async (to: string) => (await smtp.mailTo(to)).filter((m) => m.subject === "New contact message");
    await expect.poll(async () => (await notices(otherCoachEmail)).length, { timeout: 30_000 }).toBe(2);
    expect(await notices(coachEmail)).toHaveLength(1);
  });
});
