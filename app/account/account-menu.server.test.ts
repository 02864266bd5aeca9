// The account menu's links, from the database on every request: each person sees the pages they have, in their
// language, and a role removed is a link gone on the next page.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import type { Locale } from "~/i18n/language";
import { clearCoach } from "../../tests/support/cleared";
import { localeStore } from "../../tests/support/locale-store";
import { getAccountMenu } from "./account-menu.server";

const { db } = await createTestDatabase();
const languages = localeStore();

beforeAll(async () => {
  await db.insert(users).values([
    { id: "m-client", email: "m-client@example.com", fullName: "Pat Parent", role: "client" },
    { id: "m-coach", email: "m-coach@example.com", fullName: "Carla Coach", role: "coach" },
    { id: "m-lead", email: "m-lead@example.com", fullName: "Lee Lead", role: "coach", safeguardingLead: true },
    { id: "m-admin", email: "m-admin@example.com", fullName: "Ada Admin", role: "client", admin: true },
  ]);
  await clearCoach(db, "m-lead");
});

const settings = { clock: () => new Date(), timeZone: "America/New_York" };
const menu = (id: string, locale: Locale = "en") => languages.run(locale, () => getAccountMenu(db, id, settings));

describe("the account menu", () => {
  it("gives families, coaches, the lead and an administrator each their pages, in the reader's language", async () => {
    const family = [
      { to: "/account/family", label: "Your family" },
      { to: "/account/enrollments", label: "Programs and enrollments" },
      { to: "/account/forms", label: "Forms" },
      { to: "/lessons", label: "Private lessons" },
      { to: "/account/payments", label: "Payments" },
    ];
    const coach = [
      { to: "/rosters", label: "Rosters and attendance" },
      { to: "/appointments/availability", label: "My availability" },
      { to: "/reports/funders", label: "Funder report" },
      { to: "/athletes", label: "Athletes" },
      { to: "/programs/edit", label: "Programs and seasons" },
    ];
    expect(await menu("m-client")).toEqual(family);
    expect(await menu("m-coach")).toEqual(coach);
    expect(await menu("m-lead")).toEqual([
      ...coach,
      { to: "/staff/medical", label: "Medical information" },
      { to: "/safeguarding", label: "Safeguarding" },
    ]);
    // An administrator who is a family's parent too: their family's pages, the programs, medical information and staff.
    expect(await menu("m-admin")).toEqual([
      ...family,
      { to: "/programs/edit", label: "Programs and seasons" },
      { to: "/staff/medical", label: "Medical information" },
      { to: "/staff", label: "Staff" },
      { to: "/staff/forms", label: "Forms families sign" },
      { to: "/staff/data-requests", label: "Data requests" },
      { to: "/staff/lesson-prices", label: "Lesson prices" },
      { to: "/aid", label: "Financial aid" },
      { to: "/athletes", label: "Athletes" },
      { to: "/reports/outcomes", label: "Outcomes report" },
      { to: "/athletes/settings", label: "Athletes' paths: settings" },
    ]);
    expect((await menu("m-lead", "es")).at(-1)).toEqual({ to: "/es/safeguarding", label: "Protección de menores" });
    expect((await menu("m-client", "es"))[0]).toEqual({ to: "/es/account/family", label: "Su familia" });
    expect(await menu("nobody")).toEqual([]);
  });

  it("drops a link on the next request once the role is gone", async () => {
    await db.update(users).set({ admin: false }).where(eq(users.id, "m-admin"));
    expect((await menu("m-admin")).map((l) => l.to)).toEqual([
      "/account/family",
      "/account/enrollments",
      "/account/forms",
      "/lessons",
      "/account/payments",
    ]);
  });
});
