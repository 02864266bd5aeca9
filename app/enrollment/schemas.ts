// What the enrollment forms and the attendance sync may send, checked at the boundary (the database's CHECK
// constraints say the same again). Each message is the one shown beside its field.
import { z } from "zod";
import { says, wholeNumber, isoDay } from "~/lib/forms";
import { m } from "~/paraglide/messages";

const id = z.string(says(m.enroll_error_unknown)).min(1, says(m.enroll_error_unknown)).max(100, says(m.enroll_error_unknown));
const day = isoDay(m.enroll_error_day);
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/**
 * What coaches need on court, asked with every request for a place (/enroll/:sessionId and the registration form,
 * for a family signed in or a visitor alike): shown to the session's coaches and the household only.
 */
export const OnCourtSchema = z.object({
  medicalNotes: z.string().trim().max(1000, says(m.enroll_error_medical_long)).default(""),
  pickupPeople: z.string().trim().max(500, says(m.enroll_error_pickup_long)).default(""),
  photoConsent: checkbox,
  emergencyName: z
    .string(says(m.enroll_error_emergency_name))
    .trim()
    .min(1, says(m.enroll_error_emergency_name))
    .max(120, says(m.enroll_error_emergency_name)),
  emergencyPhone: z
    .string(says(m.enroll_error_emergency_phone))
    .trim()
    .regex(/^[0-9+()\-. ]{7,30}$/, says(m.enroll_error_emergency_phone))
    .refine((v) => v.replace(/\D/g, "").length >= 7, says(m.enroll_error_emergency_phone)),
});
export type OnCourtInput = z.infer<typeof OnCourtSchema>;

export const RequestSchema = OnCourtSchema.extend({ athleteId: id });
export type RequestInput = z.infer<typeof RequestSchema>;

export const EnrollmentIdSchema = z.object({ enrollmentId: z.uuid(says(m.enroll_error_unknown)) });

export const PlaceSchema = EnrollmentIdSchema.extend({
  level: wholeNumber(1, 5, m.enroll_error_level),
  placedOn: day,
  note: z.string().trim().max(500, says(m.enroll_error_note_long)).default(""),
  /** Only to place outside the session's ages or levels (issue 39): written in the safeguarding log. */
  overrideReason: z.string().trim().max(500, says(m.enroll_error_override_long)).default(""),
});
export type PlaceInput = z.infer<typeof PlaceSchema>;

export const CapacitySchema = z.object({
  capacity: wholeNumber(1, 10000, m.enroll_error_capacity),
});

export const OfferHoursSchema = z.object({
  offerHours: wholeNumber(1, 336, m.enroll_error_offer_hours),
});

/** One tap on the attendance page, as the phone keeps it until the server has it. */
export const MarkSchema = z.object({
  athleteId: id,
  day,
  present: z.boolean(says(m.enroll_error_mark)),
  clientId: z.uuid(says(m.enroll_error_mark)),
  markedAt: z.iso.datetime({ offset: true, ...says(m.enroll_error_mark) }),
});
export type MarkInput = z.infer<typeof MarkSchema>;
export const MarksSchema = z.object({ marks: z.array(MarkSchema).min(1).max(500) });

export const RosterMessageSchema = z.object({
  content: z.string(says(m.enroll_error_message)).trim().min(1, says(m.enroll_error_message)).max(4000, says(m.enroll_error_message_long)),
});

export const CITIES = ["Washington", "Baltimore", "Atlanta", "Chesapeake"] as const;

/** The funder report's choices, from the address: anything unreadable is said beside its field. */
export const ReportQuerySchema = z
  .object({
    from: day,
    to: day,
    program: z.string().max(60).optional().default(""),
    level: z
      .union([z.literal(""), z.coerce.number().int().min(1).max(5)], says(m.enroll_error_level))
      .optional()
      .default(""),
    city: z
      .union([z.literal(""), z.enum(CITIES)], says(m.enroll_error_city))
      .optional()
      .default(""),
  })
  .refine((q) => q.to >= q.from, { path: ["to"], ...says(m.enroll_error_range) });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;
