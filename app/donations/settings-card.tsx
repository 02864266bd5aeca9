// /staff's card for gifts' receipts (decision 0060): the organisation's EIN, printed on every receipt for a gift
// made online. An administrator sets or clears it; a plain form, with or without JavaScript.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { Field } from "~/components/ui/field";
import { m } from "~/paraglide/messages";

export const DONATION_SETTINGS_INTENT = "donation-settings";

export type DonationSettingsAnswer = {
  intent: string;
  fieldErrors?: Record<string, string | undefined>;
  values?: Record<string, string>;
  done?: string;
};

export function DonationSettingsCard({ ein, result, busy }: { ein: string | null; result: DonationSettingsAnswer | undefined; busy: boolean }) {
  const mine = result?.intent === DONATION_SETTINGS_INTENT ? result : undefined;
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
    </CardSection>
  );
}
