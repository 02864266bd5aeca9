import { Form } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/scholarships";
import { PageHeader } from "~/components/page-header";
import { Card, Section } from "~/components/public/section";
import { Button } from "~/components/ui/button";
import { SCHOLARSHIPS } from "~/content/scholarships.server";
import { pageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { getScholarshipRecipients } from "~/athletes/index.server";
import { m } from "~/paraglide/messages";
import { Radio } from "~/components/ui/controls";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

export async function loader({ context }: Route.LoaderArgs) {
  // Recipients a guardian (or the adult athlete) agreed to list, as "Sofía G., University of Maryland, 2027" (issue 42).
  const recipients = await getScholarshipRecipients(context.db);
  return { page: pageWords("scholarships"), words: SCHOLARSHIPS[getLocale()], recipients };
}

export default function Scholarships({ loaderData }: Route.ComponentProps) {
  const { page, words, recipients } = loaderData;
  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      <Section title={words.listTitle} id="list">
        <div className="grid gap-6 md:grid-cols-2">
          {words.scholarships.map((s) => (
            <Card key={s.id}>
              <h3 className="text-xl font-semibold text-navy-900">{s.name}</h3>
              <p className="mt-2 text-slate-700">{s.text}</p>
            </Card>
          ))}
        </div>
      </Section>
      <Section title={words.recipientsTitle} id="recipients">
        {recipients.length ? (
          <ul className="space-y-1 text-lg text-slate-800">
            {recipients.map((r, i) => (
              <li key={`${r.name}-${r.college}-${r.year}-${i}`}>
                {m.athletes_recipient({ name: r.name, college: r.college, year: String(r.year) })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-lg text-slate-700">{words.recipients}</p>
        )}
      </Section>
      <Section title={words.policyTitle} id="policy">
        <p className="max-w-3xl text-slate-700">{words.policy}</p>
      </Section>
      <Section title={words.donateTitle} id="donate">
        {/* Donations are made offline: the choice is carried to the Donate page, which suggests it for the memo. */}
        <Form method="get" action={localHref("/donate")} className="max-w-xl space-y-6">
          <fieldset>
            <legend className="font-semibold text-navy-900">{words.step1}</legend>
            <div className="mt-3 space-y-2">
              {words.scholarships.map((s, i) => (
                <label
                  key={s.id}
                  className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-3 has-checked:border-court-700 has-checked:bg-court-50"
                >
                  <Radio name="scholarship" value={s.id} defaultChecked={i === 0} />
                  <span>{s.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <p className="font-semibold text-navy-900">{words.step2}</p>
            <Button type="submit" className="mt-3">
              {words.button}
            </Button>
          </div>
        </Form>
      </Section>
    </>
  );
}
