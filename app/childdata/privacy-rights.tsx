// /privacy's part on a child's data (issue 40, decision 0061): how a guardian downloads it or asks to delete it, and that
// each disclosure beyond staff is its own choice, listed. Written from the language catalog, so both languages say the
// same; plain HTML: the page reaches visitors without React.
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

const KINDS = [m.disclosures_kind_photo, m.disclosures_kind_scholarships, m.disclosures_kind_funders, m.disclosures_kind_colleges];

export function PrivacyRightsSection() {
  const [before, after] = m.disclosures_privacy_download({ page: "\u0000" }).split("\u0000");
  return (
    <section aria-labelledby="privacy-child-data">
      <h2 id="privacy-child-data" className="text-xl font-semibold text-navy-900">
        {m.disclosures_privacy_heading()}
      </h2>
      <p className="mt-2 text-slate-700">
        {before}
        <a href={localHref("/account/family")} className="font-medium text-court-800 underline">
          {m.disclosures_privacy_page()}
        </a>
        {after}
      </p>
      <p className="mt-2 text-slate-700">{m.disclosures_privacy_delete()}</p>
      <p className="mt-2 text-slate-700">{m.disclosures_privacy_sharing()}</p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
        {KINDS.map((k) => (
          <li key={k()}>{k()}</li>
        ))}
      </ul>
    </section>
  );
}
