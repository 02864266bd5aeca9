// What a family sees of its forms (issue 40): for each athlete they sign for, the forms still to sign (what their open
// requests' programs require, per season, in the version in force: a new version shows here again) and every signature
// with its receipt, in force, superseded or withdrawn.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { seasonName } from "~/calendar/index.server";
import { getAthletesActedFor } from "~/family/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { Locale } from "~/i18n/language";
import type { Profile } from "~/lib/profile";
import type { SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";

const TERMS = ["spring", "summer", "fall", "winter"] as const;

const NeededRow = z.object({
  athlete_id: z.string(),
  season_id: z.string().nullable(),
  term: z.enum(TERMS).nullable(),
  year: z.coerce.number().nullable(),
  form_id: z.string(),
  title_en: z.string(),
  title_es: z.string(),
});

const SignedRow = z.object({
  id: z.string(),
  athlete_id: z.string(),
  title_en: z.string(),
  title_es: z.string(),
  version: z.coerce.number(),
  term: z.enum(TERMS).nullable(),
  year: z.coerce.number().nullable(),
  state: z.enum(["active", "superseded", "withdrawn"]),
  signed_at: z.coerce.date(),
  typed_name: z.string(),
});

export type NeededForm = { formId: string; title: string; seasonId: string | null; season: string };
export type SignedForm = {
  id: string;
  title: string;
  version: number;
  season: string;
  state: "active" | "superseded" | "withdrawn";
  signedAt: string;
  typedName: string;
};
export type AthleteForms = { athleteId: string; name: string; self: boolean; needed: NeededForm[]; signed: SignedForm[] };

const seasonWords = (term: (typeof TERMS)[number] | null, year: number | null, locale: Locale) =>
  term && year ? seasonName({ term, year }, locale) : m.consent_no_season({}, { locale });

const idList = (ids: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

export async function getFamilyForms(
  db: SqlExecutor,
  actor: Pick<Profile, "id" | "role">,
  settings: SafePlaySettings,
  locale: Locale,
): Promise<AthleteForms[]> {
  return getFormsOfAthletes(db, await getAthletesActedFor(db, actor, settings), locale);
}

/**
 * The forms of these athletes (the caller decided the reader may see them): what is still to sign and every signature.
 * The family's page (getFamilyForms) and the download of a child's data (app/childdata) read it.
 */
export async function getFormsOfAthletes(
  db: SqlExecutor,
  athletes: Array<{ id: string; name: string; self: boolean }>,
  locale: Locale,
): Promise<AthleteForms[]> {
  if (athletes.length === 0) return [];
  const ids = athletes.map((a) => a.id);
  const { rows: needed } = await db.execute(sql`
    select distinct on (e.athlete_id, ev.season_id, f.position, f.id) e.athlete_id, ev.season_id, s.term, s.year, f.id as form_id, v.title_en, v.title_es
    from enrollments e
    join events ev on ev.id = e.event_id
    join consent_form_programs p on p.program_slug = ev.program_slug
    join consent_forms f on f.id = p.form_id
    join lateral (select id, title_en, title_es from consent_form_versions where form_id = f.id order by version desc limit 1) v on true
    left join seasons s on s.id = ev.season_id
    where e.athlete_id = any(${idList(ids)}) and e.status not in ('withdrawn', 'declined')
      and not exists (select 1 from consent_signatures c where c.form_id = f.id and c.athlete_id = e.athlete_id and c.state = 'active'
        and c.version_id = v.id and c.season_id is not distinct from ev.season_id)
    order by e.athlete_id, ev.season_id, f.position, f.id`);
  const { rows: signed } = await db.execute(sql`
    select c.id, c.athlete_id, v.title_en, v.title_es, v.version, s.term, s.year, c.state, c.signed_at, c.typed_name
    from consent_signatures c join consent_form_versions v on v.id = c.version_id left join seasons s on s.id = c.season_id
    where c.athlete_id = any(${idList(ids)})
    order by c.signed_at desc`);
  const neededRows = needed.map((r) => NeededRow.parse(r));
  const signedRows = signed.map((r) => SignedRow.parse(r));
  return athletes.map((a) => ({
    athleteId: a.id,
    name: a.name,
    self: a.self,
    needed: neededRows
      .filter((r) => r.athlete_id === a.id)
      .map((r) => ({
        formId: r.form_id,
        title: locale === "es" ? r.title_es : r.title_en,
        seasonId: r.season_id,
        season: seasonWords(r.term, r.year, locale),
      })),
    signed: signedRows
      .filter((r) => r.athlete_id === a.id)
      .map((r) => ({
        id: r.id,
        title: locale === "es" ? r.title_es : r.title_en,
        version: r.version,
        season: seasonWords(r.term, r.year, locale),
        state: r.state,
        signedAt: r.signed_at.toISOString(),
        typedName: r.typed_name,
      })),
  }));
}

/** What the signing page shows: the athlete's name (one the actor signs for) and the season's. Null when not theirs. */
export async function getSigningFacts(
  db: SqlExecutor,
  actor: Pick<Profile, "id" | "role">,
  settings: SafePlaySettings,
  athleteId: string,
  seasonId: string | null,
  locale: Locale,
): Promise<{ athleteName: string; self: boolean; season: string } | null> {
  const athlete = (await getAthletesActedFor(db, actor, settings)).find((a) => a.id === athleteId);
  if (!athlete) return null;
  if (seasonId === null) return { athleteName: athlete.name, self: athlete.self, season: seasonWords(null, null, locale) };
  const { rows } = await db.execute(sql`select term, year from seasons where id = ${seasonId}`);
  if (!rows[0]) return null;
  const s = z.object({ term: z.enum(TERMS), year: z.coerce.number() }).parse(rows[0]);
  return { athleteName: athlete.name, self: athlete.self, season: seasonWords(s.term, s.year, locale) };
}
