// The security programme's yearly review (issue 40, docs/security-programme.md), on a phone in Chromium, on the
// worker's shared server with its clock at 10 June 2031: an administrator chooses a coach as the coordinator and a
// review date 15 days ahead on /staff; the reminder appears ("The security programme's yearly review is due on June
// 25, 2031 ..."), in Spanish too on /es/staff, where she records the review as done today: the next one is due on
// 10 June 2032 and the reminder is gone. The rules (who may record, bad input, the 30 days) are the integration
// tests' (app/security/programme.server.test.ts). Every page visited is checked with axe.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, useSession, type Person } from "./support/messaging";
import { runUserRole } from "./support/server";
import { sharedServer, useServerSettings } from "./support/shared-server";

const server = sharedServer();
const open = setupBrowser(() => server.url);
const PHONE = { viewport: { width: 390, height: 844 } };
useServerSettings({ now: "2031-06-10T10:00:00-04:00" });

let db: Awaited<ReturnType<typeof openDatabase>>;
let admin: Person;
let coach: Person;

beforeAll(async () => {
  db = await openDatabase(server.dataDir);
  [admin, coach] = await Promise.all([
    makePerson(server.url, "Sepro Admin", { env: server.env }),
    makePerson(server.url, "Sepro Coordinator", { coach: true, env: server.env }),
  ]);
  const made = await runUserRole(server.url, [admin.email, "admin"], server.env);
  expect(made.code, made.stderr).toBe(0);
});

afterAll(async () => {
  // The shared server's other files start with no security programme set, as a fresh site does.
  await db?.query("delete from app_settings where key like 'security.%'");
  await db?.close();
});

describe("the security programme's yearly review", () => {
  it("is set by an administrator, reminded on /staff when due, and recorded in Spanish, after which the reminder goes", async () => {
    const a = await open(PHONE);
    await useSession(a.context, server.url, admin);
    await a.visit("/staff");
    const reminder = a.page.getByRole("region", { name: "Security programme review" });
    const card = a.page.getByRole("region", { name: "Security programme", exact: true });
    await card.getByText("No coordinator is set yet.").waitFor();
    expect(await reminder.count()).toBe(0);

    await card.getByLabel("Coordinator").selectOption({ label: `Sepro Coordinator (${coach.email})` });
    await card.getByLabel("Next yearly review").fill("2031-06-25");
    await card.getByRole("button", { name: "Save the security programme" }).click();
    await card.getByText("The security programme's coordinator and review date are saved.").waitFor();
    await card.getByText(`Coordinator: Sepro Coordinator (${coach.email})`).waitFor();
    await reminder
      .getByText("The security programme's yearly review is due on June 25, 2031: review docs/security-programme.md and record the review.")
      .waitFor();

    // In Spanish: the same reminder, recorded as done today; the next review falls a year on and the reminder goes.
    await a.visit("/es/staff");
    const recordatorio = a.page.getByRole("region", { name: "Revisión del programa de seguridad" });
    await recordatorio
      .getByText(
        "La revisión anual del programa de seguridad vence el 25 de junio de 2031: revise docs/security-programme.md y registre la revisión.",
      )
      .waitFor();
    await recordatorio.getByRole("button", { name: "Registrar la revisión como hecha hoy" }).click();
    await a.page.getByText("Revisión registrada. La próxima vence el 10 de junio de 2032.").waitFor();
    const tarjeta = a.page.getByRole("region", { name: "Programa de seguridad", exact: true });
    await tarjeta.getByText("Próxima revisión anual: 10 de junio de 2032").waitFor();
    await tarjeta.getByText("Última revisión registrada el 10 de junio de 2031 por Sepro Admin.").waitFor();
    expect(await recordatorio.count()).toBe(0);
    expect(a.page.url()).toMatch(/\/es\/staff$/);
  });
});
