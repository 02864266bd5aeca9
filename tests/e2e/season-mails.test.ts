// Mails of a season (issue 39), as a coach sees them on a phone: a coach whose address is unconfirmed is told on
// /appointments, in English and in Spanish, that booking and cancellation mails are held back, and the link to confirm
// it is sent again from there (without leaving the page); once confirmed, the notice is gone. The status mails' rules
// (the Enrolled mail's contents, steps within two minutes as one mail) are app/mail/status-mails.server.test.ts's, with
// the real queue and SMTP server. On its worker's shared server, whose mail goes to the shared sink (decision 0034).
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { sharedMailbox } from "./support/mail";
import { makePerson, useSession } from "./support/messaging";
import { sharedServer } from "./support/shared-server";

const server = sharedServer();
const smtp = sharedMailbox();
const open = setupBrowser(() => server.url);
const PHONE = { width: 390, height: 844 };

describe("a coach whose address is unconfirmed", () => {
  it("is told on /appointments what is held back, in English and Spanish, and can have the link sent again", async () => {
    const coach = await makePerson(server.url, "Holly Heldmail", { coach: true, env: server.env });
    const { context, page, visit } = await open({ viewport: PHONE });
    await useSession(context, server.url, coach);

    await visit("/appointments");
    const notice = page.getByRole("region", { name: "Booking and cancellation mails are held back" });
    await notice
      .getByText(`Booking and cancellation mails are not sent until you confirm your address (${coach.email}).`, { exact: false })
      .waitFor();

    await visit("/es/appointments");
    const aviso = page.getByRole("region", { name: "Los correos de reservas y cancelaciones están retenidos" });
    await aviso
      .getByText(`No le enviamos correos de reservas ni de cancelaciones hasta que confirme su dirección (${coach.email}).`, { exact: false })
      .waitFor();
    const before = (await smtp.mailTo(coach.email)).length;
    await aviso.getByRole("button", { name: "Enviar de nuevo el enlace de confirmación" }).click();
    await page.waitForURL((u) => u.pathname === "/es/appointments");
    await expect.poll(async () => (await smtp.mailTo(coach.email)).length, { timeout: 30_000 }).toBe(before + 1);
    const link = (await smtp.mailTo(coach.email)).at(-1)!.links.find((l) => l.includes("/verify-email?token="))!;
    await visit(new URL(link).pathname + new URL(link).search);

    await visit("/appointments");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("region", { name: "Booking and cancellation mails are held back" }).count()).toBe(0);
  });
});
