// Email confirmation links are Better Auth's signed tokens (JWT): they are stored nowhere, and anyone holding the auth
// secret could sign one, for any account and any new address. A backup holds that secret (decision 0015), so the
// site accepts only a link it mailed itself: each one's SHA-256 is recorded when it is mailed, in the verifications
// table, which backups never carry (decision 0025). A link minted from a backup's secret, or mailed before the backup
// that was restored, is refused; people ask for a new one.
import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verifications } from "../../db/schema";

const identifierOf = (token: string) => `email-link:${crypto.createHash("sha256").update(token).digest("base64url")}`;

/** Records a confirmation link as mailed by the site, until `expiresAt`. */
export async function recordEmailLink(db: Pick<Db, "insert">, token: string, expiresAt: Date) {
  const now = new Date();
  await db
    .insert(verifications)
    .values({ id: crypto.randomUUID(), identifier: identifierOf(token), value: "mailed", expiresAt, createdAt: now, updatedAt: now });
}

/** Whether this confirmation link was mailed by the site and has not expired. */
export async function wasEmailLinkMailed(db: Pick<Db, "select">, token: string) {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifierOf(token)), gt(verifications.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}
