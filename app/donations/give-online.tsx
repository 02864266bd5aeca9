// /donate's "Give online" card (decision 0060), shown only when a card provider is configured: one-off or monthly, a
// preset amount or another, and "cover the fee". A plain form on a page visitors get without React (no event props):
// the server answers each problem beside its field, or sends the donor to the provider's hosted Checkout.
import { CreditCard } from "lucide-react";
import { Form } from "react-router";
import { Card } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { Checkbox, Field, FieldError, FormError, Radio } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { refusalOf, type ActionResult } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";

export type GiveOnlineView = {
  presets: Array<{ value: string; label: string }>;
  /** "2.9% + $0.30: a $25 gift becomes $26.06". */
  feeExample: string;
  /** Back from Checkout: "thanks" after paying, "cancelled" after leaving it. */
  back: "thanks" | "cancelled" | null;
};

/** /donate's answer when it does not send the donor to Checkout: each field's problem, or the provider's, and what was typed. */
export type GiveResult = ActionResult;

export function GiveOnline({ view, result }: { view: GiveOnlineView; result: GiveResult | undefined }) {
  const refusal = refusalOf(result);
  const errors = refusal?.fieldErrors ?? {};
  const values = refusal?.values ?? {};
  const chosen = values.amount ?? view.presets[0]?.value;
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-xl font-semibold text-navy-900">
        <CreditCard aria-hidden className="size-5 text-court-700" /> {m.donations_online_heading()}
      </h2>
      {view.back === "thanks" ? (
        <p role="status" className="mt-3 rounded-md border border-court-300 bg-court-50 px-3 py-2 font-medium">
          {m.donations_thanks()}
        </p>
      ) : null}
      {view.back === "cancelled" ? (
        <p role="status" className="mt-3 rounded-md border border-slate-300 bg-slate-50 px-3 py-2">
          {m.donations_cancelled()}
        </p>
      ) : null}
      <p className="mt-2 text-slate-700">{m.donations_online_intro()}</p>
      <Form method="post" className="mt-4 flex flex-col gap-4">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">{m.donations_frequency()}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            <label className="flex min-h-11 items-center gap-2">
              <Radio name="frequency" value="once" defaultChecked={values.frequency !== "monthly"} />
              {m.donations_once()}
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <Radio name="frequency" value="monthly" defaultChecked={values.frequency === "monthly"} />
              {m.donations_monthly()}
            </label>
          </div>
          <FieldError id="frequency-error" error={errors.frequency} />
        </fieldset>
        <fieldset aria-describedby={errors.amount ? "amount-error" : undefined}>
          <legend className="text-sm font-semibold text-slate-800">{m.donations_amount()}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {view.presets.map((p) => (
              <label key={p.value} className="flex min-h-11 items-center gap-2">
                <Radio name="amount" value={p.value} defaultChecked={chosen === p.value} />
                {p.label}
              </label>
            ))}
            <label className="flex min-h-11 items-center gap-2">
              <Radio name="amount" value="other" defaultChecked={chosen === "other"} />
              {m.donations_other()}
            </label>
          </div>
          <FieldError id="amount-error" error={errors.amount} />
        </fieldset>
        <Field
          label={m.donations_other_amount()}
          name="otherAmount"
          id="give-other"
          inputMode="decimal"
          defaultValue={values.otherAmount ?? ""}
          error={errors.otherAmount}
        />
        <div className="flex flex-col gap-1">
          <label className="flex items-start gap-2">
            <Checkbox name="coverFee" className="mt-0.5" defaultChecked={values.coverFee === "on"} aria-describedby="cover-fee-note" />
            <span>{m.donations_cover_fee()}</span>
          </label>
          <p id="cover-fee-note" className="text-sm text-slate-700">
            {view.feeExample}
          </p>
        </div>
        <FormError message={refusal?.formError} />
        <div>
          <button type="submit" className={buttonClass("primary")}>
            {m.donations_give()}
          </button>
        </div>
        <p className="text-sm text-slate-700">{m.donations_hosted_note()}</p>
      </Form>
      <p className="mt-4 text-sm text-slate-700">
        {m.donations_stop_where()}{" "}
        <a className="text-court-800 underline" href={localHref("/account/donations")}>
          {m.donations_account_heading()}
        </a>
      </p>
    </Card>
  );
}
