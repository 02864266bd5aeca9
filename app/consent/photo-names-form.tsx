// The gallery's upload and naming step (issue 40, decision 0061): beside the upload form, the athletes of the reader's
// sessions without a photo release; under each uploaded photo, the athletes named on it (one whose family withdrew is
// marked hidden) and a form to name another, those without a release marked so in the list (the server refuses them beside the field).
// Plain forms: they work without the page's script.
import { Form } from "react-router";
import { SelectField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { m } from "~/paraglide/messages";

export const NAME_INTENT = "name-athlete";
export const UNNAME_INTENT = "unname-athlete";

type Athlete = { id: string; name: string; release: boolean };
type Named = { athleteId: string; name: string; shown: boolean };
export type NameAnswer = { intent: typeof NAME_INTENT; photoId: string; error: string };

export function NoReleaseNote({ athletes }: { athletes: Athlete[] }) {
  if (athletes.length === 0) return null;
  const without = athletes.filter((a) => !a.release);
  return (
    <p role="note" className="max-w-xl rounded-md border border-ball-300 bg-ball-50 px-4 py-3 text-slate-900">
      {without.length ? m.disclosures_gallery_no_release({ names: without.map((a) => a.name).join(", ") }) : m.disclosures_gallery_all_released()}
    </p>
  );
}

export function PhotoNamesForm({
  photoId,
  n,
  named,
  athletes,
  answer,
  busy = false,
}: {
  photoId: string;
  n: number;
  named: Named[];
  athletes: Athlete[];
  answer: NameAnswer | undefined;
  busy?: boolean;
}) {
  const mine = answer?.intent === NAME_INTENT && answer.photoId === photoId ? answer : undefined;
  const free = athletes.filter((a) => !named.some((x) => x.athleteId === a.id));
  return (
    <div className="flex flex-col gap-2">
      {named.length ? (
        <ul className="flex flex-col gap-1 text-sm text-slate-800" aria-label={m.disclosures_gallery_named({ n: String(n) })}>
          {named.map((x) => (
            <li key={x.athleteId} className="flex flex-wrap items-center gap-2">
              <span>{x.shown ? x.name : m.disclosures_gallery_withdrawn({ name: x.name })}</span>
              <Form method="post">
                <input type="hidden" name="intent" value={UNNAME_INTENT} />
                <input type="hidden" name="photoId" value={photoId} />
                <input type="hidden" name="athleteId" value={x.athleteId} />
                <Button type="submit" variant="secondary" disabled={busy} className="min-h-9 px-2 text-xs">
                  {m.disclosures_gallery_unname({ name: x.name })}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {free.length ? (
        <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
          <input type="hidden" name="intent" value={NAME_INTENT} />
          <input type="hidden" name="photoId" value={photoId} />
          <SelectField
            label={m.disclosures_gallery_name_label({ n: String(n) })}
            name="athleteId"
            placeholder={m.disclosures_gallery_choose()}
            error={mine?.error}
            options={free.map((a) => ({
              value: a.id,
              label: a.release ? a.name : m.disclosures_gallery_option_no_release({ name: a.name }),
            }))}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            {m.disclosures_gallery_name_submit()}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
