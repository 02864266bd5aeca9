// A person's private calendar feed of their bookings, at a secret address. Only the SHA-256 of the secret is kept
// (decision 0025: no working link at rest, so neither the database nor a backup opens anyone's feed); the address is
// shown once, when it is made, and making a new one ends the old.
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { maybeRow } from "../../db/rows";
import { bookingFeeds } from "../../db/schema";
import { LOCALES, localizePath, type Locale } from "~/i18n/language";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { bookingFeed } from "./ics.server";
import { getFeedBookings } from "./lists.server";
import { calendarEntry, calendarSettings, formatBookingTime, type BookingServices } from "./mails.server";

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** The feed's address for a secret: in the query string, which the request log leaves out (its path is logged). */
export const feedPath = (token: string) => `/lessons/feed.ics?key=${token}`;

/** Makes (or makes again) the person's feed secret: the previous address stops working. Returns the new secret. */
export async function resetFeedSecret(db: DbOrTx, userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .insert(bookingFeeds)
    .values({ userId, tokenHash: hash(token) })
    .onConflictDoUpdate({ target: bookingFeeds.userId, set: { tokenHash: hash(token), createdAt: new Date() } });
  return token;
}

/** Whether the person has a feed address (its secret is not known any more: only that one exists, and since when). */
export async function getFeedState(db: SqlExecutor, userId: string): Promise<{ since: Date } | null> {
  const feed = await maybeRow(db, z.object({ created_at: z.coerce.date() }), sql`select created_at from booking_feeds where user_id = ${userId}`);
  return feed ? { since: feed.created_at } : null;
}

export async function removeFeed(db: DbOrTx, userId: string) {
  await db.delete(bookingFeeds).where(eq(bookingFeeds.userId, userId));
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const OwnerRow = z.object({ user_id: z.string(), locale: z.enum(LOCALES).nullable(), role: z.string() });

/** The feed for a secret, in its owner's language; null for a secret that is not (or no longer) one. */
export async function getFeedForSecret(services: BookingServices, token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const owner = await maybeRow(
    services.db,
    OwnerRow,
    sql`
    select f.user_id, u.locale, u.role from booking_feeds f join users u on u.id = f.user_id and u.deleted_at is null
    where f.token_hash = ${hash(token)}`,
  );
  if (!owner) return null;
  const locale: Locale = owner.locale ?? "en";
  const { site } = services.config;
  const now = services.config.safePlay.clock();
  // A coach's lessons only while they are a coach (a role change also ends the feed: setUserRole).
  const since = new Date(now.getTime() - 60 * 24 * 3600 * 1000);
  const list = await getFeedBookings(services.db, owner.user_id, since, owner.role === "coach");
  return bookingFeed(
    list.map((b) => calendarEntry(b, locale, [formatBookingTime(b.starts_at, b.ends_at, site.timeZone, locale), b.note])),
    calendarSettings(services.config, localizePath("/lessons", locale)),
    now,
  );
}
