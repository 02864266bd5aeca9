// The family page's "Sharing outside the organisation" (issue 40, decision 0061): for each athlete the person acts
// for, each way the organisation could share the child's details beyond its staff, whether it is allowed (off until
// given), one button to allow or withdraw (a plain form: it works without the page's script), and every answer given,
// with who and when.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { answerTo, CardSection, type AthleteSectionAnswer } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { FormError } from "~/components/ui/field";
import { formatDateTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import { DISCLOSURE_INTENT, disclosureKindWords, type DisclosureKindName } from "./disclosures-words";

const KINDS: DisclosureKindName[] = ["photo", "scholarships", "funders", "colleges"];

type Athlete = {
  id: string;
  name: string;
  states: Record<DisclosureKindName, boolean>;
  history: Array<{ kind: DisclosureKindName; given: boolean; by: string; at: string }>;
};

export function DisclosuresSection({ athletes, answer, busy }: { athletes: Athlete[]; answer: AthleteSectionAnswer | undefined; busy: boolean }) {
  const zone = useOrgTimeZone();
  if (athletes.length === 0) return null;
  const own = (id: string) => answerTo(answer, DISCLOSURE_INTENT, id);
  return (
    <CardSection title={m.disclosures_heading()} id="disclosures-heading">
      <p className="text-slate-700">{m.disclosures_intro()}</p>
      {athletes.map((a) => {
        const answered = own(a.id);
        return (
          <div key={a.id} className="mt-5 flex flex-col gap-3 border-t border-slate-200 pt-4">
            <h3 className="font-semibold text-slate-900">{m.disclosures_for({ name: a.name })}</h3>
            {answered?.ok && answered.message ? <Confirmation key={answered.savedAt}>{answered.message}</Confirmation> : null}
            {answered && !answered.ok && answered.formError ? <FormError message={answered.formError} /> : null}
            <ul className="flex flex-col gap-3">
              {KINDS.map((kind) => {
                const rowId = `disclosure-${a.id}-${kind}`;
                const allowed = a.states[kind];
                return (
                  <li key={kind} className="flex flex-wrap items-center justify-between gap-2">
                    <p id={rowId} className="text-slate-800">
                      {disclosureKindWords(kind)}: <strong>{allowed ? m.disclosures_state_yes() : m.disclosures_state_no()}</strong>
                    </p>
                    <Form method="post">
                      <input type="hidden" name="intent" value={DISCLOSURE_INTENT} />
                      <input type="hidden" name="athleteId" value={a.id} />
                      <input type="hidden" name="kind" value={kind} />
                      <Button
                        type="submit"
                        name="given"
                        value={allowed ? "no" : "yes"}
                        variant="secondary"
                        disabled={busy}
                        aria-label={(allowed ? m.disclosures_withdraw_label : m.disclosures_give_label)({
                          kind: disclosureKindWords(kind),
                          name: a.name,
                        })}
                      >
                        {allowed ? m.disclosures_withdraw() : m.disclosures_give()}
                      </Button>
                    </Form>
                  </li>
                );
              })}
            </ul>
            {a.history.length > 0 ? (
              <details>
                <summary className="cursor-pointer font-medium text-court-800">{m.disclosures_history({ name: a.name })}</summary>
                <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-800">
                  {a.history.map((h, i) => (
                    <li key={i}>
                      {(h.given ? m.disclosures_history_given : m.disclosures_history_withdrawn)({
                        when: formatDateTime(h.at, zone),
                        who: h.by || m.disclosures_history_unknown(),
                        kind: disclosureKindWords(h.kind),
                      })}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        );
      })}
    </CardSection>
  );
}
