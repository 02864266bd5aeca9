// The account side in Spanish (issue 27): a Spanish-speaking guardian signs up at /es/signup, gets the confirmation
// mail in Spanish, signs in, reads /es/account in Spanish and chooses English there; refusals and field messages are
// in the page's language. On its worker's shared server, whose mail goes to the shared sink (decision 0034).
import { describe, expect, it } from "vitest";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { sharedMailbox } from "./support/mail";
import { sharedServer, useServerSettings } from "./support/shared-server";

const server = sharedServer();
const smtp = sharedMailbox();
useServerSettings({ orgName: "Mail Test Tennis" });

const open = setupBrowser(() => server.url);

describe("the account side in Spanish", () => {
  it("signs a guardian up at /es/signup, mails the confirmation in Spanish, and keeps the account in Spanish until they choose English", async () => {
    const email = uniqueEmail("guardiana");
    const password = "cancha-segura-12";
    const { page, visit } = await open();

    await visit("/es/signup");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Crear una cuenta" }).waitFor();
    await main.getByLabel("Nombre completo").fill("Rosa Madre");
    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByLabel("Contraseña").fill(password);
    await main.getByLabel("Soy madre, padre o tutor legal").check();
    await main.getByLabel("Fecha de nacimiento").fill("1985-04-12");
    await main.getByRole("button", { name: "Crear una cuenta" }).click();
    await page.waitForURL((u) => u.pathname === "/es/signin");
    await page.getByText("¡Cuenta creada!").waitFor();
    await page.getByText("¡Le damos la bienvenida! Su cuenta de cliente está lista.", { exact: false }).waitFor();

    // The confirmation mail is in the language of the page the account was made on, and its link opens in it.
    const mail = await smtp.waitFor(email, "Confirme su correo electrónico");
    expect(mail.text).toContain("¡Le damos la bienvenida! Confirme que este es su correo electrónico.");
    expect(mail.text).toContain("Confirmar mi correo electrónico: ");
    expect(mail.text).toContain("Si usted no creó una cuenta, no haga caso de este correo.");
    expect(mail.text).toContain("Mail Test Tennis");
    expect(mail.html).toMatch(/<html lang="es">/);
    expect(mail.html).toContain("O abra esta dirección:");
    const link = mail.links.find((l) => l.includes("/verify-email?token="))!;
    expect(link.startsWith(`${server.url}/es/verify-email?token=`)).toBe(true);
    await visit(new URL(link).pathname + new URL(link).search);
    await page.getByText("Gracias: su correo electrónico quedó confirmado.").waitFor();

    await visit("/es/signin");
    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByLabel("Contraseña").fill(password);
    await main.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/es");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await page.getByText("¡Qué gusto verle de nuevo!").waitFor();

    await visit("/es/account");
    await page.getByRole("heading", { level: 1, name: "Su cuenta" }).waitFor();
    await page.getByRole("region", { name: "Perfil" }).getByRole("button", { name: "Guardar el perfil" }).waitFor();
    const address = page.getByRole("region", { name: "Correo electrónico" });
    await address.getByText("(confirmado).", { exact: false }).waitFor();
    await page.getByRole("region", { name: "Dónde tiene la sesión iniciada" }).getByText("(este dispositivo)", { exact: false }).waitFor();
    await page.getByRole("region", { name: "Eliminar mi cuenta" }).getByLabel("Escriba ELIMINAR para confirmar").waitFor();

    // Choosing English on the account: /account opens in English, and the choice is kept.
    const language = page.getByRole("region", { name: "Idioma" });
    expect(await language.getByLabel("Español").isChecked()).toBe(true);
    await language.getByLabel("English").check();
    await language.getByRole("button", { name: "Guardar el idioma" }).click();
    await page.waitForURL((u) => u.pathname === "/account");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
    await page.getByText("Your language has been saved.").waitFor();
    expect(await page.getByRole("region", { name: "Language" }).getByLabel("English").isChecked()).toBe(true);
    // The device follows the choice: the Spanish address no longer sends this browser back to Spanish pages.
    await page.goto("/about");
    expect(new URL(page.url()).pathname).toBe("/about");

    // A reset link asked for from a Spanish page now comes in the account's language, English.
    await visit("/es/forgot-password");
    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByRole("button", { name: "Enviarme un enlace" }).click();
    await page.getByText("Si alguna cuenta usa ese correo electrónico", { exact: false }).waitFor();
    const reset = await smtp.waitFor(email, "Reset your password");
    expect(reset.links.some((l) => l.startsWith(`${server.url}/reset-password?token=`))).toBe(true);
  });

  it("refuses a wrong password at /es/signin in Spanish, beside the form", async () => {
    const email = uniqueEmail("clave");
    await createAccount(server.url, { fullName: "Tomás Tutor", email, password: "correcta-123" }, { locale: "es" });
    const { page, visit } = await open();
    await visit("/es/signin");
    const main = page.getByRole("main");
    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByLabel("Contraseña").fill("equivocada-123");
    await main.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await main.getByRole("alert").filter({ hasText: "El correo electrónico o la contraseña no son correctos" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/es/signin");
  });

  it("speaks Spanish in the header's dialog of a page without React, switches modes in Spanish and refuses there in Spanish", async () => {
    const email = uniqueEmail("dialogo");
    await createAccount(server.url, { fullName: "Lucía Tutora", email, password: "correcta-123" }, { locale: "es" });
    const { page, visit } = await open();
    await visit("/es");
    await page.getByRole("banner").getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Escriba su correo electrónico y su contraseña para entrar en su cuenta").waitFor();
    await dialog.getByRole("button", { name: "Crear una cuenta" }).click();
    await dialog.getByRole("heading", { name: "Crear una cuenta" }).waitFor();
    await dialog.getByLabel("Teléfono").waitFor();
    await dialog.getByRole("button", { name: "Iniciar sesión" }).click();
    await dialog.getByRole("heading", { name: "Iniciar sesión" }).waitFor();
    await dialog.getByLabel("Correo electrónico").fill(email);
    await dialog.getByLabel("Contraseña").fill("equivocada-123");
    await dialog.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL((u) => u.pathname === "/es");
    await page.getByRole("dialog").getByText("El correo electrónico o la contraseña no son correctos").first().waitFor();
    expect(await page.getByRole("dialog").getByLabel("Correo electrónico").inputValue()).toBe(email);
  });

  it("answers an empty /es/signup without JavaScript with Spanish messages beside the fields", async () => {
    const { page } = await open({ javaScriptEnabled: false });
    await page.goto("/es/signup");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Crear una cuenta" }).click();
    await main.getByText("Escriba su nombre completo").waitFor();
    await main.getByText("Escriba su correo electrónico").waitFor();
    await main.getByText("Escriba su contraseña").waitFor();
    await main.getByText("Indique si usted es madre, padre o tutor legal, o si es estudiante-atleta.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/es/signup");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    expect(await main.getByLabel("Nombre completo").getAttribute("aria-invalid")).toBe("true");
  });
});
