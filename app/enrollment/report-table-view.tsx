// One table of the funder report (issue 39): its title as the caption, its column names, its rows; numbers right-aligned.
// On a phone a wide table scrolls inside its own box (focusable, so a keyboard can scroll it too).
import type { ReportTable } from "./report-tables.server";

export function ReportTableView({ table, empty }: { table: ReportTable; empty?: string | undefined }) {
  const captionId = `report-${table.id}`;
  return (
    <section aria-labelledby={captionId}>
      <h3 id={captionId} className="mb-2 text-lg font-semibold text-slate-900">
        {table.title}
      </h3>
      {table.rows.length === 0 && empty ? (
        <p className="text-slate-800">{empty}</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="w-full border-collapse text-left" aria-labelledby={captionId}>
            <thead>
              <tr className="border-b border-slate-400">
                {table.head.map((h, i) => (
                  <th key={h} scope="col" className={`py-2 pr-4 ${i === 0 ? "" : "text-right"}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={`${r}-${row[0]}`} className="border-b border-slate-200">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="py-2 pr-4 font-normal text-slate-900">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="py-2 pr-4 text-right font-semibold text-slate-900 tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
