// The withdrawal notice, one setting for the organisation (issue 28): kept in app_settings, whose row trigger empties
// the visitor page cache when it changes (migration 0022), so the FAQ, /programs and the registration page follow.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appSettings } from "../../db/schema";
import { setAppSetting } from "~/models/settings.server";
import { DEFAULT_WITHDRAWAL_DAYS, type Policies } from "./policies";

const WITHDRAWAL_DAYS = "policy.withdrawal_notice_days";

export async function getPolicies(db: Db): Promise<Policies> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, WITHDRAWAL_DAYS)).limit(1);
  const days = row ? Number(row.value) : NaN;
  return { withdrawalDays: Number.isInteger(days) ? days : DEFAULT_WITHDRAWAL_DAYS };
}

/** Days from 0 to 365 (the form's schema; the database refuses anything but 1-3 digits). */
export async function setWithdrawalDays(db: Db, days: number) {
  await setAppSetting(db, WITHDRAWAL_DAYS, String(days));
}
