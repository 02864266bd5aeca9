// /privacy's retention part (issue 40): written from the table with the periods in force, and listing exactly the
// outside services the configuration enables, in English and in Spanish.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Locale } from "~/i18n/locale";
import { localeStore } from "../../tests/support/locale-store";
import { createTestDatabase } from "../../tests/support/test-db";
import { getRetentionNotice } from "./notice.server";
import { RetentionSection } from "./privacy-section";
import { RETENTION } from "./table";

const { db } = await createTestDatabase();
const store = localeStore();

async function page(locale: Locale, config: Parameters<typeof getRetentionNotice>[1]) {
  const notice = await getRetentionNotice(db, config, locale);
  const html = store.run(locale, () => renderToStaticMarkup(createElement(RetentionSection, { notice })));
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .replace(/ ([:,.])/g, "$1");
  return { notice, text };
}

describe("the privacy notice's retention part", () => {
  it("states every period of the table and every configured service, in both languages", async () => {
    const everything = { mail: { smtpUrl: "smtp://mail.example.org" }, google: { clientId: "x" }, stripe: { secretKey: "x" }, push: {} };
    const en = await page("en", everything);
    const es = await page("es", everything);
    for (const row of RETENTION) {
      expect(en.text).toContain(`${row.what.en}: ${row.days} days ${row.from.en}`);
      expect(es.text).toContain(`${row.what.es}: ${row.days} días ${row.from.es}`);
    }
    expect(en.notice.services.map((s) => s.id)).toEqual(["mail", "push", "payments", "youtube", "google"]);
    expect(en.text).toContain("Mail provider: The address and words of each mail the site sends.");
    expect(es.text).toContain("Inicio de sesión con Google");
    expect(es.text).toContain("Sobre los niños: Nada sobre los niños.");
    expect(en.text).toContain("How long we keep children's data");
    expect(es.text).toContain("Cuánto tiempo guardamos los datos de los niños");
  });

  it("leaves out services that are not configured, and says the organisation's own period", async () => {
    await db.execute(sql`insert into app_settings (key, value) values ('retention.mail_outbox', '45')`);
    const { notice, text } = await page("en", { mail: {} });
    expect(notice.services.map((s) => s.id)).toEqual(["youtube"]);
    expect(text).toContain("Copies of the mail the site sent: 45 days after it was written");
  });
});
