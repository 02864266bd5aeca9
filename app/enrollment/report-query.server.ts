// The funder report's choices, read from the address the page and the CSV share: this year so far when no range is
// given; a program that is not one of the six reads as "all".
import { PROGRAM_LINKS } from "~/content/site";
import { ReportQuerySchema } from "./schemas";
import { parseForm } from "~/lib/forms";

export function reportQuery(request: Request, today: string) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const raw: Record<string, string> = { from: `${today.slice(0, 4)}-01-01`, to: today, ...params };
  const parsed = parseForm(ReportQuerySchema, raw);
  const program = PROGRAM_LINKS.some((p) => p.slug === parsed.data?.program) ? parsed.data!.program : "";
  return { raw, query: parsed.data ? { ...parsed.data, program } : null, fieldErrors: parsed.fieldErrors };
}
