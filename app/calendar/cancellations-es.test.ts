// A short-notice cancellation in each family's language, and the calendar feed's own words in Spanish (issue 27):
// a family whose account is in Spanish gets the mail in Spanish with the Spanish calendar page's link, a family in
// English the same mail as before; /es/calendar.ics describes itself and a cancelled event in Spanish.
import { eq } from "drizzle-orm";
import ical from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, users } from "../../db/schema";
import { contextFor, createRouteUsers } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { addDays, dayInZone } from "~/lib/datetime";
import { cancelDay } from "./cancellations.server";
import { buildCalendarFeed, type FeedEvent } from "./ics.server";

const { db } = await createTestDatabase();
beforeAll(async () => {
  await createRouteUsers(db);
  await db.insert(users).values([
    { id: "familia-1", email: "familia@example.com", fullName: "Ana Familia", role: "client", locale: "es", cancellationMails: true },
    { id: "family-1", email: "family@example.com", fullName: "Ann Family", role: "client", locale: null, cancellationMails: true },
  ]);
});

describe("the short-notice cancellation mail", () => {
  it("is written in each family's language", async () => {
    const day = addDays(dayInZone(new Date(), "America/New_York"), 1);
    expect(await cancelDay(contextFor(db, "coach"), { day, note: "Canchas inundadas." }, "coach-1")).toBe(true);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "cancellation"));
    const spanish = mails.find((m) => m.toAddress === "familia@example.com")!;
    const english = mails.find((m) => m.toAddress === "family@example.com")!;

    expect(spanish.subject).toMatch(/^Cancelado: no hay sesiones el (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d+ de \p{L}+$/u);
    expect(spanish.textBody).toContain("Next Level Tennis & Education canceló todas las sesiones del ");
    expect(spanish.textBody).toContain("Canchas inundadas.");
    expect(spanish.textBody).toContain("Ver el horario");
    expect(spanish.textBody).toContain("http://localhost:3000/es/calendar");
    expect(spanish.textBody).toContain("pidió avisos de cancelaciones de último momento");
    expect(spanish.htmlBody).toContain('<html lang="es">');

    expect(english.subject).toMatch(/^Cancelled: no sessions on \w+day, \w+ \d+$/);
    expect(english.textBody).toContain("Next Level Tennis & Education has cancelled every session on ");
    expect(english.textBody).toContain("http://localhost:3000/calendar");
    expect(english.textBody).not.toContain("/es/calendar");
  });
});

describe("the calendar feed in Spanish", () => {
  const awards: FeedEvent = {
    id: "55555555-5555-4555-8555-555555555555",
    title: "Awards Night",
    kind: "date",
    weekdays: [],
    onDate: "2025-12-05",
    startsOn: null,
    endsOn: null,
    startTime: "18:00:00",
    endTime: "20:00:00",
    place: null,
    note: "Bring the family",
    closed: false,
    createdAt: new Date("2025-08-01T00:00:00Z"),
    updatedAt: new Date("2025-08-02T00:00:00Z"),
  };
  const feed = (locale: "en" | "es") =>
    buildCalendarFeed({
      events: [awards],
      cancelledDays: [{ day: "2025-12-05", note: null }],
      timeZone: "America/New_York",
      calendarName: "Next Level Tennis & Education",
      publicUrl: "https://tennis.example.org",
      locale,
      now: new Date("2025-09-01T12:00:00Z"),
    });

  it("describes itself and a cancelled event in Spanish, and links to the Spanish calendar page", () => {
    const text = feed("es");
    const calendar = Object.values(ical.sync.parseICS(text));
    const event = calendar.find((c): c is ical.VEvent => c?.type === "VEVENT")!;
    expect(event.summary).toBe("Awards Night");
    expect(event.status).toBe("CANCELLED");
    expect(event.description).toBe("Cancelado\n\nBring the family");
    const unfolded = text.replace(/\r\n /g, "");
    expect(unfolded).toContain("URL;VALUE=URI:https://tennis.example.org/es/calendar\r\n");
    expect(unfolded).toContain("X-WR-CALDESC:El horario de Next Level Tennis & Education: sesiones, eventos y fechas canceladas.");
    expect(unfolded).toContain("PRODID:-//Next Level Tennis & Education//Schedule//ES");
  });

  it("says the same in English at /calendar.ics", () => {
    const text = feed("en").replace(/\r\n /g, "");
    expect(text).toContain("X-WR-CALDESC:The schedule of Next Level Tennis & Education: sessions, events and cancelled dates.");
    expect(text).toContain("DESCRIPTION:Cancelled\\n\\nBring the family");
    expect(text).toContain("URL;VALUE=URI:https://tennis.example.org/calendar\r\n");
  });
});
