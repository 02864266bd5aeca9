// Changes nobody misses, end to end in Chromium (issue 27): a Spanish-speaking guardian signs up at /es/signup, gets
// the Spanish confirmation mail, turns on notifications on her phone; a student-athlete of 14 turns them on on his;
// a coach cancels today's session from the schedule editor. Today's cancellation is urgent: the guardian gets it in
// Spanish by push and by mail at once, the minor's phone gets the schedule line and nothing else. Real mail (SMTP on
// loopback) and a loopback push service that decrypts what each phone receives. On its worker's shared server (decision
// 0034), whose push service hosts include localhost; today's cancellation is taken back when the file ends, so later
// files there find today's sessions as they were.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedMailbox } from "./support/mail";
import { startPushService, type PushService } from "../support/push-service";
import { waitFor } from "../support/wait-for";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, signInCookie, useSession } from "./support/messaging";
import { pushesReceived, usePushService } from "./support/push-device";
import { sharedServer } from "./support/shared-server";

let pushService: PushService;
const open = setupBrowser(() => server.url);

const server = sharedServer();
const smtp = sharedMailbox();
beforeAll(async () => {
  pushService = await startPushService();
});
/** The phones this file subscribed: their push service stops with the file, so their subscriptions go too. */
const subscribed: string[] = [];
afterAll(async () => {
  await pushService?.close();
  const db = await openDatabase(server.dataDir);
  await db.query("delete from cancelled_dates where day = $1 and note = 'Courts flooded.'", [today()]);
  await db.query("delete from push_subscriptions where user_id in (select id from users where email = any($1))", [subscribed]);
  await db.close();
});

/** Today in the organisation's zone, as the date field takes it. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());

describe("a session cancelled today", () => {
  it("reaches a Spanish-speaking guardian by push and mail in Spanish, and a minor's phone with the schedule line only", async () => {
    // The guardian signs up on the Spanish page and confirms her address from the Spanish mail.
    const email = uniqueEmail("rosa");
    subscribed.push(email);
    const password = "cancha-segura-12";
    const guardian = await open();
    await guardian.visit("/es/signup");
    const main = guardian.page.getByRole("main");
    await main.getByLabel("Nombre completo").fill("Rosa Madre");
    await main.getByLabel("Correo electrónico").fill(email);
    await main.getByLabel("Contraseña").fill(password);
    await main.getByLabel("Soy madre, padre o tutor legal").check();
    await main.getByLabel("Fecha de nacimiento").fill("1985-04-12");
    await main.getByRole("button", { name: "Crear una cuenta" }).click();
    await guardian.page.waitForURL((u) => u.pathname === "/es/signin");
    const confirmation = await smtp.waitFor(email, "Confirme su correo electrónico");
    const link = new URL(confirmation.links.find((l) => l.includes("/verify-email?token="))!);
    await guardian.visit(link.pathname + link.search);
    await guardian.page.getByText("Gracias: su correo electrónico quedó confirmado.").waitFor();

    // Signed in on her phone, she turns on notifications on /es/account; changes are on by default.
    await useSession(guardian.context, server.url, {
      email,
      password,
      fullName: "Rosa Madre",
      cookie: await signInCookie(server.url, email, password),
    });
    const rosaPhone = await usePushService(guardian.context, guardian.page, server.url, pushService);
    await guardian.visit("/es/account/notifications");
    const choices = guardian.page.getByRole("region", { name: "Notificaciones", exact: true });
    expect(await choices.getByLabel("Cuando se cancele una sesión o cambie el horario", { exact: false }).isChecked()).toBe(true);
    const devices = guardian.page.getByRole("region", { name: "Notificaciones en sus dispositivos" });
    await devices.getByRole("button", { name: "Activar las notificaciones" }).click();
    await devices.getByRole("status").getByText("Las notificaciones están activadas en este dispositivo").waitFor();

    // A student-athlete of 14 with his own login turns them on on his phone.
    const teenEmail = uniqueEmail("mateo");
    subscribed.push(teenEmail);
    const born = `${new Date().getFullYear() - 14}-02-03`;
    await createAccount(server.url, { fullName: "Mateo Joven", email: teenEmail, password: "raqueta-1234", kind: "athlete", dateOfBirth: born });
    const teen = await open();
    await useSession(teen.context, server.url, {
      email: teenEmail,
      password: "",
      fullName: "",
      cookie: await signInCookie(server.url, teenEmail, "raqueta-1234"),
    });
    const mateoPhone = await usePushService(teen.context, teen.page, server.url, pushService);
    await teen.visit("/account/notifications");
    const teenDevices = teen.page.getByRole("region", { name: "Notifications on your devices" });
    await teenDevices.getByRole("button", { name: "Turn on notifications" }).click();
    await teenDevices.getByRole("status").getByText("Notifications are on for this device").waitFor();

    // The coach cancels today from the schedule editor.
    const coach = await makePerson(server.url, "Carla Cancelday", { coach: true, env: server.env });
    const editor = await open();
    await useSession(editor.context, server.url, coach);
    await editor.visit("/calendar/events");
    const form = editor.page.getByRole("form", { name: "Cancel a date" });
    await form.getByLabel("Date", { exact: true }).fill(today());
    await form.getByLabel("Note", { exact: false }).first().fill("Courts flooded.");
    await form.getByRole("button", { name: "Cancel this date" }).click();
    await editor.page
      .getByText(/ cancelled$/)
      .first()
      .waitFor();

    // Rosa's phone: at once, in Spanish, opening the Spanish calendar. (Every family with an account on this shared
    // server is told too, one job each: the wait allows for their number.)
    const [push] = await waitFor(
      async () => {
        const got = await pushesReceived(pushService, rosaPhone.subscription()!.clientHash);
        return got.length ? got : null;
      },
      { what: "the guardian's push", timeout: 60_000 },
    );
    expect(push!.title).toMatch(/^Cancelado: no hay sesiones el (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d+ de \p{L}+$/u);
    expect(push!.body).toMatch(/^Se cancelaron todas las sesiones del .+\.\nCourts flooded\.$/);
    expect(push!.url).toBe("/es/calendar");
    // And her mail, in Spanish too: today's cancellation does not depend on one channel.
    const mail = await smtp.waitFor(email, "Cancelado: no hay sesiones el");
    expect(mail.text).toContain("Se cancelaron todas las sesiones del ");
    expect(mail.html).toMatch(/<html lang="es">/);
    expect(mail.links.some((l) => l === `${server.url}/es/calendar`)).toBe(true);

    // Mateo's phone: the schedule line, in his account's language, and nothing more.
    const [teenPush] = await waitFor(
      async () => {
        const got = await pushesReceived(pushService, mateoPhone.subscription()!.clientHash);
        return got.length ? got : null;
      },
      { what: "the minor's push", timeout: 60_000 },
    );
    expect(teenPush!.title).toMatch(/^Cancelled: no sessions on \w+day, \w+ \d+$/);
    expect(teenPush!.body).toMatch(/^Every session on \w+day, \w+ \d+ is cancelled\.\nCourts flooded\.$/);
    expect(Object.keys(teenPush!).sort()).toEqual(["body", "tag", "title", "url"]);
  });
});
