// /staff/lesson-prices' screen (issue 41, decision 0058): the organisation's price for each kind and length of private
// lesson, each coach's own (blank: the organisation's), and the cancellation rule, each form saved on its own. Plain
// forms, working before the page's script; a refused amount is said beside its field and changes nothing.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Field, FormError } from "~/components/ui/field";
import { getLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import { PRICE_KEYS, priceLabel, type PriceKey } from "./lesson-fees";

type Prices = Record<PriceKey, number | null>;

export type LessonPricesView = {
  organisation: Prices;
  coaches: Array<{ id: string; name: string; prices: Prices }>;
  cutoffHours: number;
};

/** What the action answered: which form (the organisation's: coachId "", a coach's, or the cutoff) and what was wrong. */
export type LessonPricesAnswer = {
  form: string;
  fieldErrors?: Partial<Record<string, string>> | null;
  error?: string;
  /** What was typed, shown again in the form that was refused. */
  typed?: Partial<Record<string, string>>;
};

/** Cents as a form shows them: "45" or "45.50"; blank for none. */
const typedDollars = (cents: number | null) => (cents === null ? "" : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

function PriceForm({
  coachId,
  prices,
  hints,
  submitLabel,
  answer,
  busy,
}: {
  coachId: string;
  prices: Prices;
  hints: Partial<Record<PriceKey, string>>;
  submitLabel: string;
  answer: LessonPricesAnswer | undefined;
  busy: boolean;
}) {
  const mine = answer?.form === `prices:${coachId}` ? answer : undefined;
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="prices" />
      <input type="hidden" name="coachId" value={coachId} />
      <div className="grid gap-4 sm:grid-cols-3">
        {PRICE_KEYS.map((key) => (
          <Field
            key={key}
            label={hints[key] ? `${priceLabel[key]()}; ${hints[key]}` : priceLabel[key]()}
            name={key}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={mine?.typed?.[key] ?? typedDollars(prices[key])}
            error={mine?.fieldErrors?.[key]}
          />
        ))}
      </div>
      <FormError message={mine?.error} />
      <div>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

export function LessonPricesPage({ view, answer, busy }: { view: LessonPricesView; answer: LessonPricesAnswer | undefined; busy: boolean }) {
  const locale = getLocale();
  const orgHint = (key: PriceKey) => {
    const cents = view.organisation[key];
    return cents === null ? m.lessonfees_org_price_none() : m.lessonfees_org_price_hint({ amount: formatDollars(cents, locale) });
  };
  const coachHints: Partial<Record<PriceKey, string>> = Object.fromEntries(PRICE_KEYS.map((k) => [k, String(orgHint(k))]));
  const cutoff = answer?.form === "cutoff" ? answer : undefined;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <CardSection title={m.lessonfees_org_heading()}>
        <p className="mb-4 text-slate-800">{m.lessonfees_org_help()}</p>
        <PriceForm coachId="" prices={view.organisation} hints={{}} submitLabel={m.lessonfees_save()} answer={answer} busy={busy} />
      </CardSection>
      <CardSection title={m.lessonfees_coaches_heading()}>
        <p className="mb-4 text-slate-800">{m.lessonfees_coaches_help()}</p>
        <ul className="flex flex-col gap-6">
          {view.coaches.map((c) => (
            <li key={c.id} className="border-t border-slate-200 pt-4">
              <h3 className="mb-3 font-semibold text-slate-900">{c.name}</h3>
              <PriceForm
                coachId={c.id}
                prices={c.prices}
                hints={coachHints}
                submitLabel={m.lessonfees_save_for({ name: c.name })}
                answer={answer}
                busy={busy}
              />
            </li>
          ))}
        </ul>
      </CardSection>
      <CardSection title={m.lessonfees_cutoff_heading()}>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="cutoff" />
          <Field
            label={m.lessonfees_cutoff_field()}
            name="cutoffHours"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={cutoff?.typed?.cutoffHours ?? String(view.cutoffHours)}
            error={cutoff?.fieldErrors?.cutoffHours}
          />
          <p className="text-sm text-slate-700">{m.lessonfees_cutoff_help()}</p>
          <div>
            <Button type="submit" disabled={busy}>
              {m.lessonfees_cutoff_save()}
            </Button>
          </div>
        </Form>
      </CardSection>
    </div>
  );
}
