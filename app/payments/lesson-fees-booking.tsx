// What /lessons shows of money (issue 41, decision 0058): the price of what is offered before the family books (never a
// price while their request for help is with staff; nothing to pay under a full waiver), and "I would like financial
// help" with the aid request's own optional questions (the words of /account/payments' form, the same schema).
import { useId } from "react";
import { Field } from "~/components/ui/field";
import { getLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";

export type QuoteView =
  | { state: "none" | "free" | "aid-pending" | "waived" }
  | { state: "price"; low: number; high: number; afterAid: boolean; fullLow: number; fullHigh: number };

/** The price line: said once, where the family chooses (and again on the confirmation when a time is chosen). */
export function LessonPriceNote({ quote }: { quote: QuoteView }) {
  const locale = getLocale();
  const $ = (cents: number) => formatDollars(cents, locale);
  let words: string | null = null;
  if (quote.state === "free") words = m.lessonfees_quote_free();
  else if (quote.state === "aid-pending") words = m.pay_due_aid_pending();
  else if (quote.state === "waived") words = m.lessonfees_quote_waived();
  else if (quote.state === "price") {
    const one = quote.low === quote.high;
    if (!quote.afterAid)
      words = one ? m.lessonfees_quote_price({ amount: $(quote.low) }) : m.lessonfees_quote_range({ low: $(quote.low), high: $(quote.high) });
    else
      words = one
        ? m.lessonfees_quote_after_aid({ amount: $(quote.low), full: $(quote.fullLow) })
        : m.lessonfees_quote_after_aid_range({ low: $(quote.low), high: $(quote.high) });
  }
  if (!words) return null;
  return (
    <p className="font-semibold text-slate-900" data-lesson-price>
      {words}
    </p>
  );
}

const select = "rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900";

/** "I would like financial help": the tick, then the optional questions (named as the aid request's, the note `aidNote`). */
export function LessonHelpFields({ errors }: { errors: Record<string, string | undefined> }) {
  const id = useId();
  const err = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4">
      <legend className="px-1 font-semibold text-slate-900">{m.pay_aid_heading()}</legend>
      <p className="text-sm text-slate-800">{m.pay_aid_intro()}</p>
      <div className="flex flex-col gap-1">
        <label className="flex min-h-11 items-center gap-2 font-medium">
          <input type="checkbox" name="wantsHelp" className="h-5 w-5" aria-describedby={described("wantsHelp")} />
          {m.pay_aid_tick()}
        </label>
        {err("wantsHelp")}
      </div>
      <Field
        label={m.pay_aid_household_size()}
        name="householdSize"
        type="number"
        inputMode="numeric"
        min={1}
        max={20}
        error={errors.householdSize}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-lunch`} className="text-sm font-medium text-slate-800">
          {m.pay_aid_lunch()}
        </label>
        <select id={`${id}-lunch`} name="schoolLunch" className={select} defaultValue="" aria-describedby={described("schoolLunch")}>
          <option value="">{m.pay_aid_not_said()}</option>
          <option value="free">{m.pay_aid_lunch_free()}</option>
          <option value="reduced">{m.pay_aid_lunch_reduced()}</option>
          <option value="none">{m.pay_aid_lunch_none()}</option>
        </select>
        {err("schoolLunch")}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-income`} className="text-sm font-medium text-slate-800">
          {m.pay_aid_income()}
        </label>
        <select id={`${id}-income`} name="incomeBand" className={select} defaultValue="" aria-describedby={described("incomeBand")}>
          <option value="">{m.pay_aid_not_said()}</option>
          <option value="under-25k">{m.pay_aid_income_under_25k()}</option>
          <option value="25k-50k">{m.pay_aid_income_25k_50k()}</option>
          <option value="50k-75k">{m.pay_aid_income_50k_75k()}</option>
          <option value="over-75k">{m.pay_aid_income_over_75k()}</option>
        </select>
        {err("incomeBand")}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-800">
          {m.pay_aid_note()}
        </label>
        <textarea id={`${id}-note`} name="aidNote" maxLength={1000} rows={2} className={select} aria-describedby={described("aidNote")} />
        {err("aidNote")}
      </div>
    </fieldset>
  );
}
