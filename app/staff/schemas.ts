// The staff forms' rules (issue 28): the administrator's invitation, role buttons and check dates on /staff, and a
// coach's own profile on /staff/profile. The server parses every form with these; each message is a function, read
// when the issue is raised, so it is in the language of the page.
import { z } from "zod";
import { PROGRAM_LINKS, type ProgramSlug } from "~/content/site";
import { getLocale, INTL_LOCALE } from "~/i18n/language";
import { isIsoDay } from "~/lib/datetime";
import { m } from "~/paraglide/messages";
import { says } from "~/lib/forms";

const checkbox = z
  .string()
  .optional()
  .transform((v) => v !== undefined && v !== "false" && v !== "");

/** A short bio: a few sentences families read on /about. */
export const BIO_MAX = 1000;
/** The limit as the page's language writes it ("1,000"). */
export const bioMaxText = () => new Intl.NumberFormat(INTL_LOCALE[getLocale()]).format(BIO_MAX);
export const NAME_MAX = 120;

/** The programs a coach may name: today the slugs of PROGRAM_LINKS (stored as text[]; decision 0030). */
export const PROGRAM_SLUGS = PROGRAM_LINKS.map((p) => p.slug) as [ProgramSlug, ...ProgramSlug[]];

export const isProgramSlug = (value: string): value is ProgramSlug => (PROGRAM_SLUGS as readonly string[]).includes(value);

// Plain text, shown as typed. The coach-name rule for contact details is not applied to bios: on a few sentences about
// a career it refuses too much ("2015-2019", "St. Albans"); an administrator hides a profile that needs it (decision 0030).
const bio = z
  .string()
  .trim()
  .max(
    BIO_MAX,
    says(() => m.staff_error_bio_too_long({ max: bioMaxText() })),
  )
  .default("")
  // A form sends a textarea's line breaks as CRLF: stored as typed, one newline each.
  .transform((v) => v.replace(/\r\n?/g, "\n"));

export const CoachProfileSchema = z.object({
  fullName: z
    .string(says(m.staff_error_name_required))
    .trim()
    .min(1, says(m.staff_error_name_required))
    .max(
      NAME_MAX,
      says(() => m.staff_error_name_too_long({ max: NAME_MAX })),
    ),
  bio,
  bioEs: bio.transform((v) => v || null),
  programs: z.array(z.enum(PROGRAM_SLUGS, says(m.staff_error_program))).max(PROGRAM_SLUGS.length, says(m.staff_error_program)),
  shown: checkbox,
  removePhoto: checkbox,
});
export type CoachProfileInput = z.output<typeof CoachProfileSchema>;

/** What the profile form sends, as the schema reads it: the programs are the ticked boxes, all of them. */
export function profileFormValues(form: FormData) {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  return {
    fullName: text("fullName") ?? "",
    bio: text("bio") ?? "",
    bioEs: text("bioEs") ?? "",
    programs: form.getAll("programs").filter((v): v is string => typeof v === "string"),
    shown: text("shown"),
    removePhoto: text("removePhoto"),
  };
}

export const InviteSchema = z.object({
  email: z
    .string(says(m.staff_error_email_required))
    .trim()
    .min(1, says(m.staff_error_email_required))
    .max(254, says(m.staff_error_email_invalid))
    .pipe(z.email(says(m.staff_error_email_invalid)))
    .transform((v) => v.toLowerCase()),
});

const id = z.string().trim().min(1).max(64);

export const ROLE_CHANGES = [
  "grant-coach",
  "remove-coach",
  "grant-lead",
  "remove-lead",
  "grant-admin",
  "remove-admin",
  // Education staff (issue 42): app/athletes/education-staff.server.ts.
  "grant-education",
  "remove-education",
] as const;
export type RoleChangeIntent = (typeof ROLE_CHANGES)[number];
export const RoleChangeSchema = z.object({ intent: z.enum(ROLE_CHANGES), userId: id });

export const ShownSchema = z.object({ intent: z.enum(["show", "hide"]), userId: id });

export const CancelInvitationSchema = z.object({ invitationId: z.uuid() });

/** The earliest check date the form takes: anything before is a typing slip (a year of 0205). */
const EARLIEST_CHECK = "1990-01-01";

/**
 * The dates of a coach's Safe Play training and background check, entered by an administrator: a day, or empty for
 * "not on record". Never after `today` (the organisation's day, ORG_TIME_ZONE): a check cannot have happened yet.
 */
export function checksSchema(today: string) {
  const day = z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || (isIsoDay(v) && v >= EARLIEST_CHECK), says(m.staff_error_date))
    .refine((v) => v === "" || v <= today, says(m.staff_error_date_future))
    .transform((v) => v || null);
  return z.object({ userId: id, safePlayCheckedOn: day, backgroundCheckedOn: day });
}
export type ChecksInput = z.output<ReturnType<typeof checksSchema>>;
