import { Form } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/scholarships";
import { PageHeader } from "~/components/page-header";
import { Card, Section } from "~/components/public/section";
import { Button } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { SCHOLARSHIPS, SCHOLARSHIPS_TEXT } from "~/content/scholarships";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(PAGES.scholarships, { matches, location });

export default function Scholarships() {
  return (
    <>
      <PageHeader heading={PAGES.scholarships.heading} intro={PAGES.scholarships.description} />
      <Section title={SCHOLARSHIPS_TEXT.listTitle} id="list">
        <div className="grid gap-6 md:grid-cols-2">
          {SCHOLARSHIPS.map((s) => (
            <Card key={s.id}>
              <h3 className="text-xl font-semibold text-navy-900">{s.name}</h3>
              <p className="mt-2 text-slate-700">{s.text}</p>
            </Card>
          ))}
        </div>
      </Section>
      <Section title={SCHOLARSHIPS_TEXT.recipientsTitle} id="recipients">
        <p className="text-lg text-slate-700">{SCHOLARSHIPS_TEXT.recipients}</p>
      </Section>
      <Section title={SCHOLARSHIPS_TEXT.policyTitle} id="policy">
        <p className="max-w-3xl text-slate-700">{SCHOLARSHIPS_TEXT.policy}</p>
      </Section>
      <Section title={SCHOLARSHIPS_TEXT.donateTitle} id="donate">
        {/* Donations are made offline: the choice is carried to the Donate page, which suggests it for the memo. */}
        <Form method="get" action={localHref("/donate")} className="max-w-xl space-y-6">
          <fieldset>
            <legend className="font-semibold text-navy-900">{SCHOLARSHIPS_TEXT.step1}</legend>
            <div className="mt-3 space-y-2">
              {SCHOLARSHIPS.map((s, i) => (
                <label
                  key={s.id}
                  className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-3 has-checked:border-court-700 has-checked:bg-court-50"
                >
                  <input type="radio" name="scholarship" value={s.id} defaultChecked={i === 0} className="size-4 accent-court-700" />
                  <span>{s.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <p className="font-semibold text-navy-900">{SCHOLARSHIPS_TEXT.step2}</p>
            <Button type="submit" className="mt-3">
              {SCHOLARSHIPS_TEXT.button}
            </Button>
          </div>
        </Form>
      </Section>
    </>
  );
}
