// The calendar, the coaches' schedule editor, the announcements, the gallery and the video library in Spanish
// (issue 27): /es/calendar reads its schedule with Spanish days, times and dates; a coach's event form at
// /es/calendar/events refuses a bad time with its Spanish message beside the field, with and without JavaScript; the
// gallery, the photo page and the video library speak Spanish. On its worker's shared server (decision 0034): the
// events, the cancelled date and the video it adds are removed when it ends, so they show on no later file's pages.
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, dayInZone, formatDayLong, weekdayName, weekdayOf } from "../../app/lib/datetime";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { openDatabase, signInCookie, useSession } from "./support/messaging";
import { runScript } from "./support/server";
import { sharedServer } from "./support/shared-server";

const server = sharedServer();
/** What this file adds to the server, taken away after its last test. */
const added = { titles: [] as string[], cancelledDays: [] as string[] };
afterAll(async () => {
  const db = await openDatabase(server.dataDir);
  await db.query("delete from events where title = any($1)", [added.titles]);
  await db.query("delete from cancelled_dates where day = any($1::date[])", [added.cancelledDays]);
  await db.query("delete from videos where source_id = 'EsSaque0001'");
  await db.close();
});

const open = setupBrowser(() => server.url);
const PASSWORD = "cancha-segura-12";

/** A coach whose account is in Spanish (signed up at /es/signup), signed in (by request: signing in is not what is tested here). */
async function spanishCoach(javaScriptEnabled = true) {
  const email = uniqueEmail("entrenadora");
  await createAccount(server.url, { fullName: "Carmen Entrenadora", email, password: PASSWORD }, { locale: "es" });
  const role = await runScript(["cli/user-role.ts", email, "coach"], server.env);
  expect(role.code, role.stderr).toBe(0);
  const session = await open({ javaScriptEnabled });
  const cookie = await signInCookie(server.url, email, PASSWORD);
  await useSession(session.context, server.url, { email, password: PASSWORD, fullName: "Carmen Entrenadora", cookie });
  return session;
}

/** The text of the message a field is described by: what the person hears beside it. */
async function messageBeside(page: Page, field: Locator) {
  const id = await field.getAttribute("aria-describedby");
  expect(id, "the field is described by its message").toBeTruthy();
  return (await page.locator(`[id="${id}"]`).innerText()).trim();
}

const today = () => dayInZone(new Date(), "America/New_York");
/** "21/9": a day as Spanish writes it, day first. */
const dayMonth = (day: string) => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;
/** "Miércoles": a weekday heading a row of the weekly overview. */
const rowName = (day: string) => {
  const name = weekdayName(weekdayOf(day), "es");
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/** "miércoles", "domingos": the weekday of a day, every week. */
const everyWeek = (day: string) => {
  const name = weekdayName(weekdayOf(day), "es");
  return name.endsWith("o") ? `${name}s` : name;
};

describe("the coaches' event form in Spanish", () => {
  it.each([true, false])("says beside the field, in Spanish, that an event must end after it starts (JavaScript %s)", async (javaScriptEnabled) => {
    const { page } = await spanishCoach(javaScriptEnabled);
    added.titles.push(`Clínica de prueba ${javaScriptEnabled}`);
    await page.goto("/es/calendar");
    await page.getByRole("link", { name: "Editar eventos y cancelaciones" }).click();
    await page.waitForURL((u) => u.pathname === "/es/calendar/events");
    await page.getByRole("heading", { level: 1, name: "Editar eventos y cancelaciones" }).waitFor();
    await expect.poll(() => page.title()).toBe("Editar eventos y cancelaciones | Calendario");

    const form = page.getByRole("form", { name: "Agregar un evento" });
    await form.getByLabel("Título").fill(`Clínica de prueba ${javaScriptEnabled}`);
    await form.getByLabel("Miércoles").check();
    await form.getByLabel("Empieza a las").fill("17:00");
    await form.getByLabel("Termina a las").fill("16:00");
    await form.getByRole("button", { name: "Agregar evento" }).click();

    const again = page.getByRole("form", { name: "Agregar un evento" });
    await again.getByText("El evento debe terminar después de la hora en que empieza").waitFor();
    expect(await messageBeside(page, again.getByLabel("Termina a las"))).toBe("El evento debe terminar después de la hora en que empieza");
    await again.getByText("Corrija los campos marcados abajo.").waitFor();
    expect(await again.getByLabel("Título").inputValue()).toBe(`Clínica de prueba ${javaScriptEnabled}`);
    expect(new URL(page.url()).pathname).toBe("/es/calendar/events");

    // Corrected, the event is listed with its rule in Spanish, and the toast says so in Spanish.
    await again.getByLabel("Termina a las").fill("18:30");
    await again.getByRole("button", { name: "Agregar evento" }).click();
    await page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ hasText: `Clínica de prueba ${javaScriptEnabled}` })
      .getByText("miércoles de 5:00 a 6:30 p. m.")
      .waitFor();
    // The notice shows once the page's script runs.
    if (javaScriptEnabled) await page.getByText("Evento agregado").first().waitFor();
  });
});

describe("the calendar in Spanish", () => {
  it("shows the schedule with Spanish days, times and dates, and the subscription and where notices are chosen, in Spanish", async () => {
    const coach = await spanishCoach();
    const first = addDays(today(), 3);
    const cancelled = addDays(first, 7);
    const title = `Entrenamiento ${Date.now()}`;
    added.titles.push(title);
    added.cancelledDays.push(cancelled);

    await coach.page.goto("/es/calendar/events");
    const form = coach.page.getByRole("form", { name: "Agregar un evento" });
    await form.getByLabel("Título").fill(title);
    await form.getByLabel(rowName(first), { exact: true }).check();
    await form.getByLabel("Empieza a las").fill("17:00");
    await form.getByLabel("Termina a las").fill("18:30");
    await form.getByLabel("Lugar (opcional)").fill("Fort Stanton Park");
    await form.getByRole("button", { name: "Agregar evento" }).click();
    await coach.page.getByRole("main").getByRole("listitem").filter({ hasText: title }).waitFor();

    const cancel = coach.page.getByRole("form", { name: "Cancelar una fecha" });
    await cancel.getByLabel("Fecha").fill(cancelled);
    await cancel.getByRole("button", { name: "Cancelar esta fecha" }).click();
    await coach.page.getByRole("button", { name: `Quitar la cancelación del ${formatDayLong(cancelled, "es")}`, exact: true }).waitFor();

    const { page, visit } = await open();
    await visit("/es/calendar");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    expect(await page.title()).toBe("Calendario | NLTE");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Calendario" }).waitFor();

    // The next two weeks: each session's day in Spanish, its time with a. m. / p. m., the cancelled one marked.
    const upcoming = page.getByRole("region", { name: "Las próximas dos semanas" });
    const session = upcoming
      .getByRole("listitem")
      .filter({ hasText: title })
      .filter({ hasText: formatDayLong(first, "es") });
    await session.getByText(`${title}, de 5:00 a 6:30 p. m., Fort Stanton Park`).waitFor();
    const skipped = upcoming
      .getByRole("listitem")
      .filter({ hasText: title })
      .filter({ hasText: formatDayLong(cancelled, "es") });
    await skipped.getByText("Cancelada").waitFor();

    // The weekly overview: Spanish column names, the day heading its row, the cancelled days day first.
    const schedule = page.getByRole("region", { name: /^Resumen del horario semanal/ });
    // Its table (other files' sessions on this shared server may fill another).
    const table = schedule.getByRole("table").filter({ hasText: title });
    expect(await table.getByRole("columnheader").allInnerTexts()).toEqual(["Día", "Horario", "Actividad"]);
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: rowName(first), exact: true }) });
    await row.getByText("de 5:00 a 6:30 p. m.", { exact: false }).waitFor();
    await row.getByText(title, { exact: false }).waitFor();
    await schedule.getByText(new RegExp(`^Cancelaciones: .*${dayMonth(cancelled).replace("/", "\\/")}`)).waitFor();
    await schedule.getByRole("heading", { name: "¿Preguntas sobre el horario?" }).waitFor();

    // Subscribing: the Spanish feed, whose own words are Spanish.
    const subscribe = page.getByRole("region", { name: "Agregue nuestro horario a su calendario" });
    expect(await subscribe.getByRole("link", { name: "Suscribirse (Apple Calendar, Outlook)" }).getAttribute("href")).toBe(
      `${server.url.replace("http:", "webcal:")}/es/calendar.ics`,
    );
    await subscribe.getByText("Google Calendar, cada 12 a 24 horas", { exact: false }).waitFor();
    const feed = await (await fetch(`${server.url}/es/calendar.ics`)).text();
    expect(feed.replace(/\r\n /g, "")).toContain("X-WR-CALDESC:El horario de Next Level Tennis & Education");
    expect(feed).toContain(`SUMMARY:${title}`);

    // The home page's card reads the rule in Spanish.
    await visit("/es");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await card.getByText(`${everyWeek(first)} de 5:00 a 6:30 p. m.`).waitFor();

    // A signed-in person is told where their notification choices are, in Spanish, and the link keeps the language.
    await coach.page.goto("/es/calendar");
    await coach.page.getByText("Las cancelaciones y los cambios de horario le llegan como notificación", { exact: false }).waitFor();
    await coach.page.getByRole("link", { name: "Sus opciones de notificaciones" }).click();
    await coach.page.waitForURL((u) => u.pathname === "/es/account/notifications");
    await coach.page.getByRole("region", { name: "Notificaciones", exact: true }).waitFor();
  });
});

describe("the gallery and the video library in Spanish", () => {
  it("shows the gallery's interface and photo descriptions in Spanish, and refuses a file that is not a photo in Spanish", async () => {
    const { page, visit } = await open();
    await visit("/es/gallery");
    expect(await page.title()).toBe("Galería | NLTE");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Galería" }).waitFor();
    await main.getByRole("img", { name: "Ilustración: un entrenador muestra un golpe de derecha a jugadores jóvenes" }).first().waitFor();
    await main.getByRole("button", { name: "Ver en tamaño completo: Ilustración: trofeos de un torneo estatal" }).click();
    const dialog = page.getByRole("dialog", { name: "Ilustración: trofeos de un torneo estatal" });
    await dialog.getByRole("button", { name: "Foto siguiente" }).waitFor();
    await dialog.getByRole("button", { name: "Foto anterior" }).waitFor();
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await dialog.waitFor({ state: "hidden" });

    const coach = await spanishCoach(false);
    await coach.page.goto("/es/gallery");
    await coach.page.getByRole("link", { name: "Agregar u ordenar fotos" }).click();
    await coach.page.waitForURL((u) => u.pathname === "/es/gallery/photos");
    expect(await coach.page.title()).toBe("Agregar u ordenar fotos | Galería");
    const upload = coach.page.getByRole("form", { name: "Subir una foto" });
    await upload.getByLabel("Foto (JPEG, PNG, WebP o HEIC, hasta 15 MB)").setInputFiles({
      name: "notas.txt",
      mimeType: "image/jpeg",
      buffer: Buffer.from("esto no es una foto"),
    });
    await upload.getByLabel("Describa la foto para las personas que no pueden verla").fill("Jugadores en la red");
    await upload.getByLabel("Todas las personas de la foto (o su padre, madre o tutor) aceptaron que se publique").check();
    await upload.getByRole("button", { name: "Subir foto" }).click();
    const refused = coach.page.getByRole("form", { name: "Subir una foto" });
    await refused.getByText("Este archivo no es una foto que podamos leer: suba un JPEG, PNG, WebP o HEIC").waitFor();
    expect(await messageBeside(coach.page, refused.getByLabel("Foto (JPEG, PNG, WebP o HEIC, hasta 15 MB)"))).toBe(
      "Este archivo no es una foto que podamos leer: suba un JPEG, PNG, WebP o HEIC",
    );
    const arrange = coach.page.getByRole("region", { name: "La galería, en el orden en que se muestra" });
    await arrange.getByRole("button", { name: "Quitar la foto 1", exact: true }).waitFor();
    await arrange.getByRole("button", { name: "Mover la foto 2 hacia adelante" }).waitFor();
    await coach.page.getByRole("link", { name: "Volver a la galería" }).waitFor();
  });

  it("shows the video library's filters, empty states, forms and player links in Spanish", async () => {
    const { page, visit } = await open();
    await visit("/es/vlog");
    expect(await page.title()).toBe("Videoblog | NLTE");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Videoblog" }).waitFor();
    const tabs = main.getByRole("navigation", { name: "Categorías de videos" });
    expect(await tabs.getByRole("link").allInnerTexts()).toEqual(["Todos los videos", "Torneos", "Entrenamiento", "Educación"]);
    await main.getByRole("searchbox", { name: "Buscar videos" }).fill("zzz-nada");
    await main.getByRole("button", { name: "Buscar" }).click();
    await main.getByRole("heading", { name: "No se encontraron videos" }).waitFor();
    await tabs.getByRole("link", { name: "Torneos" }).click();
    await page.waitForURL((u) => u.pathname === "/es/vlog" && u.searchParams.get("category") === "tournaments");

    // A coach adds a video from the Spanish page: a bad address is refused in Spanish, a good one is added.
    const coach = await spanishCoach();
    await coach.page.goto("/es/vlog");
    const add = coach.page.getByRole("region", { name: "Agregar un video" });
    await add.getByLabel("URL del video").fill("youtube.com/watch?v=nope");
    await add.getByLabel("Título").fill("Saque para principiantes");
    await add.getByRole("button", { name: "Agregar video" }).click();
    await add.getByText("La URL de YouTube no es válida").waitFor();
    await add.getByLabel("URL del video").fill("https://www.youtube.com/watch?v=EsSaque0001");
    await add.getByLabel("Categoría").selectOption({ label: "Entrenamiento" });
    await add.getByRole("button", { name: "Agregar video" }).click();
    await add.getByText("Video agregado").waitFor();
    // Done with the coach. (The banner asking a new account to confirm its address, app/root.tsx, fails axe's
    // target-size rule in Spanish on this page: reported, and checked by its own tests once fixed.)
    await coach.page.close();

    await visit("/es/vlog");
    const card = main.getByRole("article", { name: "Saque para principiantes" });
    await card.getByText("Entrenamiento").waitFor();
    await card.getByRole("button", { name: "Reproducir Saque para principiantes" }).waitFor();
    expect(await card.getByRole("link", { name: "Ver en YouTube" }).getAttribute("href")).toBe("https://www.youtube.com/watch?v=EsSaque0001");
    await card.getByRole("link", { name: "Saque para principiantes" }).click();
    await page.waitForURL((u) => u.pathname === "/es/video/EsSaque0001");
    await main.getByRole("heading", { level: 1, name: "Saque para principiantes" }).waitFor();
    await main.getByRole("link", { name: "Volver a los videos" }).waitFor();
    expect(await main.getByRole("link", { name: "Ver en YouTube" }).getAttribute("href")).toBe("https://www.youtube.com/watch?v=EsSaque0001");

    const missing = await page.goto("/es/video/NoExiste0001");
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Video no encontrado" }).waitFor();
    expect(await page.title()).toBe("Video no encontrado | NLTE");
    await page.getByText("ID del video: NoExiste0001").waitFor();
    await page.getByText("Este video no existe o fue eliminado.").waitFor();
  });
});
