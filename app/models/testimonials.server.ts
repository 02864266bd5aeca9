import { desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { testimonials } from "../../db/schema";
import { getUser, isCoach } from "~/auth/session.server";
import { FALLBACK_TESTIMONIALS, TESTIMONIALS_SHOWN, selectTestimonials, type Testimonial } from "~/lib/testimonials";
import type { TestimonialInput } from "~/lib/testimonial-schemas";

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

export async function createTestimonial(db: Db, input: TestimonialInput & { createdBy: string }): Promise<Testimonial> {
  const [row] = await db
    .insert(testimonials)
    .values({ name: input.name, content: input.content, rating: input.rating, approved: true, createdBy: input.createdBy })
    .returning(columns);
  return toTestimonial(row!);
}

/** Deletes one testimonial by its id (a UUID); true when a row was deleted. */
export async function deleteTestimonial(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return rows.length > 0;
}

export type TestimonialsSectionData = {
  testimonials: Testimonial[];
  /** Signed-in users with a profile (every signed-in user has one) may submit. */
  canSubmit: boolean;
  canDelete: boolean;
  defaultName: string;
};

/** Everything the home page's testimonials section needs. A load failure falls back silently to the samples. */
export async function loadTestimonialsSection(request: Request, context: AppLoadContext): Promise<TestimonialsSectionData> {
  const user = await getUser(request, context);
  let shown: Testimonial[];
  try {
    shown = selectTestimonials(await getNewestTestimonials(context.db));
  } catch (err) {
    console.error("testimonials could not be loaded; showing the samples:", err);
    shown = [...FALLBACK_TESTIMONIALS];
  }
  return { testimonials: shown, canSubmit: Boolean(user), canDelete: isCoach(user), defaultName: user?.fullName ?? "" };
}
