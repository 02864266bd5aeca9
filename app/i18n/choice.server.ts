// A person's choice of language (issue 27): the device remembers it in the nlte-lang cookie, and a signed-in
// person's account keeps it, so every device they sign in on and every mail they get follows it.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { LOCALE_COOKIE, type Locale } from "./language";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The cookie that tells this device's next visits which language was chosen. Readable by the page: it is no secret. */
export function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The language the account chose, or null when it never chose one. */
export async function getAccountLocale(db: Db, userId: string): Promise<Locale | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? null;
}

export async function setAccountLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}
