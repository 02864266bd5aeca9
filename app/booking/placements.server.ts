// The outcome of an evaluation booked from an enrollment request (issue 30, decision 0032): the coach records the
// placement from /appointments, and it is enrollment's own placement step (takeCoachStep "place", as on the roster),
// so the family sees the level in its history on /account/enrollments and is mailed as for any placement.
import { takeCoachStep } from "~/enrollment/index.server";
import { dayInZone } from "~/lib/datetime";
import type { Profile } from "~/lib/profile";
import { isUuid } from "~/lib/uuid";
import { m } from "~/paraglide/messages";
import { isCoachOfBooking } from "./access.server";
import { getBookingDetail, type BookingServices } from "./mails.server";
import type { PlacementInput } from "./schemas";

export type PlacementResult = { ok: true } | { ok: false; status: number; error: string; field?: string };

/**
 * Only the coach of the booking reaches it from here (another coach's, a cancelled one, or one booked for no request
 * is "not found"); enrollment then asks its own rules (a coach of the session; a request that may be placed now). The
 * placement is dated the day it is recorded, in the organisation's zone.
 */
export async function recordPlacement(
  services: BookingServices,
  actor: Pick<Profile, "id" | "role">,
  input: PlacementInput,
): Promise<PlacementResult> {
  const b = isUuid(input.bookingId) ? await getBookingDetail(services.db, input.bookingId) : null;
  if (!b || b.cancelled_at || !b.enrollment_id || !isCoachOfBooking(actor, { coachId: b.coach_id }))
    return { ok: false, status: 404, error: m.booking_error_unknown() };
  const placedOn = dayInZone(services.config.safePlay.clock(), services.config.site.timeZone);
  // Outside the session's ages or levels, enrollment's rule asks for a reason and logs it, as on the roster.
  const placement = { level: input.level, placedOn, note: input.note, overrideReason: input.overrideReason };
  const result = await takeCoachStep(services, actor, b.enrollment_id, "place", placement);
  return result.ok ? { ok: true } : { ok: false, status: result.status, error: result.error, ...(result.field ? { field: result.field } : {}) };
}
