import { and, desc, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { testimonials } from "../../db/schema";
import { getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/safe-play/index.server";
import { getUser, isCoach } from "~/auth/index.server";
import { firstNameAndInitial, TESTIMONIALS_SHOWN, selectTestimonials, type Testimonial } from "~/testimonials/rules";
import { SAMPLE_TESTIMONIALS } from "~/testimonials/samples.server";
import { getLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { logSafeguarding } from "../family/index.server";
import type { TestimonialInput } from "~/testimonials/schemas";

const columns = {
  id: testimonials.id,
  name: testimonials.name,
  content: testimonials.content,
  rating: testimonials.rating,
  createdAt: testimonials.createdAt,
};

type Row = { id: string; name: string; content: string; rating: number | null; createdAt: Date };

const toTestimonial = (r: Row): Testimonial => ({
  id: r.id,
  name: r.name,
  content: r.content,
  rating: r.rating ?? 5,
  createdAt: r.createdAt.toISOString(),
});

/** The newest approved testimonials, newest first (the home page needs only the three newest). */
export async function getNewestTestimonials(db: Db, limit = TESTIMONIALS_SHOWN): Promise<Testimonial[]> {
  const rows = await db.select(columns).from(testimonials).where(eq(testimonials.approved, true)).orderBy(desc(testimonials.createdAt)).limit(limit);
  return rows.map(toTestimonial);
}

/**
 * Adds a testimonial. A student-athlete under 18's waits, unpublished, for one of their guardians to approve it, and
 * stands under their first name and last initial (Safe Play: a minor's full name and school went onto the public
 * home page at once).
 */
export async function createTestimonial(
  db: Db,
  input: TestimonialInput & { createdBy: string },
  settings: SafePlaySettings,
): Promise<{ testimonial: Testimonial; awaitingGuardian: boolean }> {
  const [author] = await getSafetyPeople(db, [input.createdBy]);
  const minor = Boolean(author && isMinorPerson(author, settings));
  const [row] = await db
    .insert(testimonials)
    .values({
      name: minor ? firstNameAndInitial(input.name) : input.name,
      content: input.content,
      rating: input.rating,
      approved: !minor,
      createdBy: input.createdBy,
    })
    .returning(columns);
  return { testimonial: toTestimonial(row!), awaitingGuardian: minor };
}

/** The condition "written by an athlete of this guardian's household". */
const byGuardiansAthlete = (guardianId: string) =>
  sql`${testimonials.createdBy} in (select athlete_id from guardian_links where guardian_id = ${guardianId})`;

/** Testimonials of a guardian's athletes waiting for approval, for /account. */
export async function getTestimonialsAwaitingGuardian(db: Db, guardianId: string) {
  const rows = await db
    .select({ ...columns, author: testimonials.createdBy })
    .from(testimonials)
    .where(and(eq(testimonials.approved, false), byGuardiansAthlete(guardianId)))
    .orderBy(testimonials.createdAt);
  return rows.map((r) => ({ ...toTestimonial(r), authorId: r.author }));
}

/**
 * A guardian approves (publishes) or declines (deletes) a testimonial one of their athletes wrote; logged. False
 * when it is not waiting or not their athlete's.
 */
export async function decideTestimonial(db: Db, guardianId: string, id: string, approve: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const where = and(eq(testimonials.id, id), eq(testimonials.approved, false), byGuardiansAthlete(guardianId));
    const done = approve
      ? await tx.update(testimonials).set({ approved: true }).where(where).returning({ author: testimonials.createdBy })
      : await tx.delete(testimonials).where(where).returning({ author: testimonials.createdBy });
    if (done.length)
      await logSafeguarding(tx, {
        actorId: guardianId,
        athleteId: done[0]!.author,
        action: approve ? "testimonial approved" : "testimonial declined",
        detail: "by their parent or guardian",
      });
    return done.length > 0;
  });
}

/** Deletes one testimonial by its id (a UUID); true when a row was deleted. */
export async function deleteTestimonial(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return rows.length > 0;
}

/**
 * The section's own words, in the request's language. They travel with the page's data, so the home page's code (which
 * every signed-in page loads) carries neither language; the form's words load with the form.
 */
export type TestimonialsWords = {
  heading: string;
  intro: string;
  loading: string;
  signInHint: string;
  signIn: string;
  /** "n out of 5 stars", for a rating of n = 1 to 5 (index n - 1). */
  stars: string[];
  deleteFailedTitle: string;
};

export type TestimonialsSectionData = {
  testimonials: Testimonial[];
  /** Signed-in users with a profile (every signed-in user has one) may submit. */
  canSubmit: boolean;
  canDelete: boolean;
  defaultName: string;
  words: TestimonialsWords;
};

function testimonialsWords(): TestimonialsWords {
  return {
    heading: m.help_testimonials_heading(),
    intro: m.help_testimonials_intro(),
    loading: m.help_testimonials_loading(),
    signInHint: m.help_testimonials_sign_in_hint(),
    signIn: m.help_testimonials_sign_in(),
    stars: [1, 2, 3, 4, 5].map((rating) => m.help_testimonials_stars({ rating })),
    deleteFailedTitle: m.help_testimonial_delete_failed_title(),
  };
}

/** Everything the home page's testimonials section needs. A load failure falls back silently to the samples. */
export async function loadTestimonialsSection(request: Request, context: AppLoadContext): Promise<TestimonialsSectionData> {
  const user = await getUser(request, context);
  const samples = SAMPLE_TESTIMONIALS[getLocale()];
  let shown: Testimonial[];
  try {
    shown = selectTestimonials(await getNewestTestimonials(context.db), samples);
  } catch (err) {
    console.error("testimonials could not be loaded; showing the samples:", err);
    shown = [...samples];
  }
  return { testimonials: shown, canSubmit: Boolean(user), canDelete: isCoach(user), defaultName: user?.fullName ?? "", words: testimonialsWords() };
}
