// /staff's donation settings form (decision 0060): the EIN checked beside its field, then kept. The route has already
// required an administrator.
import { m } from "~/paraglide/messages";
import type { Db } from "../../db/client";
import { EinSchema } from "./schemas";
import { DONATION_SETTINGS_INTENT, type DonationSettingsAnswer } from "./settings-card";
import { setEin } from "./settings.server";

export async function answerDonationSettings(db: Db, form: FormData): Promise<{ body: DonationSettingsAnswer; status: number }> {
  const intent = DONATION_SETTINGS_INTENT;
  const values = { ein: String(form.get("ein") ?? "") };
  const parsed = EinSchema.safeParse(values);
  if (!parsed.success) return { body: { intent, values, fieldErrors: { ein: m.donations_error_ein() } }, status: 400 };
  await setEin(db, parsed.data.ein);
  return {
    body: { intent, done: parsed.data.ein ? m.donations_settings_saved({ ein: parsed.data.ein }) : m.donations_settings_cleared() },
    status: 200,
  };
}
