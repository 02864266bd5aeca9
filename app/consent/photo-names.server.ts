// Athletes named on gallery photos (issue 40, decision 0061). Naming a child beside a photo on the public site is a
// disclosure: staff may name an athlete only while the family's "photo" consent is in force (the one rule,
// disclosureAllowed), and the public gallery shows a name only while it still is, so a withdrawal takes it off at the
// next page load. The gallery's page lists the athletes staff may name (coaches: those of their sessions; administrators
// and the safeguarding lead: every athlete with an open request), those without a release marked and refused.
import { sql } from "drizzle-orm";
import type { Profile } from "~/lib/profile";
import { isUuid } from "~/lib/uuid";
import type { SqlExecutor } from "~/mail/index.server";
import { disclosureAllowed } from "./disclosures.server";

export type NameableAthlete = { id: string; name: string; release: boolean };

const idList = (ids: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** "Sofía García" -> "Sofía G.": the most a public caption says. */
export function captionName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? "";
  return `${words[0]} ${Array.from(words[words.length - 1]!)[0]!.toLocaleUpperCase()}.`;
}

/** The athletes `reader` may name on a photo, each with whether the family's photo release is in force now. */
export async function getNameableAthletes(db: SqlExecutor, reader: Pick<Profile, "id" | "role">): Promise<NameableAthlete[]> {
  if (reader.role !== "coach") return [];
  const { rows } = await db.execute(sql`
    with me as (select (u.admin or u.safeguarding_lead) as staff from users u where u.id = ${reader.id} and u.deleted_at is null)
    select a.id, a.full_name, ${disclosureAllowed("photo", sql`a.id`)} as release
    from users a, me
    where a.deleted_at is null and a.client_kind = 'athlete' and exists (
      select 1 from enrollments e where e.athlete_id = a.id and e.status not in ('withdrawn', 'declined')
        and (me.staff or exists (select 1 from session_coaches sc where sc.event_id = e.event_id and sc.coach_id = ${reader.id})))
    order by a.full_name, a.id
    limit 500`);
  return rows.map((r) => ({ id: String(r.id), name: String(r.full_name ?? ""), release: r.release === true }));
}

export type NameResult = { ok: true } | { ok: false; reason: "not-found" | "no-release" };

/** Names an athlete on an uploaded photo: only one the reader may name, and only while the release is in force. */
export async function nameAthleteOnPhoto(
  db: SqlExecutor,
  reader: Pick<Profile, "id" | "role">,
  photoId: string,
  athleteId: string,
): Promise<NameResult> {
  if (!isUuid(photoId)) return { ok: false, reason: "not-found" };
  const athlete = (await getNameableAthletes(db, reader)).find((a) => a.id === athleteId);
  const { rows: photo } = await db.execute(sql`select 1 from gallery_photos where id = ${photoId}`);
  if (!athlete || photo.length === 0) return { ok: false, reason: "not-found" };
  if (!athlete.release) return { ok: false, reason: "no-release" };
  // The rule asked again in the statement itself: a withdrawal between the read and the write names nobody.
  const { rows } = await db.execute(sql`
    insert into gallery_photo_athletes (photo_id, athlete_id, named_by)
    select ${photoId}::uuid, ${athleteId}, ${reader.id} where ${disclosureAllowed("photo", sql`${athleteId}`)}
    on conflict do nothing returning photo_id`);
  if (rows.length === 0 && !(await isNamed(db, photoId, athleteId))) return { ok: false, reason: "no-release" };
  return { ok: true };
}

async function isNamed(db: SqlExecutor, photoId: string, athleteId: string) {
  const { rows } = await db.execute(sql`select 1 from gallery_photo_athletes where photo_id = ${photoId}::uuid and athlete_id = ${athleteId}`);
  return rows.length > 0;
}

/** Takes a name off a photo (any coach who may edit the gallery). */
export async function unnameAthleteOnPhoto(db: SqlExecutor, photoId: string, athleteId: string): Promise<boolean> {
  if (!isUuid(photoId)) return false;
  const { rows } = await db.execute(sql`
    delete from gallery_photo_athletes where photo_id = ${photoId}::uuid and athlete_id = ${athleteId} returning photo_id`);
  return rows.length > 0;
}

export type PhotoName = { athleteId: string; name: string; shown: boolean };

/**
 * The names on these photos. `shown`: the release is in force now (the public gallery shows only these, as
 * "Sofía G."); the staff page lists the others too, saying the family withdrew.
 */
export async function getPhotoNames(db: SqlExecutor, photoIds: string[]): Promise<Map<string, PhotoName[]>> {
  const out = new Map<string, PhotoName[]>();
  const ids = photoIds.filter(isUuid);
  if (ids.length === 0) return out;
  const { rows } = await db.execute(sql`
    select n.photo_id, n.athlete_id, a.full_name, ${disclosureAllowed("photo", sql`n.athlete_id`)} as shown
    from gallery_photo_athletes n join users a on a.id = n.athlete_id and a.deleted_at is null
    where n.photo_id::text = any(${idList(ids)}) order by n.named_at, a.full_name`);
  for (const r of rows) {
    const list = out.get(String(r.photo_id)) ?? [];
    list.push({ athleteId: String(r.athlete_id), name: String(r.full_name ?? ""), shown: r.shown === true });
    out.set(String(r.photo_id), list);
  }
  return out;
}

/** The public caption of a photo: the names still shown, first name and initial. Empty when none. */
export async function getPublicCaptions(db: SqlExecutor, photoIds: string[]): Promise<Map<string, string>> {
  const names = await getPhotoNames(db, photoIds);
  return new Map(
    [...names].map(([id, list]) => [
      id,
      list
        .filter((n) => n.shown)
        .map((n) => captionName(n.name))
        .join(", "),
    ]),
  );
}
