// People and words (issue 39), in Chromium on a phone: a guardian signing up gives a mobile phone (a number a coach
// could not call is refused beside the field), lands on the sign-in page told where the confirmation mail went and
// what to do if it does not come; a Spanish-speaking guardian answers what grant forms ask about her daughter on
// /es/account/family, each answer optional, the reason said first. The rules themselves are app/family/people.server.test.ts's
// and app/enrollment/report-tables.server.test.ts's; this file carries what a person sees. Shared server.
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { makePerson, post, useSession } from "./support/messaging";
import { sharedServer } from "./support/shared-server";

const server = sharedServer();
const open = setupBrowser(() => server.url);
const PHONE = { width: 390, height: 844 };

describe("people and words on a phone", () => {
  it("asks for the guardian's phone at sign-up and says where the confirmation mail went", async () => {
    const email = uniqueEmail("valeria-people");
    const { page, visit } = await open({ viewport: PHONE });
    await visit("/signup");
    const main = page.getByRole("main");
    await main.getByLabel("Full Name").fill("Valeria Peoplewood");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel("Password").fill("secret12");
    await main.getByLabel("I am a parent or guardian").check();
    await main.getByLabel("Date of birth").fill("1987-09-14");
    const phone = main.getByLabel("Mobile phone (optional)");
    await phone.fill("555-0150");
    await main.getByRole("button", { name: "Create Account" }).click();
    const callable =
      "Enter a US number with its area code, such as (202) 555-0123, or a number from another country starting with + and its country code.";
    await main.getByText(callable).waitFor();
    // The message is tied to the field, for a screen reader too.
    expect(await phone.getAttribute("aria-describedby")).toContain((await main.getByText(callable).getAttribute("id")) ?? "none");

    await phone.fill("202.555.0150");
    await main.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((u) => u.pathname === "/signin");
    const notice = page.getByRole("status").filter({ hasText: "Check your email" });
    await notice.getByText(`We sent a confirmation mail to ${email}.`).waitFor();
    await notice.getByText("Not there after a few minutes? Look in your spam or junk folder.", { exact: false }).waitFor();
    expect(page.url()).not.toContain(email.split("@")[0]!);
    expect(await page.getByRole("main").getByRole("textbox", { name: "Email" }).inputValue()).toBe(email);
  });

  it("asks a Spanish-speaking guardian what funders ask, with the reason, each answer optional", async () => {
    const guardian = await makePerson(server.url, "Marisol Peoplewood", { env: server.env });
    const added = await post(server.url, "/account/family", guardian, {
      intent: "add-athlete",
      fullName: "Sofía Peoplewood",
      dateOfBirth: "2015-02-10",
    });
    expect(added.status).toBeLessThan(400);
    const { page, context, visit } = await open({ viewport: PHONE, locale: "es-US" });
    await useSession(context, server.url, guardian);
    await visit("/es/account/family");
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Su teléfono celular" }).waitFor();
    expect(await main.getByLabel("Teléfono celular (opcional)").inputValue()).toBe("(202) 555-0111");

    const section = main.getByRole("region", { name: "Para quienes nos financian (opcional)" });
    await section.getByText("Responder por Sofía Peoplewood").click();
    await section
      .getByText("Quienes financian el programa piden estos datos. Nunca se muestran a entrenadores ni a otras familias", { exact: false })
      .waitFor();
    await section.getByLabel("Código postal (ZIP) de su casa").fill("2001");
    await section.getByRole("button", { name: "Guardar las respuestas de Sofía Peoplewood" }).click();
    await section.getByText("Escriba un código postal de cinco dígitos, como 20001, o déjelo vacío.").waitFor();

    await section.getByLabel("Código postal (ZIP) de su casa").fill("20019");
    await section.getByLabel("Género").selectOption({ label: "Femenino" });
    await section.getByLabel("Almuerzo escolar gratuito o a precio reducido").selectOption({ label: "Almuerzo gratuito" });
    await section.getByRole("button", { name: "Guardar las respuestas de Sofía Peoplewood" }).click();
    await section.getByText("Guardado. Gracias.").waitFor();
    expect(await section.getByLabel("Código postal (ZIP) de su casa").inputValue()).toBe("20019");
    // Skipped questions stay skipped.
    expect(await section.getByLabel("Grado").inputValue()).toBe("");
  });
});
