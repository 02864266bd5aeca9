// /staff's donation settings forms: the EIN (decision 0060) and the card fee donors cover (decision 0067), each read
// by the forms module (parseForm: every field's text checked, then the schema, each problem beside its field), then
// kept; bad input changes nothing. Answered with the one answer shape (ActionResult). The route has already required
// an administrator.
import { getLocale } from "~/i18n/language";
import { done, formValues, parseForm, refused } from "~/lib/forms";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import type { Db } from "../../db/client";
import { feePercentText } from "./gross-up";
import { CardFeeSchema, EinSchema } from "./schemas";
import { DONATION_FEE_INTENT, DONATION_SETTINGS_INTENT } from "./settings-card";
import { setCardFee, setEin } from "./settings.server";

export async function answerDonationSettings(db: Db, form: FormData) {
  const intent = DONATION_SETTINGS_INTENT;
  const { data: input, fieldErrors } = parseForm(EinSchema, form);
  if (!input) return refused({ intent, fieldErrors, values: formValues(form) });
  await setEin(db, input.ein);
  return done({ intent, message: input.ein ? m.donations_settings_saved({ ein: input.ein }) : m.donations_settings_cleared() });
}

export async function answerCardFee(db: Db, form: FormData) {
  const intent = DONATION_FEE_INTENT;
  const { data: fee, fieldErrors } = parseForm(CardFeeSchema, form);
  if (!fee) return refused({ intent, fieldErrors, values: formValues(form) });
  await setCardFee(db, fee);
  const words = { percent: feePercentText(fee.basisPoints), fixed: formatDollars(fee.fixedCents, getLocale()) };
  return done({ intent, message: m.donations_settings_fee_saved(words) });
}
