// Giving online (issue 41, decision 0060) in Chromium on a phone: a visitor gives $25 on /donate with "cover the card
// fee", pays on the hosted Checkout (the tests' loopback payment service in Stripe's place, answering the official SDK
// and signing its webhook as Stripe does) and comes back to the thank-you; the gift is recorded once, grossed up. The
// monthly donor stops the gift from the link in its receipt, in Spanish, asked once (decision 0067). The
// rules (limits, replays, forged events, monthly gifts, the receipt's PDF, refunds) are the integration tests'. On its
// worker's shared server, given the loopback provider for this file (the test settings' `stripe`).
import { afterAll, describe, expect, it } from "vitest";
import { startPaymentService } from "../support/payment-service";
import { setupBrowser } from "./support/browser";
import { openDatabase } from "./support/messaging";
import { sharedServer, useServerSettings } from "./support/shared-server";

const server = sharedServer();
const service = await startPaymentService();
service.webhookUrl = `${server.url}/payments/webhook`;
useServerSettings({ stripe: { secretKey: service.secretKey, webhookSecret: service.webhookSecret, apiUrl: service.url } });
afterAll(() => service.close());

const open = setupBrowser(() => server.url);

describe("giving online", () => {
  it("a visitor gives $25 with the card fee covered through Checkout and reads the thank-you", async () => {
    const { page, visit } = await open({ viewport: { width: 390, height: 844 } });
    await visit("/donate");
    const give = page.getByRole("main");
    await give.getByRole("heading", { level: 2, name: "Give online" }).waitFor();
    // The offline ways stay beside it.
    await give.getByRole("heading", { level: 2, name: "Zelle" }).waitFor();
    await give.getByRole("radio", { name: "$25", exact: true }).check();
    await give.getByLabel("Cover the card fee, so all of my gift reaches the program").check();
    await give.getByText("a $25 gift becomes $26.06").waitFor();
    await give.getByRole("button", { name: "Give online" }).click();

    await page.getByRole("heading", { name: "Loopback Checkout" }).waitFor();
    expect(page.url().startsWith(service.url)).toBe(true);
    await page.getByLabel("Email").fill("e2e-gift-donor@example.com");
    await page.getByRole("button", { name: "Pay $26.06" }).click();

    await page.getByRole("status").getByText("Thank you for your gift!", { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/donate");
    const db = await openDatabase(server.dataDir);
    try {
      const { rows } = await db.query(`select amount_cents, gift_cents, fee_cents from donations where email = 'e2e-gift-donor@example.com'`);
      expect(rows).toEqual([{ amount_cents: 2606, gift_cents: 2500, fee_cents: 106 }]);
    } finally {
      await db.close();
    }
  });

  it("a monthly donor stops the gift, in Spanish, from the link in the receipt, asked once", async () => {
    // A $50 monthly gift given in Spanish, its first month told by the provider (no page: the giving is the test above).
    const res = await fetch(`${server.url}/es/donate`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ frequency: "monthly", amount: "50" }),
      redirect: "manual",
    });
    const paid = service.completedEvent(res.headers.get("location")!.split("/").pop()!, { email: "e2e-monthly-donor@example.com" });
    await fetch(`${server.url}/payments/webhook`, { method: "POST", headers: { "stripe-signature": paid.signature }, body: paid.body });
    const db = await openDatabase(server.dataDir);
    const mail = await db
      .query<{ text_body: string }>(`select text_body from mail_outbox where to_address = 'e2e-monthly-donor@example.com'`)
      .finally(() => db.close());
    const link = /Para dejar de donar cada mes cuando quiera: (\S+)/.exec(mail.rows[0]!.text_body)![1]!;
    const { page, visit } = await open({ viewport: { width: 390, height: 844 } });
    await visit(new URL(link).pathname);
    await page.getByText("Una donación mensual de $50", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Dejar de donar cada mes" }).click();
    await page.getByRole("alertdialog").getByText("¿Dejar su donación mensual de $50?").waitFor();
    await page.getByRole("button", { name: "Sí, dejar mi donación mensual" }).click();
    await page.getByText("Esta donación mensual se detuvo el", { exact: false }).waitFor();
    expect(service.cancelled.size).toBe(1);
  });
});
