// /scholarships' recipients (issue 42): the scholarships a guardian, or the adult athlete, agreed to list, as
// "Sofía G., University of Maryland, 2027": first name and last initial, college, class year; nothing else leaves.
// Whether the athlete may be named there at all is the disclosure rule's (issue 40, decision 0061: consent's
// disclosureAllowed, "scholarships"), asked at every read, so a withdrawal takes the name off at once; a yes given by
// someone no longer the athlete's guardian (nor the athlete) lists nothing.
import { sql } from "drizzle-orm";
import { disclosureAllowed } from "~/consent/index.server";
import type { SqlExecutor } from "~/mail/index.server";

export type Recipient = { name: string; college: string; year: number };

/** "Sofía García" -> "Sofía G."; one word stays as it is. */
export function listedName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  if (words.length === 1) return words[0]!;
  return `${words[0]} ${Array.from(words[words.length - 1]!)[0]!.toLocaleUpperCase()}.`;
}

export async function getScholarshipRecipients(db: SqlExecutor): Promise<Recipient[]> {
  const { rows } = await db.execute(sql`
    select u.full_name, ml.college, ml.class_year from athlete_milestones ml
      join users u on u.id = ml.athlete_id and u.deleted_at is null
    where ml.listing_agreed_at is not null and ml.kind = 'scholarship'
      and ${disclosureAllowed("scholarships", sql`ml.athlete_id`)}
    order by ml.class_year desc, u.full_name, ml.college
    limit 200`);
  return rows
    .map((r) => ({ name: listedName(String(r.full_name ?? "")), college: String(r.college ?? ""), year: Number(r.class_year) }))
    .filter((r) => r.name !== "");
}
