// What /lessons shows of money (issue 41, decision 0058): the price of what is offered before the family books (never a
// price while their request for help is with staff; nothing to pay under a full waiver), and "I would like financial
// help" with the aid request's own optional questions (the words of /account/payments' form, the same schema).
import { useId } from "react";
import { getLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import { AidFields } from "./season-fees-aid-fields";

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
  return <p className="font-semibold text-slate-900">{words}</p>;
}

/** "I would like financial help": the tick, then the aid request's optional questions (AidFields, /account/payments' and
 * the request for a place's own fields), the note named `aidNote` beside the booking's own note. */
export function LessonHelpFields({ errors }: { errors: Record<string, string | undefined> }) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4">
      <legend className="px-1 font-semibold text-slate-900">{m.pay_aid_heading()}</legend>
      <p className="text-sm text-slate-800">{m.pay_aid_intro()}</p>
      <AidFields fieldErrors={errors} idPrefix={id} noteName="aidNote" />
    </fieldset>
  );
}
