// Changing the schedule, and who hears of it: cancelling a day, putting it back, changing a session. One function
// each, used by the coaches' forms (and the demo seed), so the change and the notices it causes commit together
// (app/notifications/changes.server.ts says who hears and how).
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { cancelledDates, events } from "../../db/schema";
import type { EventInput } from "~/lib/site-content-schemas";
import { dayInZone } from "~/lib/datetime";
import { isUuid } from "~/lib/uuid";
import type { CancelledDateInput } from "~/lib/site-content-schemas";
import { isUrgentChange, tellFamilies, type ScheduleChange } from "~/notifications/index.server";
import { capacityBelowPlaces, offerFreePlaces } from "~/enrollment/index.server";

type ChangeContext = Pick<AppLoadContext, "db" | "config"> & { secret: string | null };

/** Tells the families of a change to a day from today on; a past day's change is history, told to nobody. */
function dayChange(context: ChangeContext, change: ScheduleChange & { day: string }) {
  const now = context.config.safePlay.clock();
  const { timeZone } = context.config.site;
  if (context.secret === null || change.day < dayInZone(now, timeZone)) return null;
  return { change, urgent: isUrgentChange(change, timeZone, now) };
}

/**
 * Cancels a day. Returns false when it was already cancelled. Every family hears of it (a day today or later):
 * `secret: null` tells nobody (demo content).
 */
export async function cancelDay(context: ChangeContext, input: CancelledDateInput, createdBy: string) {
  return context.db.transaction(async (tx) => {
    const rows = await tx
      .insert(cancelledDates)
      .values({ ...input, createdBy })
      .onConflictDoNothing()
      .returning({ day: cancelledDates.day });
    if (rows.length === 0) return false;
    const told = dayChange(context, { kind: "cancelled", day: input.day });
    if (told) await tellFamilies(tx, told.change, told.urgent);
    return true;
  });
}

/** Puts a cancelled day back on the schedule. Returns false when it was not cancelled. Families hear that it is on. */
export async function restoreDay(context: ChangeContext, day: string) {
  return context.db.transaction(async (tx) => {
    const rows = await tx.delete(cancelledDates).where(eq(cancelledDates.day, day)).returning({ day: cancelledDates.day });
    if (rows.length === 0) return false;
    const told = dayChange(context, { kind: "restored", day });
    if (told) await tellFamilies(tx, told.change, told.urgent);
    return true;
  });
}

/** What families plan by: a change to any of these is a schedule change they hear of; a title or a note is not. */
const SCHEDULE_FIELDS = [
  "kind",
  "weekdays",
  "onDate",
  "startsOn",
  "endsOn",
  "startTime",
  "endTime",
  "timeNote",
  "place",
  "streetAddress",
  "closed",
] as const;

/**
 * Saves a coach's edit of an event. Returns false when there is no such event. When its days, times or place
 * changed (and it has not ended), every family hears of the new schedule.
 */
export async function changeEvent(context: ChangeContext, id: string, input: EventInput): Promise<boolean | { placesTaken: number }> {
  if (!isUuid(id)) return false;
  return context.db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, id)).for("update");
    if (!before) return false;
    // A session's places: never fewer than families already hold (issue 29); more go to its waitlist at once.
    if ("capacity" in input && input.capacity !== before.capacity) {
      const taken = await capacityBelowPlaces(tx, id, input.capacity ?? null);
      if (taken !== null) return { placesTaken: taken };
    }
    const [after] = await tx
      .update(events)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(events.id, id))
      .returning();
    const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
    const changed = SCHEDULE_FIELDS.some((f) => JSON.stringify(before[f]) !== JSON.stringify(after![f]));
    const current = after!.kind === "weekly" ? !after!.endsOn || after!.endsOn >= today : after!.onDate! >= today;
    if (changed && current && context.secret !== null) await tellFamilies(tx, { kind: "event-changed", eventId: id }, false);
    if (after!.capacity !== before.capacity && context.secret !== null)
      await offerFreePlaces(tx, { db: context.db, secret: context.secret, config: context.config }, after!);
    return true;
  });
}
