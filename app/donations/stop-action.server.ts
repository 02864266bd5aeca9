// The stop page's words and its action (decision 0067), for the receipt's link page and /account/donations alike:
// the gift as the donor reads it, and a post that asks once (askUnlessConfirmed) before stopMonthlyGift.
import type { AppLoadContext } from "react-router";
import { getLocale } from "~/i18n/language";
import { askUnlessConfirmed } from "~/lib/confirm-action";
import { formatDateIn } from "~/lib/datetime";
import { m } from "~/paraglide/messages";
import { paymentProviderFor } from "~/payments/index.server";
import { formatDollars } from "~/programs/session-facts";
import type { MonthlyGiftView, StopResult } from "./stop-page";
import { stopMonthlyGift, type MonthlyGift } from "./stop.server";

export function giftView(gift: MonthlyGift, org: string, timeZone: string): MonthlyGiftView {
  const locale = getLocale();
  const amount = formatDollars(gift.totalCents, locale);
  return {
    id: gift.id,
    summary: m.donations_stop_summary({ amount, org, date: formatDateIn(gift.startedAt, timeZone, locale) }),
    stopped: gift.stoppedAt ? m.donations_stop_stopped({ date: formatDateIn(gift.stoppedAt, timeZone, locale) }) : null,
    question: m.donations_stop_question({ amount }),
  };
}

const refusal = {
  "not-found": m.donations_stop_not_found,
  "not-started": m.donations_stop_not_started,
  "no-provider": m.donations_stop_failed,
  "provider-failed": m.donations_stop_failed,
} as const;

/** Asks once, then stops the gift; null when it was stopped (the route then redirects with its toast). */
export async function answerStop(context: AppLoadContext, form: FormData, donationId: string): Promise<{ status: number; body: StopResult } | null> {
  const ask = askUnlessConfirmed(form);
  if (ask) return { status: 200, body: { ok: true, intent: donationId, confirm: ask.confirm } };
  const r = await stopMonthlyGift(context.db, paymentProviderFor(context.config), donationId);
  if (r.ok) return null;
  return {
    status: r.reason === "not-found" ? 404 : r.reason === "not-started" ? 409 : 502,
    body: { ok: false, intent: donationId, fieldErrors: {}, formError: refusal[r.reason]() },
  };
}
