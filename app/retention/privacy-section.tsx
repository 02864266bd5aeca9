// /privacy's part written from the retention table and the configured outside services (issue 40): how long each kind
// of data is kept and what happens then, and what each outside service receives about children. Plain HTML: the page
// reaches visitors without React.
import { m } from "~/paraglide/messages";
import type { RetentionNotice } from "./notice.server";

const END_WORDS = { delete: m.retention_end_delete, anonymise: m.retention_end_anonymise };

export function RetentionSection({ notice }: { notice: RetentionNotice }) {
  return (
    <>
      <section aria-labelledby="privacy-retention">
        <h2 id="privacy-retention" className="text-xl font-semibold text-navy-900">
          {m.retention_heading()}
        </h2>
        <p className="mt-2 text-slate-700">{m.retention_intro()}</p>
        <ul className="mt-3 space-y-3 text-slate-700">
          {notice.rows.map((r) => (
            <li key={r.kind}>
              <strong className="text-slate-900">{r.what}</strong>: {m.retention_period({ days: String(r.days), from: r.from })}, {END_WORDS[r.end]()}
              . <span className="block text-sm">{m.retention_purpose({ purpose: r.purpose })}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="privacy-services">
        <h2 id="privacy-services" className="text-xl font-semibold text-navy-900">
          {m.retention_services_heading()}
        </h2>
        <ul className="mt-3 space-y-3 text-slate-700">
          {notice.services.map((s) => (
            <li key={s.id}>
              <strong className="text-slate-900">{s.name}</strong>: {s.receives} {m.retention_children({ children: s.children })}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
