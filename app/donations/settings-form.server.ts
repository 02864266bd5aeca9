// /staff's donation settings forms: the EIN (decision 0060) and the card fee donors cover (decision 0067), each checked
// beside its fields, then kept; bad input changes nothing. The route has already required an administrator.
import { getLocale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import type { Db } from "../../db/client";
import { feePercentText } from "./gross-up";
import { CardFeeSchema, EinSchema } from "./schemas";
import { DONATION_FEE_INTENT, DONATION_SETTINGS_INTENT, type DonationSettingsAnswer } from "./settings-card";
import { setCardFee, setEin } from "./settings.server";

export async function answerDonationSettings(db: Db, form: FormData): Promise<{ body: DonationSettingsAnswer; status: number }> {
  const intent = DONATION_SETTINGS_INTENT;
  const values = { ein: String(form.get("ein") ?? "") };
  const parsed = EinSchema.safeParse(values);
  if (!parsed.success) return { body: { ok: false, intent, values, fieldErrors: { ein: m.donations_error_ein() } }, status: 400 };
  await setEin(db, parsed.data.ein);
  return {
    body: { ok: true, intent, message: parsed.data.ein ? m.donations_settings_saved({ ein: parsed.data.ein }) : m.donations_settings_cleared() },
    status: 200,
  };
}

export async function answerCardFee(db: Db, form: FormData): Promise<{ body: DonationSettingsAnswer; status: number }> {
  const intent = DONATION_FEE_INTENT;
  const values = { feePercent: String(form.get("feePercent") ?? ""), feeFixed: String(form.get("feeFixed") ?? "") };
  const parsed = CardFeeSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { body: { ok: false, intent, values, fieldErrors }, status: 400 };
  }
  await setCardFee(db, parsed.data);
  const words = { percent: feePercentText(parsed.data.basisPoints), fixed: formatDollars(parsed.data.fixedCents, getLocale()) };
  return { body: { ok: true, intent, message: m.donations_settings_fee_saved(words) }, status: 200 };
}
