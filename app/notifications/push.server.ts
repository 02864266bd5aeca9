// Notifications on the phone (issue 27, Web Push). A device that turned on notifications is a row of
// push_subscriptions; a notice is encrypted for each of the person's devices and posted to their push service,
// signed with the site's VAPID keys. The server only ever posts to a known push service's host
// (PUSH_SERVICE_HOSTS): an endpoint is an address a browser gave us, and it must not make the server reach anywhere
// else. A device the push service no longer knows (404/410) is dropped.
import { and, desc, eq, sql } from "drizzle-orm";
import crypto from "node:crypto";
import webpush from "web-push";
import { z } from "zod";
import type { Db } from "../../db/client";
import { pushSubscriptions } from "../../db/schema";
import { describeDevice } from "~/lib/device";
import { getPushKeys } from "./push-keys.server";

export type PushConfig = {
  dataDir: string;
  databaseUrl?: string | undefined;
  push: { keys?: { publicKey: string; privateKey: string } | undefined; serviceHosts: string[]; subject: string };
};

/** What a device shows: a title, a line, and the page a tap opens. `tag` replaces an earlier notice of the same thing. */
export type PushNotice = { title: string; body: string; url: string; tag: string; urgent?: boolean };

/** A browser's PushSubscription as it is sent to us (its toJSON()). */
export const SubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/),
  }),
});
export type SubscriptionInput = z.infer<typeof SubscriptionSchema>;

/**
 * Whether the site may post to this endpoint: https on a listed push service ("*.push.apple.com" covers its hosts), on
 * the standard port (443) only: a port of another service on a listed host is not a push service (issue 38).
 */
export function isPushServiceEndpoint(endpoint: string, hosts: string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const listed = hosts.some((h) => (h.startsWith("*.") ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h));
  if (!listed || url.username || url.password) return false;
  // Plain http, and a port of its own, only for a push service on this machine, which only tests list.
  if (host === "localhost" || host === "127.0.0.1") return url.protocol === "https:" || url.protocol === "http:";
  return url.protocol === "https:" && url.port === "";
}

/** Equal secrets, compared in constant time. */
function sameSecret(a: string, b: string) {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Keeps a device for this person. The endpoint is the device's: when it was another account's (the browser signed in
 * as someone else since), it moves to this one only when this account proves it holds the subscription, by sending
 * its keys as stored (p256dh and the auth secret, which only the browser and this site know; an endpoint alone can
 * leak, say from a log). Otherwise "held-elsewhere", and nothing changes (issue 38).
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  sub: SubscriptionInput,
  userAgent: string | null,
): Promise<"saved" | "held-elsewhere"> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ userId: pushSubscriptions.userId, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.endpoint))
      .for("update");
    if (held && held.userId !== userId && !(sameSecret(held.p256dh, sub.keys.p256dh) && sameSecret(held.auth, sub.keys.auth)))
      return "held-elsewhere" as const;
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent, createdAt: sql`now()`, lastSentAt: null },
      });
    return "saved" as const;
  });
}

/** Removes one of the person's own devices; another person's is never touched. */
export async function removeSubscription(db: Db, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Removes the device this browser subscribed with (it turned notifications off), if it is the person's. */
export async function removeSubscriptionByEndpoint(db: Db, userId: string, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

/** The person's devices for /account's list, named in the reader's language ("Chrome on Android"). */
export async function listDevices(db: Db, userId: string) {
  const rows = await db
    .select({ id: pushSubscriptions.id, userAgent: pushSubscriptions.userAgent, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
  return rows.map((r) => ({ id: r.id, device: describeDevice(r.userAgent), createdAt: r.createdAt.toISOString() }));
}

export async function hasPushDevice(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1);
  return Boolean(row);
}

/**
 * Sends a notice to every device of the person. Answers how many devices took it: 0 means the caller should reach
 * the person another way (mail). Devices the push service no longer knows are removed; other failures leave the
 * device for the next notice.
 */
export async function pushToPerson(services: { db: Db; config: PushConfig }, userId: string, notice: PushNotice): Promise<number> {
  const { db, config } = services;
  const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (devices.length === 0) return 0;
  const keys = await getPushKeys(config, db);
  const payload = JSON.stringify({ title: notice.title, body: notice.body, url: notice.url, tag: notice.tag });
  let delivered = 0;
  for (const device of devices) {
    if (!isPushServiceEndpoint(device.endpoint, config.push.serviceHosts)) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      continue;
    }
    try {
      // web-push encrypts and signs; the request is ours (fetch), so it has a deadline and goes nowhere else.
      const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
        vapidDetails: { subject: config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        // A notice older than a day is no news; an urgent one (today's session cancelled) wakes the phone.
        TTL: 24 * 60 * 60,
        urgency: notice.urgent ? "high" : "normal",
        topic: notice.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || undefined,
      });
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: "error",
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status === 404 || res.status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      } else if (res.ok) {
        delivered++;
        await db
          .update(pushSubscriptions)
          .set({ lastSentAt: sql`now()` })
          .where(eq(pushSubscriptions.id, device.id));
      } else {
        console.warn(`push to a device refused: ${res.status}`);
      }
      await res.body?.cancel();
    } catch (err) {
      console.warn(`push to a device failed: ${(err as Error).name}`);
    }
  }
  return delivered;
}
