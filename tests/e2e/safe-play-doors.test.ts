// Issue 37's first door in Chromium, as Jordan found it: a 15-year-old invites his own second address as his
// "guardian", who asks to make him 19. Only the safeguarding lead lowers a protection: the change waits on
// /safeguarding, the old date holds, the lead keeps it and corrects the date (locked against the family), and a
// coach who met the real family confirms only the people they know. And a family the lead paused is told so on the
// card of the athlete whose removal it asked. Checked with axe on every page visited.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { sharedMailbox } from "./support/mail";
import { sharedServer, useServerSettings } from "./support/shared-server";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, post, signInCookie, useSession, type Person } from "./support/messaging";
import { runScript } from "./support/server";

const AFTERNOON = "2026-06-15T14:00:00-04:00";
const DOB_15 = "2011-03-04";

let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const server = sharedServer();
const smtp = sharedMailbox();
useServerSettings({ now: AFTERNOON, orgName: "Safe Play Tennis", notifyDelaySeconds: 3600 });
afterAll(async () => {
  await database?.close();
});
const open = setupBrowser(() => server.url);
const env = () => ({ DATA_DIR: server.dataDir, DATABASE_URL: "" });
const db = async () => (database ??= await openDatabase(server.dataDir));
const dobOf = async (email: string) =>
  (await (await db()).query<{ dob: string }>("select date_of_birth::text as dob from users where lower(email) = lower($1)", [email])).rows[0]!.dob;

describe("a teenager's second address cannot turn him into an adult", () => {
  it("the 'guardian' asks to make Jordan 19: it waits for the lead, the lead keeps the date and corrects it, the family cannot change it back", async () => {
    const jordanEmail = uniqueEmail("jordan");
    await createAccount(server.url, { fullName: "Jordan Carter", email: jordanEmail, password: "secret12", kind: "athlete", dateOfBirth: DOB_15 });
    const jordan: Person = {
      email: jordanEmail,
      password: "secret12",
      fullName: "Jordan Carter",
      cookie: await signInCookie(server.url, jordanEmail, "secret12"),
    };
    const lead = await makePerson(server.url, "Lena Lead", { coach: true, env: env() });
    const grant = await runScript(["cli/user-role.ts", lead.email, "safeguarding"], env());
    expect(grant.code, grant.stderr).toBe(0);

    // Jordan invites his own second address; "Jordan's mum" (born 1980) accepts.
    const j = await open();
    await useSession(j.context, server.url, jordan);
    await j.visit("/account/family");
    const secondEmail = uniqueEmail("jordan-second");
    await j.page.getByLabel("Parent or guardian's email").fill(secondEmail);
    await j.page.getByRole("button", { name: "Send invitation" }).click();
    await j.page.getByText(`We sent an invitation to ${secondEmail}.`).waitFor();
    const mail = await smtp.waitFor(secondEmail, "an invitation to be a parent or guardian");
    await createAccount(server.url, { fullName: "Jordan's Mum", email: secondEmail, password: "secret12", dateOfBirth: "1980-02-02" });
    const fake: Person = {
      email: secondEmail,
      password: "secret12",
      fullName: "Jordan's Mum",
      cookie: await signInCookie(server.url, secondEmail, "secret12"),
    };
    const f = await open();
    await useSession(f.context, server.url, fake);
    await f.visit(mail.links.find((l) => l.includes("/invitation?token="))!);
    await f.page.getByRole("button", { name: "Accept the invitation" }).click();
    await f.page.waitForURL((u) => u.pathname === "/account/family");

    // The "guardian" corrects Jordan's date of birth to 2007: it waits for the lead, and Jordan stays 15.
    const jordanCard = f.page.getByRole("list", { name: "Your student-athletes" }).getByRole("listitem").filter({ hasText: "Jordan Carter" });
    await jordanCard.getByText("Correct Jordan Carter's details").click();
    await jordanCard.getByLabel("Date of birth").fill("2007-05-01");
    await jordanCard.getByRole("button", { name: "Save Jordan Carter's details" }).click();
    await f.page
      .getByRole("status")
      .getByText("Jordan Carter's new date of birth would lift Safe Play protections, so it waits for the safeguarding lead.")
      .waitFor();
    await f.page.getByText("A change of date of birth to 2007-05-01 waits for the safeguarding lead.").waitFor();
    await f.page.getByText("Staff have not confirmed you yet").waitFor();
    expect(await dobOf(jordanEmail)).toBe(DOB_15);

    // The lead sees it on /safeguarding and keeps the current date; approving would need a tick first.
    const l = await open();
    await useSession(l.context, server.url, lead);
    await l.visit("/safeguarding");
    const waiting = l.page.getByRole("region", { name: "Changes waiting for you" });
    await waiting.getByText("Jordan's Mum asked to change Jordan Carter's date of birth from 2011-03-04 to 2007-05-01.").waitFor();
    await waiting.getByRole("button", { name: "Keep the current date" }).click();
    await l.page.getByRole("status").getByText("The current date of birth stays.").waitFor();
    await l.page.getByText("No change waits for you.").waitFor();

    // The lead opens the family from the queue and corrects Jordan's date: it is locked against the family.
    await l.page
      .getByRole("list", { name: "Families waiting for confirmation" })
      .getByRole("link", { name: /Jordan Carter/ })
      .click();
    await l.page.waitForURL((u) => /^\/families\/[0-9a-f-]{36}$/.test(u.pathname));
    const jordanRow = l.page.getByRole("listitem").filter({ hasText: "Correct Jordan Carter's details (safeguarding lead)" });
    await jordanRow.getByText("Correct Jordan Carter's details (safeguarding lead)").click();
    await jordanRow.getByLabel("Date of birth").fill("2011-03-05");
    await jordanRow.getByRole("button", { name: "Save the correction" }).click();
    await l.page.getByRole("status").getByText("Jordan Carter's details were corrected.").waitFor();
    expect(await dobOf(jordanEmail)).toBe("2011-03-05");
    await f.visit("/account/family");
    await f.page.getByText("Corrected by the safeguarding lead: contact the organisation to change these details.").waitFor();
    expect(await f.page.getByText("Correct Jordan Carter's details").isVisible()).toBe(false);

    // Nothing the "guardian" posts by hand changes it: the form is refused beside the field.
    const res = await fetch(`${server.url}/account/family`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: fake.cookie },
      body: new URLSearchParams({ intent: "edit-athlete", athleteId: await idOf(jordanEmail), fullName: "Jordan Carter", dateOfBirth: "2007-05-01" }),
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    expect(await dobOf(jordanEmail)).toBe("2011-03-05");
  });
});

describe("a family the lead paused", () => {
  it("answers 'remove this athlete' on the athlete's card: with JavaScript in English, without it in Spanish", async () => {
    const email = uniqueEmail("paused-parent");
    await createAccount(server.url, { fullName: "Paula Paused", email, password: "secret12" });
    const parent: Person = { email, password: "secret12", fullName: "Paula Paused", cookie: await signInCookie(server.url, email, "secret12") };
    for (const fullName of ["Pablo Paused", "Pia Paused"]) {
      const added = await post(server.url, "/account/family", parent, { intent: "add-athlete", fullName, dateOfBirth: "2014-05-06" });
      expect(added.status, fullName).toBe(200);
    }
    // The safeguarding lead pauses changes to the family (as /families/:id does: migration 0028).
    await (
      await db()
    ).query(
      `update households set frozen_at = now(), frozen_reason = 'Checking who the guardians are'
       where id = (select household_id from household_members where user_id = $1)`,
      [await idOf(email)],
    );
    const athletes = (page: Page, list: string) => page.getByRole("list", { name: list }).getByRole("listitem");

    // With JavaScript: the dialog asks, the answer is on Pablo's card (where the guardian asked), and only there.
    const en = await open();
    await useSession(en.context, server.url, parent);
    await en.visit("/account/family");
    const pablo = athletes(en.page, "Your student-athletes").filter({ hasText: "Pablo Paused" });
    await pablo.getByRole("button", { name: "Remove Pablo Paused" }).click();
    await en.page.getByRole("alertdialog").getByRole("button", { name: "Yes, remove" }).click();
    const paused = "The safeguarding lead has paused changes to this family. Please contact the organisation.";
    await pablo.getByRole("alert").getByText(paused).waitFor();
    expect(await en.page.getByRole("alert").filter({ hasText: paused }).count()).toBe(1);
    expect(await athletes(en.page, "Your student-athletes").filter({ hasText: "Pia Paused" }).getByRole("alert").count()).toBe(0);

    // Without JavaScript, in Spanish: the question in place of the button, then the answer on Pía's card.
    const es = await open({ javaScriptEnabled: false });
    await useSession(es.context, server.url, parent);
    await es.visit("/es/account/family");
    const pia = athletes(es.page, "Sus estudiantes-atletas").filter({ hasText: "Pia Paused" });
    await pia.getByRole("button", { name: "Quitar a Pia Paused" }).click();
    await pia.getByRole("button", { name: "Sí, quitar" }).click();
    await pia
      .getByRole("alert")
      .getByText("La persona responsable de protección pausó los cambios de esta familia. Comuníquese con la organización.")
      .waitFor();
    expect(new URL(es.page.url()).pathname).toBe("/es/account/family");
    // Nothing was removed.
    await es.visit("/es/account/family");
    for (const name of ["Pablo Paused", "Pia Paused"]) await athletes(es.page, "Sus estudiantes-atletas").filter({ hasText: name }).waitFor();
  });
});

const idOf = async (email: string) =>
  (await (await db()).query<{ id: string }>("select id from users where lower(email) = lower($1)", [email])).rows[0]!.id;
