// /staff's card for gifts made online: the organisation's EIN, printed on every receipt (decision 0060), and the card
// processor's fee that "cover the fee" adds (decision 0067). An administrator sets them; plain forms, with or without
// JavaScript, each problem beside its field.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { refusalOf, type ActionResult } from "~/lib/forms";
import { Field } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { feePercentText, type CardFee } from "./gross-up";

export const DONATION_SETTINGS_INTENT = "donation-settings";
export const DONATION_FEE_INTENT = "donation-fee";

/** The EIN's and the card fee's answers (ActionResult, decision 0077), each known by its intent. */
export type DonationSettingsAnswer = ActionResult;

export function DonationSettingsCard({
  ein,
  cardFee,
  result,
  busy,
}: {
  ein: string | null;
  cardFee: CardFee;
  result: DonationSettingsAnswer | undefined;
  busy: boolean;
}) {
  const mine = result?.intent === DONATION_SETTINGS_INTENT ? result : undefined;
  const fee = result?.intent === DONATION_FEE_INTENT ? result : undefined;
  const [einRefusal, feeRefusal] = [refusalOf(mine), refusalOf(fee)];
  return (
    <CardSection title={m.donations_settings_heading()}>
      <p className="mb-3 text-sm">{m.donations_settings_intro()}</p>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value={DONATION_SETTINGS_INTENT} />
        <Field
          label={m.donations_settings_ein()}
          name="ein"
          id="donation-ein"
          inputMode="numeric"
          placeholder="12-3456789"
          maxLength={10}
          defaultValue={einRefusal?.values?.ein ?? ein ?? ""}
          error={einRefusal?.fieldErrors.ein}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            {m.donations_settings_save()}
          </Button>
        </div>
        {mine?.ok && mine.message ? <Confirmation key={mine.message}>{mine.message}</Confirmation> : null}
      </Form>
      <Form method="post" className="mt-6 flex flex-col gap-3">
        <input type="hidden" name="intent" value={DONATION_FEE_INTENT} />
        <h3 className="font-semibold">{m.donations_settings_fee_heading()}</h3>
        <p className="text-sm">{m.donations_settings_fee_intro()}</p>
        <Field
          label={m.donations_settings_fee_percent()}
          name="feePercent"
          id="donation-fee-percent"
          inputMode="decimal"
          maxLength={5}
          defaultValue={feeRefusal?.values?.feePercent ?? feePercentText(cardFee.basisPoints)}
          error={feeRefusal?.fieldErrors.feePercent}
        />
        <Field
          label={m.donations_settings_fee_fixed()}
          name="feeFixed"
          id="donation-fee-fixed"
          inputMode="decimal"
          maxLength={5}
          defaultValue={feeRefusal?.values?.feeFixed ?? (cardFee.fixedCents / 100).toFixed(2)}
          error={feeRefusal?.fieldErrors.feeFixed}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            {m.donations_settings_fee_save()}
          </Button>
        </div>
        {fee?.ok && fee.message ? <Confirmation key={fee.message}>{fee.message}</Confirmation> : null}
      </Form>
    </CardSection>
  );
}
