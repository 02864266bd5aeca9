// Limits that hold (issue 25, decision 0024), in Chromium and by hand-made requests against the real server with a
// real SMTP server on loopback (the shared sink). TRUST_PROXY=1 (set through the test hooks) lets a request say which address it comes from (X-Forwarded-For, as a
// proxy in front would): the guesser's requests come from elsewhere, the owner's browser from 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedMailbox } from "./support/mail";
import { sharedServer, useServerSettings } from "./support/shared-server";
import { createAccount, signInThroughPage, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { openDatabase, signInCookie, useSession } from "./support/messaging";
import { step, waitFor } from "../support/wait-for";

let database: Awaited<ReturnType<typeof openDatabase>>;
const server = sharedServer();
const smtp = sharedMailbox();
// The sign-in limits as production has them, and one proxy in front (decision 0034: set on the shared server).
useServerSettings({ trustProxy: 1, orgName: "Limits Test Tennis", signInLimits: { perIp: 20, perAccount: 8, accountWide: 50 } });
beforeAll(async () => {
  database = await openDatabase(server.dataDir);
});
afterAll(async () => {
  await database?.close();
});

const open = setupBrowser(() => server.url);
const TOO_MANY = 'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password with "Forgot your password?".';

/** A sign-in posted by hand from `address`. */
const signInFrom = (address: string, email: string, password: string) =>
  fetch(`${server.url}/signin`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
const signedIn = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("nlte.session_token="));

/** An adult guardian's account, made as the sign-up page makes it (not signed in afterwards). */
const signUp = (email: string, fullName: string) => createAccount(server.url, { email, fullName, password: "secret12" });

/** Signs in by the sign-in form's post, by hand, into a browser context: for the tests not about signing in. */
async function signInByRequest(context: import("playwright-core").BrowserContext, email: string) {
  await useSession(context, server.url, { email, password: "secret12", fullName: "", cookie: await signInCookie(server.url, email, "secret12") });
}

/**
 * Checks that `expected` mails with `subject` went to the addresses `to`, and no more will: a mail is queued in the
 * same transaction as the request that causes it, and every such request has been answered, so once the outbox has
 * delivered all it holds for them, nothing more can come.
 */
async function exactly(to: string[], subject: string, expected: number) {
  const outbox = async () =>
    (
      await database.query<{ queued: number; sent: number }>(
        "select count(*)::int as queued, count(sent_at)::int as sent from mail_outbox where to_address = any($1) and subject = $2",
        [to, subject],
      )
    ).rows[0]!;
  const delivered = await waitFor(
    async () => {
      const { queued, sent } = await outbox();
      return queued === sent && { queued };
    },
    { timeout: 30_000, what: `the outbox to deliver every "${subject}" mail it holds` },
  );
  expect(delivered.queued).toBe(expected);
  // A mail to several of the addresses is one mail: counted once, by its Message-ID.
  const received = (await Promise.all(to.map((address) => smtp.mailTo(address)))).flat().filter((m) => m.subject === subject);
  expect(new Set(received.map((m) => m.raw.messageId ?? m.source.toString("base64"))).size).toBe(expected);
}

describe("sign-in limits counted before the check", () => {
  it("of 200 guesses sent at once from one address, at most 20 are checked; the rest get 429 with Retry-After, the right one among them too", async () => {
    const email = uniqueEmail("guessed");
    await createAccount(server.url, { fullName: "Gus Guessed", email, password: "right-password" });
    const guesses = Array.from({ length: 200 }, (_, i) =>
      i === 199 ? { email, password: "right-password" } : { email: uniqueEmail("nobody"), password: `guess-${i}` },
    );
    const answers = await Promise.all(guesses.map((g) => signInFrom("203.0.113.7", g.email, g.password)));
    const checked = answers.filter((r) => r.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(20);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(180);
    for (const r of refused) {
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(800);
      expect(signedIn(r)).toBe(false);
    }
    expect(await refused[0]!.text()).toContain("Too many sign-in attempts. Please wait 15 minutes and try again");
    // The right password, sent last, was not even checked.
    expect(answers[199]!.status).toBe(429);
    expect(signedIn(answers[199]!)).toBe(false);
  });
});

describe("a stranger cannot lock the owner out", () => {
  it("a stranger's eight wrong guesses stop the stranger; the owner signs in from their own browser", async () => {
    const email = uniqueEmail("owner");
    await createAccount(server.url, { fullName: "Ona Owner", email, password: "secret12" });
    for (let i = 0; i < 8; i++) expect((await signInFrom("198.51.100.20", email, `wrong-${i}`)).status).toBe(400);
    const stranger = await signInFrom("198.51.100.20", email, "secret12");
    expect(stranger.status).toBe(429);
    expect(signedIn(stranger)).toBe(false);

    const { page } = await open();
    await signInThroughPage(page, email, "secret12");
    await page.getByText("Welcome back!").waitFor();
  });

  it("many addresses fill the account's cap: the owner is told when to retry, and the emailed reset link lets them in", async () => {
    const email = uniqueEmail("besieged");
    await createAccount(server.url, { fullName: "Bea Besieged", email, password: "secret12" });
    for (let a = 0; a < 7; a++) for (let i = 0; i < 8; i++) await signInFrom(`198.51.100.${50 + a}`, email, `wrong-${a}-${i}`);

    const { page, visit } = await open();
    await visit("/signin");
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel("Password").fill("secret12");
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await main.getByRole("alert").filter({ hasText: TOO_MANY }).waitFor();

    await main.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL((u) => u.pathname === "/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    const mail = await smtp.waitFor(email, "Reset your password");
    await page.goto(mail.links.find((l) => l.includes("/reset-password?token="))!);
    await page.getByLabel("New password", { exact: true }).fill("newsecret34");
    await page.getByLabel("Repeat the new password").fill("newsecret34");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.getByText("Your password has been changed. Please sign in with your new password.").waitFor();
    await signInThroughPage(page, email, "newsecret34");
    await page.getByText("Welcome back!").waitFor();
  });
});

describe("mail to addresses someone typed", () => {
  it("'Send the link again' mails one address four times an hour, then says when to try again, beside the button", async () => {
    const email = uniqueEmail("resend");
    const { page, context } = await open();
    await signUp(email, "Rene Resend");
    await smtp.waitFor(email, "Confirm your email address");
    await signInByRequest(context, email);
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Email confirmation" });
    for (let i = 0; i < 4; i++) {
      await banner.getByRole("button", { name: "Send the link again" }).click();
      await page.getByText("We sent the link again. Please check your email.").first().waitFor();
      await page.goto("/about");
    }
    await banner.getByRole("button", { name: "Send the link again" }).click();
    await page.waitForURL((u) => u.pathname === "/account");
    await page
      .getByRole("region", { name: "Email address" })
      .getByRole("alert")
      .filter({ hasText: /^We have already sent several emails to this address\. Please wait (59|60) minutes and try again/ })
      .waitFor();
    await exactly([email], "Confirm your email address", 5);
  });

  it("changing the email address 100 times at once mails 10 addresses; the form then says why, beside the field", async () => {
    const email = uniqueEmail("changer");
    const { page, context, visit } = await open();
    await signUp(email, "Cy Changer");
    await signInByRequest(context, email);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const targets = Array.from({ length: 100 }, () => uniqueEmail("target"));
    const answers = await Promise.all(
      targets.map((newEmail) =>
        fetch(`${server.url}/account`, {
          method: "POST",
          headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", cookie },
          body: new URLSearchParams({ intent: "email", newEmail }),
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(90);
    expect(Number(answers.find((r) => r.status === 429)!.headers.get("retry-after"))).toBeGreaterThan(3000);
    await exactly(targets, "Confirm your new email address", 10);

    await visit("/account");
    const section = page.getByRole("region", { name: "Email address" });
    await section.getByLabel("New email address").fill(uniqueEmail("one-more"));
    await section.getByRole("button", { name: "Change email" }).click();
    await section.getByText(/^You have sent as many emails as you can for now\. Please wait (59|60) minutes and try again\.$/).waitFor();
    await section.getByText(email).waitFor();
  });
});

describe("personal data only to confirmed addresses", () => {
  it("an account made with a family's address sees the family's forms in 'My data' only once the address is confirmed", async () => {
    const family = uniqueEmail("family");
    await step("a family sends a registration form", async () => {
      const sent = await fetch(`${server.url}/programs/registration`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          studentName: "Rita Real",
          age: "12",
          skillLevel: "Beginner",
          programInterest: "Fall Programs",
          parentName: "Rosa Real",
          email: family,
          phone: "(202) 555-0142",
          emergencyContact: "Aunt Ana (202) 555-0143",
        }),
      });
      expect(sent.status).toBe(200);
    });

    const { page, visit, forms } = await step(
      "someone signs up with the family's address and, unconfirmed, sees none of the family's forms",
      async () => {
        const { page, context, visit } = await open();
        await signUp(family, "Sly Stranger");
        await signInByRequest(context, family);
        await visit("/account/my-data");
        const forms = page.getByRole("region", { name: "Forms sent with your email address" });
        await forms
          .getByText(
            "Your email address is not confirmed yet, so this shows only the forms you sent while signed in. Confirming your email address adds the registration and contact forms sent from it.",
          )
          .waitFor();
        expect(await page.getByText("Rita Real").count()).toBe(0);
        const file = await (await page.context().request.get("/account/data")).text();
        expect(file).not.toContain("Rita Real");
        expect(file).not.toContain("Aunt Ana");
        return { page, visit, forms };
      },
    );

    await step("the address's owner follows the link mailed to it: the family's forms are theirs to see", async () => {
      const verify = await smtp.waitFor(family, "Confirm your email address");
      await visit(verify.links.find((l) => l.includes("/verify-email?token="))!);
      await page.getByText("Thank you: your email address is confirmed.").waitFor();
      await visit("/account/my-data");
      await forms.getByText(/Registration for Rita Real \(Fall Programs\)/).waitFor();
    });
  });
});
