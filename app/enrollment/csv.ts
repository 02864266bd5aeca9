// CSV that a spreadsheet opens as the page shows it (issue 29): UTF-8 with a byte-order mark (Excel otherwise reads
// "Año" as "AÃ±o"), every field quoted (commas and line breaks inside a field stay inside it), CRLF line ends
// (RFC 4180), and no formulas: a cell starting with = + - @ (or a tab or carriage return, which some spreadsheets
// skip before reading a formula) gets a leading apostrophe, so a name like "=HYPERLINK(...)" is shown, never run.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: Array<Array<string | number>>): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
