// Coaches' profiles (issue 28, decision 0030): what a coach writes about themselves on /staff/profile (name, photo,
// bio in English and optionally Spanish, programs, whether to be shown), what an administrator records on /staff (the
// Safe Play and background check dates, publishing), and what families read in /about's staff section.
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coachPhotos, coachProfiles, users } from "../../db/schema";
import { PROGRAM_LINKS, type ProgramSlug } from "~/content/site";
import type { SiteImage } from "~/content/images";
import type { PhotoCopiesState } from "~/gallery/photo-copies-note";
import { photoProblemText } from "~/gallery/index.server";
import type { Locale } from "~/i18n/language";
import { formatCalendarDate } from "~/lib/datetime";
import type { Profile } from "~/lib/profile";
import { inReaderLanguage, type TypedText } from "~/lib/typed-content";
import { updateOwnName, writeStaffLog, type StaffActor } from "~/models/users.server";
import { m } from "~/paraglide/messages";
import { photoWidths, portraitImage, removeCoachPhoto, replaceCoachPhoto } from "./photos.server";
import { PROGRAM_SLUGS, type ChecksInput, type CoachProfileInput } from "./schemas";
import { clearanceOf, type Clearance } from "~/safe-play/safe-play";
import type { ClearanceSettings } from "./clearance.server";

const photoColumns = { photoId: coachPhotos.id, photoWidth: coachPhotos.width, photoHeight: coachPhotos.height, photoWidths };

/** A photo whose copies are being made (or failed): null when there is none, or it is ready. */
function photoCopiesOf(row: { photoId: string | null; copies: string | null; problem: string | null }): PhotoCopiesState | null {
  if (!row.photoId || row.copies === "ready") return null;
  return row.copies === "failed" ? { copies: "failed", problem: photoProblemText(row.problem) } : { copies: "preparing" };
}

type PhotoColumns = { photoId: string | null; photoWidth: number | null; photoHeight: number | null; photoWidths: number[] | null };

function photoOf(row: PhotoColumns, name: string): SiteImage | null {
  if (!row.photoId || !row.photoWidth || !row.photoHeight) return null;
  return portraitImage(
    { id: row.photoId, width: row.photoWidth, height: row.photoHeight, widths: row.photoWidths ?? [] },
    m.staff_photo_alt({ name }),
  );
}

/** Stored slugs in the programs' own order; a slug no longer among the programs is left out. */
const knownPrograms = (slugs: readonly string[]): ProgramSlug[] => PROGRAM_SLUGS.filter((s) => slugs.includes(s));

export type OwnProfile = {
  fullName: string;
  bio: string;
  bioEs: string;
  programs: ProgramSlug[];
  shown: boolean;
  photo: SiteImage | null;
  /** A new photo whose copies are being made, or could not be made (then `photo` is null). */
  photoCopies: PhotoCopiesState | null;
  safePlayCheckedOn: string | null;
  backgroundCheckedOn: string | null;
};

/** The signed-in coach's profile as their form shows it (empty until they write one). */
export async function getOwnCoachProfile(db: Db, userId: string): Promise<OwnProfile> {
  const [row] = await db
    .select({
      fullName: users.fullName,
      bio: coachProfiles.bio,
      bioEs: coachProfiles.bioEs,
      programs: coachProfiles.programs,
      shown: coachProfiles.shown,
      safePlayCheckedOn: coachProfiles.safePlayCheckedOn,
      backgroundCheckedOn: coachProfiles.backgroundCheckedOn,
      ...photoColumns,
      photoCopies: coachPhotos.copies,
      photoProblem: coachPhotos.problem,
    })
    .from(users)
    .leftJoin(coachProfiles, eq(coachProfiles.userId, users.id))
    .leftJoin(coachPhotos, eq(coachPhotos.id, coachProfiles.photoId))
    .where(eq(users.id, userId));
  const name = row?.fullName ?? "";
  return {
    fullName: name,
    bio: row?.bio ?? "",
    bioEs: row?.bioEs ?? "",
    programs: knownPrograms(row?.programs ?? []),
    shown: row?.shown ?? false,
    photo: row ? photoOf(row, name) : null,
    photoCopies: row ? photoCopiesOf({ photoId: row.photoId, copies: row.photoCopies, problem: row.photoProblem }) : null,
    safePlayCheckedOn: row?.safePlayCheckedOn ?? null,
    backgroundCheckedOn: row?.backgroundCheckedOn ?? null,
  };
}

export type ProfileResult = { ok: true } | { ok: false; field: "fullName"; error: string; status: 400 };

/**
 * A coach saves their own profile, all of it or nothing: the name under the coach-name rule (refused beside the
 * field, nothing stored), the bio, the programs, whether to be shown, and a new photo (checked; its copies are made
 * by the job queue) or none.
 * The check dates are not theirs to change. Showing or hiding the profile is logged.
 */
export async function saveOwnCoachProfile(
  db: Db,
  coach: Pick<Profile, "id">,
  input: CoachProfileInput,
  photo: Buffer | null,
): Promise<ProfileResult> {
  return db.transaction(async (tx) => {
    const problem = await updateOwnName(tx, coach.id, input.fullName);
    if (problem) return { ok: false, field: "fullName", error: problem, status: 400 };
    const [before] = await tx.select({ shown: coachProfiles.shown }).from(coachProfiles).where(eq(coachProfiles.userId, coach.id)).for("update");
    const values = { bio: input.bio, bioEs: input.bioEs, programs: knownPrograms(input.programs), shown: input.shown, updatedAt: new Date() };
    await tx
      .insert(coachProfiles)
      .values({ userId: coach.id, ...values })
      .onConflictDoUpdate({ target: coachProfiles.userId, set: values });
    if (photo) await replaceCoachPhoto(tx, coach.id, photo);
    else if (input.removePhoto) await removeCoachPhoto(tx, coach.id);
    if ((before?.shown ?? false) !== input.shown) {
      const me = { id: coach.id, name: input.fullName };
      await writeStaffLog(tx, { actor: me, subject: me, action: input.shown ? "profile shown" : "profile hidden" });
    }
    return { ok: true };
  });
}

/** An administrator shows or hides a coach's profile. False when the account has no profile. Logged when it changes. */
export async function setProfileShown(db: Db, actor: StaffActor, userId: string, shown: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ shown: coachProfiles.shown, name: users.fullName })
      .from(coachProfiles)
      .innerJoin(users, eq(users.id, coachProfiles.userId))
      .where(and(eq(coachProfiles.userId, userId), isNull(users.deletedAt)))
      .for("update", { of: coachProfiles });
    if (!before) return false;
    if (before.shown === shown) return true;
    await tx.update(coachProfiles).set({ shown, updatedAt: new Date() }).where(eq(coachProfiles.userId, userId));
    await writeStaffLog(tx, { actor, subject: { id: userId, name: before.name }, action: shown ? "profile shown" : "profile hidden" });
    return true;
  });
}

/**
 * An administrator records a coach's Safe Play training and background check dates (null: not on record). False when
 * the account has no profile. Each date that changes is logged, with the day.
 */
export async function setStaffChecks(db: Db, actor: StaffActor, input: ChecksInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ safePlay: coachProfiles.safePlayCheckedOn, background: coachProfiles.backgroundCheckedOn, name: users.fullName })
      .from(coachProfiles)
      .innerJoin(users, eq(users.id, coachProfiles.userId))
      .where(and(eq(coachProfiles.userId, input.userId), isNull(users.deletedAt)))
      .for("update", { of: coachProfiles });
    if (!before) return false;
    await tx
      .update(coachProfiles)
      .set({ safePlayCheckedOn: input.safePlayCheckedOn, backgroundCheckedOn: input.backgroundCheckedOn, updatedAt: new Date() })
      .where(eq(coachProfiles.userId, input.userId));
    const subject = { id: input.userId, name: before.name };
    if (before.safePlay !== input.safePlayCheckedOn)
      await writeStaffLog(tx, {
        actor,
        subject,
        action: input.safePlayCheckedOn ? "safe play check recorded" : "safe play check cleared",
        detail: input.safePlayCheckedOn ?? "",
      });
    if (before.background !== input.backgroundCheckedOn)
      await writeStaffLog(tx, {
        actor,
        subject,
        action: input.backgroundCheckedOn ? "background check recorded" : "background check cleared",
        detail: input.backgroundCheckedOn ?? "",
      });
    return true;
  });
}

export type StaffMember = {
  id: string;
  name: string;
  email: string;
  coach: boolean;
  lead: boolean;
  admin: boolean;
  /** Has a profile: a coach, or a former coach (who can be made one again). */
  hasProfile: boolean;
  shown: boolean;
  safePlayCheckedOn: string | null;
  backgroundCheckedOn: string | null;
  /** The clearance rule's answer now (a coach's; never cleared for anyone else): /staff's list of who is not cleared. */
  clearance: Clearance;
};

/** Everyone /staff lists: coaches, administrators and former coaches, by name, with each one's clearance now. */
export async function getStaff(db: Db, settings: ClearanceSettings): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.fullName,
      email: users.email,
      role: users.role,
      lead: users.safeguardingLead,
      admin: users.admin,
      profileOf: coachProfiles.userId,
      shown: coachProfiles.shown,
      safePlayCheckedOn: coachProfiles.safePlayCheckedOn,
      backgroundCheckedOn: coachProfiles.backgroundCheckedOn,
    })
    .from(users)
    .leftJoin(coachProfiles, eq(coachProfiles.userId, users.id))
    .where(and(isNull(users.deletedAt), or(eq(users.role, "coach"), eq(users.admin, true), sql`${coachProfiles.userId} is not null`)))
    .orderBy(asc(users.fullName), asc(users.email));
  return rows.map((r) => ({
    id: r.id,
    name: r.name ?? "",
    email: r.email,
    coach: r.role === "coach",
    lead: r.role === "coach" && r.lead,
    admin: r.admin,
    hasProfile: r.profileOf !== null,
    shown: r.shown ?? false,
    safePlayCheckedOn: r.safePlayCheckedOn,
    backgroundCheckedOn: r.backgroundCheckedOn,
    clearance: clearanceOf(r, settings.clock(), settings.timeZone),
  }));
}

/** A coach as /about shows them, in the reader's language. */
export type StaffCard = {
  id: string;
  name: string;
  photo: SiteImage | null;
  /** The bio for the reader: the Spanish one, or the English marked as a fallback; null when there is none. */
  bio: TypedText | null;
  programs: Array<{ slug: ProgramSlug; name: string; to: string }>;
  /** "March 3, 2026" in the reader's language, or null when not on record. */
  safePlay: string | null;
  background: string | null;
};

const dayText = (day: string | null, locale: Locale) => (day ? formatCalendarDate(`${day}T00:00:00Z`, locale) : null);

/**
 * The coaches families see on /about: shown profiles of accounts that are coaches now and cleared (issue 37: training
 * and background check current, clearanceOf), by name. A profile whose date expires leaves the page that day (the
 * visitors' stored pages are rendered again every hour).
 */
export async function getShownCoaches(db: Db, locale: Locale, settings: ClearanceSettings): Promise<StaffCard[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.fullName,
      bio: coachProfiles.bio,
      bioEs: coachProfiles.bioEs,
      programs: coachProfiles.programs,
      safePlayCheckedOn: coachProfiles.safePlayCheckedOn,
      backgroundCheckedOn: coachProfiles.backgroundCheckedOn,
      ...photoColumns,
    })
    .from(coachProfiles)
    .innerJoin(users, eq(users.id, coachProfiles.userId))
    .leftJoin(coachPhotos, eq(coachPhotos.id, coachProfiles.photoId))
    .where(and(eq(coachProfiles.shown, true), eq(users.role, "coach"), isNull(users.deletedAt)))
    .orderBy(asc(users.fullName), asc(users.id));
  const now = settings.clock();
  const cleared = rows.filter(
    (r) => clearanceOf({ safePlayCheckedOn: r.safePlayCheckedOn, backgroundCheckedOn: r.backgroundCheckedOn }, now, settings.timeZone).cleared,
  );
  return cleared.map((r) => {
    const name = r.name ?? "";
    return {
      id: r.id,
      name,
      photo: photoOf(r, name),
      bio: inReaderLanguage({ en: r.bio, es: r.bioEs }, locale),
      programs: knownPrograms(r.programs).map((slug) => {
        const link = PROGRAM_LINKS.find((p) => p.slug === slug)!;
        return { slug, name: link.name({}, { locale }), to: link.to };
      }),
      safePlay: dayText(r.safePlayCheckedOn, locale),
      background: dayText(r.backgroundCheckedOn, locale),
    };
  });
}
