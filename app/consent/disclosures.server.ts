// Separate consent for each disclosure (issue 40, decision 0061). Taking part (collection and use) is the forms; each
// way a child's data leaves the organisation's staff is its own answer, per athlete: name and photo on the public site
// and gallery ("photo"), name on /scholarships ("scholarships"), identifiable data in reports to funders ("funders"),
// sharing with college coaches and schools ("colleges"). Every answer is a new row (never edited, migration 0054);
// the latest is in force and no answer is "no". ONE rule decides whether a kind may be disclosed for an athlete:
// `disclosureAllowed`, the SQL every list that discloses filters with, and `mayDisclose`/`getDisclosures` that ask
// the same SQL for one athlete or a few. Nothing is cached, so a withdrawal hides the athlete at the next read.
import { sql, type SQL } from "drizzle-orm";
import { DISCLOSURE_KINDS } from "../../db/schema-disclosures";
import { actingForProblem } from "~/family/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { Profile } from "~/lib/profile";
import type { SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";

export { DISCLOSURE_KINDS };
export type DisclosureKind = (typeof DISCLOSURE_KINDS)[number];
export type DisclosureStates = Record<DisclosureKind, boolean>;

export const isDisclosureKind = (v: unknown): v is DisclosureKind => (DISCLOSURE_KINDS as readonly unknown[]).includes(v);

/**
 * The rule, as SQL over the athlete id `athlete`: the latest answer for `kind` is a yes, given by the athlete themself
 * or by someone who is still the athlete's guardian (a yes from a guardian since unlinked counts for nothing). For
 * "photo", a photo and video release signed "no" and in force also says no: the signed form and this answer never
 * disagree in the athlete's favour of being shown.
 */
export function disclosureAllowed(kind: DisclosureKind, athlete: SQL): SQL {
  const photoRefused =
    kind === "photo"
      ? sql`and not exists (select 1 from consent_signatures s where s.athlete_id = ${athlete} and s.state = 'active' and s.photo_choice = 'no')`
      : sql``;
  return sql`(coalesce((
    select d.given and (d.by_id = d.athlete_id or exists (select 1 from guardian_links g where g.athlete_id = d.athlete_id and g.guardian_id = d.by_id))
    from disclosure_consents d where d.athlete_id = ${athlete} and d.kind = ${kind} order by d.seq desc limit 1), false) ${photoRefused})`;
}

const idList = (ids: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** Each athlete's answers in force (every kind; no for an athlete with none). */
export async function getDisclosures(db: SqlExecutor, athleteIds: string[]): Promise<Map<string, DisclosureStates>> {
  const out = new Map<string, DisclosureStates>();
  if (athleteIds.length === 0) return out;
  const { rows } = await db.execute(sql`
    select a.id, ${sql.join(
      DISCLOSURE_KINDS.map((k) => sql`${disclosureAllowed(k, sql`a.id`)} as ${sql.identifier(k)}`),
      sql`, `,
    )}
    from users a where a.id = any(${idList(athleteIds)})`);
  for (const r of rows) {
    out.set(String(r.id), Object.fromEntries(DISCLOSURE_KINDS.map((k) => [k, r[k] === true])) as DisclosureStates);
  }
  for (const id of athleteIds) if (!out.has(id)) out.set(id, Object.fromEntries(DISCLOSURE_KINDS.map((k) => [k, false])) as DisclosureStates);
  return out;
}

/** May `kind` be disclosed for this athlete, now? */
export async function mayDisclose(db: SqlExecutor, athleteId: string, kind: DisclosureKind): Promise<boolean> {
  return (await getDisclosures(db, [athleteId])).get(athleteId)?.[kind] ?? false;
}

export type DisclosureAnswer = { kind: DisclosureKind; given: boolean; by: string; at: string };

/** Every answer ever given for these athletes, newest first, with who gave it (their name on the account). */
export async function getDisclosureHistory(db: SqlExecutor, athleteIds: string[]): Promise<Map<string, DisclosureAnswer[]>> {
  const out = new Map<string, DisclosureAnswer[]>(athleteIds.map((id) => [id, []]));
  if (athleteIds.length === 0) return out;
  const { rows } = await db.execute(sql`
    select d.athlete_id, d.kind, d.given, coalesce(u.full_name, '') as by_name, d.at
    from disclosure_consents d left join users u on u.id = d.by_id
    where d.athlete_id = any(${idList(athleteIds)}) order by d.seq desc limit 2000`);
  for (const r of rows) {
    const kind = String(r.kind);
    if (!isDisclosureKind(kind)) continue;
    out.get(String(r.athlete_id))?.push({ kind, given: r.given === true, by: String(r.by_name), at: new Date(String(r.at)).toISOString() });
  }
  return out;
}

/**
 * Who answers for an athlete's disclosures (every kind): null when `actor` may, else why not, in words for the person
 * (a minor hears that a guardian gives it; anyone else "not yours", as if the athlete did not exist). setDisclosure
 * asks it, and so does every page that offers an answer (the athlete page's scholarship listing), so a form is shown
 * to exactly those whose answer would be recorded.
 */
export async function disclosureAnswerRefusal(
  db: SqlExecutor,
  actor: Pick<Profile, "id" | "role">,
  athleteId: string,
  settings: SafePlaySettings,
): Promise<string | null> {
  const problem = athleteId.length <= 100 ? await actingForProblem(db, actor, athleteId, settings) : "not-yours";
  if (problem === "minor") return m.disclosures_error_minor();
  return problem ? m.disclosures_error_athlete() : null;
}

export type SetDisclosureResult = { ok: true; changed: boolean } | { ok: false; status: 403 | 400; error: string };

/**
 * A guardian of the athlete's household, or the adult athlete, gives or withdraws one consent (the acting-for rule,
 * app/family/acting-for.server.ts: a minor never answers for themselves, anyone else hears "not yours", as if the
 * athlete did not exist). Recorded with who and when (the site's clock); the same answer again from the same person
 * adds nothing.
 */
export async function setDisclosure(
  db: SqlExecutor,
  actor: Pick<Profile, "id" | "role">,
  settings: SafePlaySettings,
  input: { athleteId: string; kind: DisclosureKind; given: boolean },
): Promise<SetDisclosureResult> {
  if (!isDisclosureKind(input.kind)) return { ok: false, status: 400, error: m.disclosures_error_kind() };
  const refused = await disclosureAnswerRefusal(db, actor, input.athleteId, settings);
  if (refused) return { ok: false, status: 403, error: refused };
  const role = input.athleteId === actor.id ? "self" : "guardian";
  const { rows } = await db.execute(sql`
    insert into disclosure_consents (athlete_id, kind, given, by_id, by_role, at)
    select ${input.athleteId}, ${input.kind}, ${input.given}, ${actor.id}, ${role}, ${settings.clock().toISOString()}::timestamptz
    where not exists (select 1 from (select given, by_id from disclosure_consents
      where athlete_id = ${input.athleteId} and kind = ${input.kind} order by seq desc limit 1) latest
      where latest.given = ${input.given} and latest.by_id = ${actor.id})
    returning id`);
  return { ok: true, changed: rows.length > 0 };
}
