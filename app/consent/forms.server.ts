// The forms the organisation keeps (issue 40, decision 0043): each form's versions, the newest one in force, and which
// programs require it. A version is published once and never changed (the database refuses an update and sets its
// hash); new words are a new version, and every signature of an older one is asked again.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { row, rows } from "../../db/rows";
import type { Locale } from "~/i18n/language";
import { isUuid } from "~/lib/uuid";
import type { SqlExecutor } from "~/mail/index.server";
import type { FormKind, VersionInput } from "./schemas";

const VersionRow = z.object({
  form_id: z.string(),
  kind: z.enum(["waiver", "medical", "photo", "conduct", "other"]),
  version_id: z.string(),
  version: z.coerce.number(),
  title_en: z.string(),
  title_es: z.string(),
  body_en: z.string(),
  body_es: z.string(),
  hash: z.string(),
  published_at: z.coerce.date(),
});

export type FormVersion = {
  formId: string;
  kind: FormKind;
  versionId: string;
  version: number;
  title: { en: string; es: string };
  body: { en: string; es: string };
  hash: string;
  publishedAt: Date;
};

const toVersion = (r: z.infer<typeof VersionRow>): FormVersion => ({
  formId: r.form_id,
  kind: r.kind,
  versionId: r.version_id,
  version: r.version,
  title: { en: r.title_en, es: r.title_es },
  body: { en: r.body_en, es: r.body_es },
  hash: r.hash,
  publishedAt: r.published_at,
});

const VERSION_COLUMNS = sql`f.id as form_id, f.kind, v.id as version_id, v.version, v.title_en, v.title_es, v.body_en, v.body_es, v.hash, v.published_at`;

/** Every form with its version in force (the newest), in the organisation's order. */
export async function getCurrentForms(db: SqlExecutor): Promise<FormVersion[]> {
  const { rows } = await db.execute(sql`
    select ${VERSION_COLUMNS} from consent_forms f
    join lateral (select * from consent_form_versions where form_id = f.id order by version desc limit 1) v on true
    order by f.position, f.created_at`);
  return rows.map((r) => toVersion(VersionRow.parse(r)));
}

/** A version by id with whether it is still the one in force; null for an id that is no version. */
export async function getVersion(db: SqlExecutor, versionId: string): Promise<(FormVersion & { current: boolean }) | null> {
  if (!isUuid(versionId)) return null;
  const { rows } = await db.execute(sql`
    select ${VERSION_COLUMNS}, v.version = (select max(version) from consent_form_versions where form_id = f.id) as current
    from consent_form_versions v join consent_forms f on f.id = v.form_id where v.id = ${versionId}`);
  if (!rows[0]) return null;
  return { ...toVersion(VersionRow.parse(rows[0])), current: rows[0].current === true };
}

/** The version in force of one form, or null. */
export async function getCurrentVersionOf(db: SqlExecutor, formId: string): Promise<FormVersion | null> {
  if (!isUuid(formId)) return null;
  return (await getCurrentForms(db)).find((f) => f.formId === formId) ?? null;
}

/** The programs that require each form (form id to program slugs). */
export async function getFormPrograms(db: SqlExecutor): Promise<Map<string, string[]>> {
  const links = await rows(
    db,
    z.object({ form_id: z.string(), program_slug: z.string() }),
    sql`select form_id, program_slug from consent_form_programs order by program_slug`,
  );
  const map = new Map<string, string[]>();
  for (const r of links) map.set(r.form_id, [...(map.get(r.form_id) ?? []), r.program_slug]);
  return map;
}

export async function getProgramSlugs(db: SqlExecutor): Promise<string[]> {
  const programs = await rows(db, z.object({ slug: z.string() }), sql`select slug from programs order by slug`);
  return programs.map((r) => r.slug);
}

/**
 * A new version of a form, in force at once: numbered after the last (the form's row is locked, so two
 * administrators publishing together get 2 and 3, never two 2s). Returns the new version's number.
 */
export async function publishVersion(db: Db, formId: string, input: VersionInput, adminId: string): Promise<number | null> {
  if (!isUuid(formId)) return null;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`select id from consent_forms where id = ${formId} for update`);
    if (!rows[0]) return null;
    const made = await row(
      tx,
      z.object({ version: z.number() }),
      sql`
      insert into consent_form_versions (form_id, version, title_en, title_es, body_en, body_es, hash, published_by)
      select ${formId}, coalesce(max(version), 0) + 1, ${input.titleEn}, ${input.titleEs}, ${input.bodyEn}, ${input.bodyEs}, '', ${adminId}
      from consent_form_versions where form_id = ${formId}
      returning version`,
    );
    return made.version;
  });
}

/** A new form the organisation adds, with its first version. Returns its id. */
export async function createForm(db: Db, kind: FormKind, input: VersionInput, adminId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const { id } = await row(
      tx,
      z.object({ id: z.string() }),
      sql`insert into consent_forms (kind, position) select ${kind}, coalesce(max(position), 0) + 1 from consent_forms returning id`,
    );

    await tx.execute(sql`
      insert into consent_form_versions (form_id, version, title_en, title_es, body_en, body_es, hash, published_by)
      values (${id}, 1, ${input.titleEn}, ${input.titleEs}, ${input.bodyEn}, ${input.bodyEs}, '', ${adminId})`);
    return id;
  });
}

/** Which programs require the form: exactly `slugs` (unknown slugs are ignored). False for an unknown form. */
export async function setFormPrograms(db: Db, formId: string, slugs: string[]): Promise<boolean> {
  if (!isUuid(formId)) return false;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`select id from consent_forms where id = ${formId} for update`);
    if (!rows[0]) return false;
    await tx.execute(sql`delete from consent_form_programs where form_id = ${formId}`);
    for (const slug of slugs)
      await tx.execute(sql`
        insert into consent_form_programs (form_id, program_slug) select ${formId}, slug from programs where slug = ${slug} on conflict do nothing`);
    return true;
  });
}

/** The form's title and text in the reader's language. */
export const inLanguage = (v: Pick<FormVersion, "title" | "body">, locale: Locale) => ({ title: v.title[locale], body: v.body[locale] });
