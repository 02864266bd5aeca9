// /account/forms: for each athlete the family signs for, the forms still to sign (one tap each) and every signature with
// its receipt. Plain links and forms: they work before the page's script loads.
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { FormError } from "~/components/ui/form-error";
import { localHref } from "~/i18n/locale";
import { formatDateTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import type { AthleteForms } from "./family.server";

const STATE_WORDS = { active: m.consent_state_active, superseded: m.consent_state_superseded, withdrawn: m.consent_state_withdrawn };

export function signHref(athleteId: string, formId: string, seasonId: string | null) {
  const q = new URLSearchParams({ athlete: athleteId, form: formId, season: seasonId ?? "none" });
  return localHref(`/account/forms/sign?${q.toString()}`);
}

export function AthleteFormsCard({ athlete, error, busy }: { athlete: AthleteForms; error?: string | undefined; busy: boolean }) {
  const zone = useOrgTimeZone();
  return (
    <CardSection title={athlete.name}>
      <div className="flex flex-col gap-5">
        <section aria-label={m.consent_to_sign_heading({ athlete: athlete.name })}>
          <h3 className="font-semibold text-slate-900">{m.consent_to_sign_heading({ athlete: athlete.name })}</h3>
          {athlete.needed.length === 0 ? (
            <p className="text-slate-700">{m.consent_nothing_to_sign()}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2">
              {athlete.needed.map((f) => (
                <li
                  key={`${f.formId}:${f.seasonId ?? "none"}`}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-3"
                >
                  <span className="text-slate-900">
                    {f.title} <span className="text-sm text-slate-700">({f.season})</span>
                  </span>
                  <Link
                    to={signHref(athlete.athleteId, f.formId, f.seasonId)}
                    className="rounded-md bg-court-700 px-4 py-2 text-sm font-semibold text-white hover:bg-court-800"
                    aria-label={m.consent_sign_link_label({ form: f.title, athlete: athlete.name })}
                  >
                    {m.consent_sign_link()}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label={m.consent_signed_heading()}>
          <h3 className="font-semibold text-slate-900">{m.consent_signed_heading()}</h3>
          {athlete.signed.length === 0 ? <p className="text-slate-700">{m.consent_none_signed()}</p> : null}
          <FormError message={error} />
          <ul className="mt-2 flex flex-col gap-2">
            {athlete.signed.map((s) => (
              <li key={s.id} className="rounded-md border border-slate-200 p-3">
                <p className="font-medium text-slate-900">
                  {s.title} ({m.consent_version_short({ version: String(s.version) })}, {s.season})
                </p>
                <p className="text-sm text-slate-700">
                  {m.consent_signed_line({ name: s.typedName, when: formatDateTime(s.signedAt, zone) })} · {STATE_WORDS[s.state]()}
                </p>
                <div className="mt-2 flex flex-wrap gap-3">
                  <a href={localHref(`/account/forms/receipts/${s.id}`)} className="text-sm font-medium text-court-800 underline" download>
                    {m.consent_receipt_link({ form: s.title })}
                  </a>
                  {s.state === "active" ? (
                    <Form method="post">
                      <input type="hidden" name="signatureId" value={s.id} />
                      <Button type="submit" name="intent" value="withdraw" variant="ghost" disabled={busy} className="!px-2 !py-1 text-sm">
                        {m.consent_withdraw({ form: s.title })}
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </CardSection>
  );
}
