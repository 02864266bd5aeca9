// Every query on the announcements table (/general, /general/:postId, /general/feed.xml).
import { and, desc, eq, gte, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announcements } from "../../db/schema";
import type { AnnouncementInput } from "~/lib/site-content-schemas";
import { isUuid } from "~/lib/uuid";
import { POSTS_PER_PAGE, type GeneralView } from "./paging";

const columns = {
  id: announcements.id,
  title: announcements.title,
  body: announcements.body,
  titleEs: announcements.titleEs,
  bodyEs: announcements.bodyEs,
  pinned: announcements.pinned,
  publishedAt: announcements.publishedAt,
  updatedAt: announcements.updatedAt,
};

export type Announcement = Awaited<ReturnType<typeof getAnnouncements>>[number];

/** Pinned posts first, then the newest. */
export async function getAnnouncements(db: Db, limit = 200) {
  return db.select(columns).from(announcements).orderBy(desc(announcements.pinned), desc(announcements.publishedAt)).limit(limit);
}

/**
 * One page of /general (paging.ts): the recent list is the pinned posts and those published from `cutoff` on, the
 * archive the rest; pinned first, then the newest. `hasOlder` says whether a next page exists, `archived` whether the
 * archive has any post (the recent list links to it).
 */
export async function getAnnouncementPage(db: Db, view: GeneralView, cutoff: Date) {
  const recent = or(eq(announcements.pinned, true), gte(announcements.publishedAt, cutoff));
  const inArchive = and(eq(announcements.pinned, false), lt(announcements.publishedAt, cutoff));
  const [rows, archived] = await Promise.all([
    db
      .select(columns)
      .from(announcements)
      .where(view.archive ? inArchive : recent)
      .orderBy(desc(announcements.pinned), desc(announcements.publishedAt), desc(announcements.id))
      .limit(POSTS_PER_PAGE + 1)
      .offset((view.page - 1) * POSTS_PER_PAGE),
    db.select({ id: announcements.id }).from(announcements).where(inArchive).limit(1),
  ]);
  return { posts: rows.slice(0, POSTS_PER_PAGE), hasOlder: rows.length > POSTS_PER_PAGE, archived: archived.length > 0 };
}

export async function getAnnouncement(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select(columns).from(announcements).where(eq(announcements.id, id)).limit(1);
  return row ?? null;
}

export async function createAnnouncement(db: Db, input: AnnouncementInput, createdBy: string) {
  const [row] = await db
    .insert(announcements)
    .values({ ...input, createdBy })
    .returning({ id: announcements.id });
  return row!.id;
}

export async function updateAnnouncement(db: Db, id: string, input: AnnouncementInput): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(announcements)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning({ id: announcements.id });
  return rows.length > 0;
}

export async function deleteAnnouncement(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  return rows.length > 0;
}
