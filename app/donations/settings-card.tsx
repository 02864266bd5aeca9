// /staff's card for gifts made online: the organisation's EIN, printed on every receipt (decision 0060), and the card
// processor's fee that "cover the fee" adds (decision 0067). An administrator sets them; plain forms, with or without
// JavaScript, each problem beside its field.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { Field } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { feePercentText, type CardFee } from "./gross-up";

export const DONATION_SETTINGS_INTENT = "donation-settings";
export const DONATION_FEE_INTENT = "donation-fee";

export type DonationSettingsAnswer = {
  intent: string;
  fieldErrors?: Record<string, string | undefined>;
  values?: Record<string, string>;
  done?: string;
};

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
          defaultValue={mine?.values?.ein ?? ein ?? ""}
          error={mine?.fieldErrors?.ein}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            {m.donations_settings_save()}
          </Button>
        </div>
        {mine?.done ? <Confirmation key={mine.done}>{mine.done}</Confirmation> : null}
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
          defaultValue={fee?.values?.feePercent ?? feePercentText(cardFee.basisPoints)}
          error={fee?.fieldErrors?.feePercent}
        />
        <Field
          label={m.donations_settings_fee_fixed()}
          name="feeFixed"
          id="donation-fee-fixed"
          inputMode="decimal"
          maxLength={5}
          defaultValue={fee?.values?.feeFixed ?? (cardFee.fixedCents / 100).toFixed(2)}
          error={fee?.fieldErrors?.feeFixed}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            {m.donations_settings_fee_save()}
          </Button>
        </div>
        {fee?.done ? <Confirmation key={fee.done}>{fee.done}</Confirmation> : null}
      </Form>
    </CardSection>
  );
}
