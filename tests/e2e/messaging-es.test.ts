// Messaging and Safe Play in Spanish (issue 27): a guardian who signed up at /es/signup gets the coach's message in a
// Spanish mail, answers at /es/messages/…, reports a message, and reads why a send is refused, in Spanish; the chat
// widget answers in Spanish; a coach reading the Spanish pages confirms the family and is refused in Spanish during
// quiet hours. The people's names and what they type hold no English words, so the pages' own words are checked for
// English too. This file starts its own server: mail through SMTP, notices after 1 second, and Safe Play's clock at
// 9 PM in New York (quiet hours).
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { sharedMailbox } from "./support/mail";
import { sharedServer, useServerSettings } from "./support/shared-server";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, post, signInCookie, startConversation, useSession, type Person } from "./support/messaging";
import { runScript } from "./support/server";

const ORG = "Tenis NLTE";
const NIGHT = "2026-06-15T21:00:00-04:00";
/** 15 on the day the server's Safe Play clock says. */
const DOB_15 = "2011-03-04";
const PAUSE_REASON = "Revisión en curso";
const PAUSED = `La persona responsable de la protección de menores pausó esta conversación: ${PAUSE_REASON}. Nadie puede enviar mensajes en ella hasta que se reanude.`;
const QUIET =
  "Horario de descanso: entre las 8:00 p. m. y las 8:00 a. m., los entrenadores no pueden escribirles a estudiantes-atletas menores de 18 años. Después de las 8:00 a. m. podrá enviar este mensaje.";

/** The words English writes on every line and Spanish never does (as tests/e2e/untranslated.test.ts reads them). */
const ENGLISH = /\b(the|and|your|you|with|our|this|that|will|please|from|are|is|for|of|to|what|when|how|who)\b/i;
const englishLines = async (page: Page) =>
  (await page.getByRole("main").innerText())
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => ENGLISH.test(l));

let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const server = sharedServer();
const smtp = sharedMailbox();
useServerSettings({ now: NIGHT, notifyDelaySeconds: 1, orgName: ORG });
afterAll(async () => {
  await database?.close();
});

const open = setupBrowser(() => server.url);
const env = () => ({ DATA_DIR: server.dataDir, DATABASE_URL: "" });
const db = async () => (database ??= await openDatabase(server.dataDir));
const idOf = async (email: string) =>
  (await (await db()).query<{ id: string }>("select id from users where lower(email) = lower($1)", [email])).rows[0]!.id;
const messagesIn = async (conversationId: string) =>
  (await (await db()).query<{ n: number }>("select count(*)::int as n from messages where conversation_id = $1", [conversationId])).rows[0]!.n;

// The people of the story, made once and used by the tests in order.
let coach: Person;
let lead: Person;
let guardian: Person;
let conversationId = "";

describe("messaging in Spanish", () => {
  it("mails the Spanish guardian the coach's message in Spanish, and the conversation at /es/messages speaks Spanish", async () => {
    [coach, lead] = await Promise.all([
      makePerson(server.url, "Clara Coach", { coach: true, env: env() }),
      makePerson(server.url, "Lena Lead", { coach: true, env: env() }),
    ]);
    const grant = await runScript(["cli/user-role.ts", lead.email, "safeguarding"], env());
    expect(grant.code, grant.stderr).toBe(0);
    const email = uniqueEmail("rosa");
    await createAccount(server.url, { fullName: "Rosa Madre", email, password: "cancha-segura-12", phone: "(202) 555-0123" }, { locale: "es" });
    guardian = { email, password: "cancha-segura-12", fullName: "Rosa Madre", cookie: await signInCookie(server.url, email, "cancha-segura-12") };

    // The coach writes first; the guardian is away, so the notice comes by mail, in her account's language.
    conversationId = await startConversation(server.url, coach, await idOf(guardian.email));
    const sent = await post(server.url, `/messages/${conversationId}`, coach, {
      intent: "send",
      content: "Hola Rosa: la clínica del martes empieza a las 4:30.",
    });
    expect(sent.status).toBe(200);
    const mail = await smtp.waitFor(guardian.email, "Nuevo mensaje de Clara Coach");
    expect(mail.text).toContain(`Clara Coach le escribió en ${ORG}:`);
    expect(mail.text).toContain("Clara Coach: Hola Rosa: la clínica del martes empieza a las 4:30.");
    expect(mail.text).toContain(`Abrir la conversación: ${server.url}/es/messages/${conversationId}`);
    expect(mail.text).toContain("Recibe este correo porque un mensaje quedó sin leer.");
    expect(mail.html).toMatch(/<html lang="es">/);
    expect(mail.links.some((l) => l.startsWith(`${server.url}/es/unsubscribe?token=`))).toBe(true);

    // The list and the conversation, in Spanish.
    const g = await open();
    await useSession(g.context, server.url, guardian);
    await g.visit("/es/messages");
    await g.page.getByRole("heading", { level: 1, name: "Mensajes" }).waitFor();
    await g.page.getByText("Converse con sus entrenadores").waitFor();
    const card = g.page.getByRole("list", { name: "Conversaciones" }).getByRole("link", { name: /Clara Coach/ });
    await card.getByText("Entrenador", { exact: true }).waitFor();
    await card.getByText("1 sin leer").waitFor();
    expect(await englishLines(g.page)).toEqual([]);
    await card.click();
    await g.page.waitForURL((u) => u.pathname === `/es/messages/${conversationId}`);
    await g.page.getByRole("heading", { level: 1, name: "Clara Coach" }).waitFor();
    await g.page.getByText("Conversación con Clara Coach", { exact: true }).waitFor();
    await g.page.getByRole("list", { name: "Participantes" }).getByText("Rosa Madre (usted)").waitFor();
    await g.page.getByRole("link", { name: "Volver a los mensajes" }).waitFor();
    await g.page.getByRole("region", { name: "Historial de mensajes" }).getByText("Hola Rosa", { exact: false }).waitFor();
    const box = g.page.getByRole("textbox", { name: "Mensaje" });
    expect(await box.getAttribute("placeholder")).toBe("Escriba un mensaje...");
    await g.page.getByText("Adjuntar un archivo").waitFor();
    // Before hydration the button stays enabled (the form works without JavaScript): wait for the page to run.
    await expect.poll(() => g.page.getByRole("button", { name: "Enviar", exact: true }).isDisabled()).toBe(true);
    await box.fill("Gracias, allí estaremos.");
    await box.press("Enter");
    const reply = g.page.getByRole("listitem").filter({ hasText: "Gracias, allí estaremos." });
    await reply.getByRole("img", { name: "Todavía no lo leyeron todos" }).waitFor();
    expect(await englishLines(g.page)).toEqual([]);

    // The coach (in English) reads it: the guardian's tick and line change live, in Spanish.
    const c = await open();
    await useSession(c.context, server.url, coach);
    await c.visit(`/messages/${conversationId}`);
    await c.page.getByText("Gracias, allí estaremos.").waitFor();
    await c.page.getByRole("list", { name: "Participants" }).getByText("Clara Coach (you)").waitFor();
    await reply.getByRole("img", { name: "Leído por todos" }).waitFor();
    await reply.getByText("Visto por Clara Coach", { exact: true }).waitFor();
  });

  it("reports a message in Spanish, and a send into the conversation the lead paused is refused in Spanish", async () => {
    const g = await open();
    await useSession(g.context, server.url, guardian);
    await g.visit(`/es/messages/${conversationId}`);
    const coachMessage = g.page.getByRole("listitem").filter({ hasText: "Hola Rosa" });
    await coachMessage.getByText("Reportar", { exact: true }).click();
    await coachMessage.getByLabel("¿Por qué reporta este mensaje?").fill("Me pidió mi número personal.");
    await coachMessage.getByRole("button", { name: "Enviar el reporte" }).click();
    await coachMessage
      .getByRole("status")
      .getByText("Reportado. La persona responsable de la protección de menores revisará este mensaje.")
      .waitFor();
    await g.visit(`/es/messages/${conversationId}`);
    await g.page.getByRole("list", { name: "Sus reportes" }).getByText("pendiente de revisión.", { exact: false }).waitFor();
    expect(await englishLines(g.page)).toEqual([]);

    // The guardian has the page open on a phone without JavaScript when the lead pauses the conversation.
    const phone = await open({ javaScriptEnabled: false });
    await useSession(phone.context, server.url, guardian);
    await phone.visit(`/es/messages/${conversationId}`);
    await phone.page.getByRole("textbox", { name: "Mensaje" }).fill("¿Hay práctica el jueves?");

    // The lead reads the Spanish page of reports (as any coach may open a page at its Spanish address) and pauses it.
    const l = await open();
    await useSession(l.context, server.url, lead);
    await l.visit("/es/safeguarding");
    await l.page.getByRole("heading", { level: 1, name: "Protección de menores" }).waitFor();
    const report = l.page.getByRole("list", { name: "Reportes abiertos" }).getByRole("listitem").filter({ hasText: "Me pidió mi número personal." });
    await report.getByText("Reportado por Rosa Madre", { exact: false }).waitFor();
    await report.getByLabel("Resultado").waitFor();
    expect(await report.getByRole("option", { name: "Sin motivo de preocupación" }).getAttribute("value")).toBe("No concern found");
    await report.getByRole("link", { name: "Leer la conversación" }).click();
    await l.page.getByRole("heading", { name: "Conversación reportada (solo lectura)" }).waitFor();
    await l.page.getByLabel("¿Por qué pausa esta conversación? (todos los participantes lo leerán)").fill(PAUSE_REASON);
    await l.page.getByRole("button", { name: "Pausar la conversación" }).click();
    await l.page.getByRole("status").getByText("La conversación está pausada: nadie puede enviar mensajes en ella.").waitFor();

    // The send is refused (403), nothing is stored, and the page says why in Spanish.
    const before = await messagesIn(conversationId);
    const [answer] = await Promise.all([
      phone.page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `/es/messages/${conversationId}`),
      phone.page.getByRole("button", { name: "Enviar", exact: true }).click(),
    ]);
    expect(answer.status()).toBe(403);
    await phone.page.getByRole("status").getByText(PAUSED).waitFor();
    expect(await messagesIn(conversationId)).toBe(before);

    // The chat widget, in Spanish, meets the same refusal in the same words.
    await g.visit("/es");
    await g.page.getByRole("button", { name: "Escríbale a su entrenador" }).click();
    const widget = g.page.getByRole("dialog", { name: "Escríbale a su entrenador" });
    await widget.getByLabel("Entrenador").selectOption({ label: "Clara Coach" });
    await widget.getByLabel("Asunto").fill("Jueves");
    await widget.getByLabel("Mensaje").fill("¿Hay práctica el jueves?");
    await widget.getByRole("button", { name: "Enviar mensaje" }).click();
    await g.page.getByText("No se pudo enviar", { exact: true }).waitFor();
    await g.page.getByText(PAUSED).waitFor();
    expect(await messagesIn(conversationId)).toBe(before);
  });

  it("in quiet hours, a coach writing to the Spanish family's 15-year-old is refused in Spanish; the family's pages are Spanish", async () => {
    // The guardian adds her athlete on /es/account; a wrong date is said in Spanish beside its field.
    const g = await open();
    await useSession(g.context, server.url, guardian);
    await g.visit("/es/account/family");
    const family = g.page.getByRole("region", { name: "Su familia" });
    await family.getByLabel("Nombre del estudiante-atleta").fill("Nico Madre");
    await family.getByLabel("Fecha de nacimiento del estudiante-atleta").fill("2030-01-01");
    await family.getByRole("button", { name: "Agregar un estudiante-atleta" }).click();
    await g.page.getByText("La fecha de nacimiento no puede estar en el futuro.").waitFor();
    const athleteEmail = uniqueEmail("nico");
    await family.getByLabel("Nombre del estudiante-atleta").fill("Nico Madre");
    await family.getByLabel("Fecha de nacimiento del estudiante-atleta").fill(DOB_15);
    await family.getByLabel("Correo electrónico del estudiante-atleta (opcional)").fill(athleteEmail);
    await family.getByRole("button", { name: "Agregar un estudiante-atleta" }).click();
    await g.page
      .getByRole("status")
      .getByText(`Nico Madre se agregó a su familia. Enviamos una invitación a ${athleteEmail} para que elija una contraseña.`)
      .waitFor();
    const athleteCard = g.page.getByRole("list", { name: "Sus estudiantes-atletas" }).getByRole("listitem").filter({ hasText: "Nico Madre" });
    await athleteCard.getByText("15 años · Menor de edad").waitFor();
    await athleteCard.getByText(`Invitación enviada: hay una invitación pendiente en ${athleteEmail}`).waitFor();
    await g.page.getByText("En espera de confirmación:", { exact: false }).waitFor();

    // The invitation is written in the language of the page it was sent from, and its link opens in it.
    const invitation = await smtp.waitFor(athleteEmail, `${ORG}: su propio acceso de estudiante-atleta`);
    expect(invitation.text.split("\n")[0]).toBe(
      `${ORG}: le invitamos a elegir una contraseña para su propio acceso de estudiante-atleta en nuestro sitio. Su madre, padre o tutor legal le agregó a su familia allí.`,
    );
    expect(invitation.text).toContain("El estudiante-atleta: Nico Madre. Agregado por: Rosa Madre.");
    const link = invitation.links.find((l) => l.includes("/invitation?token="))!;
    expect(link.startsWith(`${server.url}/es/invitation?token=`)).toBe(true);
    const token = new URL(link).searchParams.get("token")!;
    const claimed = await post(server.url, "/es/invitation", null, {
      intent: "password",
      token,
      password: "atleta-1234",
      confirmPassword: "atleta-1234",
    });
    expect(claimed.status).toBe(302);

    // The coach confirms the family on its Spanish page.
    const athleteId = await idOf(athleteEmail);
    const household = (await (await db()).query<{ id: string }>("select household_id as id from household_members where user_id = $1", [athleteId]))
      .rows[0]!.id;
    const c = await open();
    await useSession(c.context, server.url, coach);
    await c.visit(`/es/families/${household}`);
    await c.page.getByRole("heading", { level: 1, name: /^Familia: / }).waitFor();
    await c.page.getByText("Familia sin confirmar").waitFor();
    for (const box of await c.page
      .getByRole("group", { name: "Las personas con quienes se reunió o habló por teléfono" })
      .getByRole("checkbox")
      .all())
      await box.check();
    await c.page.getByLabel("¿Cómo conoce a esta familia?").fill("Nos conocimos en la evaluación");
    await c.page.getByRole("button", { name: "Confirmar a las personas marcadas" }).click();
    await c.page.getByRole("status").getByText("Confirmada por Clara Coach", { exact: false }).waitFor();
    expect(await englishLines(c.page)).toEqual([]);

    // At 9 PM the coach's message to the athlete is refused, with when it can be sent, in the page's language.
    const athleteConversation = await startConversation(server.url, coach, athleteId);
    const night = await open({ javaScriptEnabled: false });
    await useSession(night.context, server.url, coach);
    await night.visit(`/es/messages/${athleteConversation}`);
    const participants = night.page.getByRole("list", { name: "Participantes" });
    await participants.getByText("Nico Madre", { exact: true }).waitFor();
    await participants.getByText("Menor de edad", { exact: true }).waitFor();
    await participants.getByText("Madre, padre o tutor legal: Rosa Madre").waitFor();
    await night.page.getByRole("textbox", { name: "Mensaje" }).fill("Buen saque hoy, Nico.");
    await night.page.getByRole("button", { name: "Enviar", exact: true }).click();
    await night.page.getByRole("alert").getByText(QUIET).waitFor();
    expect(await messagesIn(athleteConversation)).toBe(0);
    expect(await englishLines(night.page)).toEqual([]);
  });
});
