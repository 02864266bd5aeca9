// Calendar files of bookings (decision 0032, written by ical-generator as decision 0026 says): the invitation a mail
// carries (METHOD:REQUEST when booked or moved, METHOD:CANCEL when cancelled) and a person's private feed
// (METHOD:PUBLISH). One UID a booking, the same in every invitation and in the feed, with SEQUENCE raised at each
// change, so Google, Apple and Outlook update or remove the one event they imported instead of adding another.
import { TZDate } from "@date-fns/tz";
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";

export type CalendarBooking = {
  id: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  summary: string;
  description: string;
  place: string;
  updatedAt: Date;
};

type CalendarSettings = { timeZone: string; publicUrl: string; orgName: string; organizerEmail: string; url: string };

/** The zone's VTIMEZONE from the time zone database (null for a zone it does not know: times are then in UTC). */
function vtimezone(timeZone: string): string | null {
  const [block] = tzlib_get_ical_block(timeZone);
  return block && block.startsWith("BEGIN:VTIMEZONE") ? block : null;
}

/** The booking's UID: the same in every invitation and in the feed. */
export const bookingUid = (bookingId: string, publicUrl: string) => `booking-${bookingId}@${new URL(publicUrl).hostname}`;

function calendarOf(settings: CalendarSettings, method: ICalCalendarMethod) {
  return ical({
    name: settings.orgName,
    prodId: { company: settings.orgName, product: "Lessons", language: "EN" },
    method,
    timezone: { name: settings.timeZone, generator: vtimezone },
    x: [{ key: "X-WR-TIMEZONE", value: settings.timeZone }],
  });
}

function addEvent(calendar: ReturnType<typeof ical>, b: CalendarBooking, settings: CalendarSettings, now: Date) {
  return calendar.createEvent({
    id: bookingUid(b.id, settings.publicUrl),
    sequence: b.sequence,
    stamp: now,
    lastModified: b.updatedAt,
    start: new TZDate(b.startsAt.getTime(), settings.timeZone),
    end: new TZDate(b.endsAt.getTime(), settings.timeZone),
    timezone: settings.timeZone,
    summary: b.summary,
    description: b.description,
    location: b.place,
    url: settings.url,
    status: b.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: settings.orgName, email: settings.organizerEmail },
  });
}

/** The invitation attached to a booking's mail, for one recipient: REQUEST (booked, moved) or CANCEL. */
export function bookingInvitation(
  booking: CalendarBooking,
  recipient: { name: string; email: string },
  settings: CalendarSettings,
  now: Date,
): { method: "REQUEST" | "CANCEL"; content: string } {
  const method = booking.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = calendarOf(settings, method);
  const event = addEvent(calendar, booking, settings, now);
  // The recipient is the attendee (Outlook and Apple want to find themselves); nothing to answer: the booking stands.
  event.createAttendee({
    email: recipient.email,
    name: recipient.name,
    role: ICalAttendeeRole.REQ,
    status: booking.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
    rsvp: false,
  });
  return { method: booking.cancelled ? "CANCEL" : "REQUEST", content: calendar.toString() };
}

/** A person's private feed of their bookings (cancelled ones stay, marked, so calendar apps remove them). */
export function bookingFeed(bookings: CalendarBooking[], settings: CalendarSettings, now: Date): string {
  const calendar = calendarOf(settings, ICalCalendarMethod.PUBLISH);
  calendar.ttl(60 * 60);
  for (const b of bookings) addEvent(calendar, b, settings, now);
  return calendar.toString();
}
