// What a session's roster shows of the paperwork (issue 40, decision 0061): each athlete's photo release as the one
// disclosure rule answers it ("no photos" unless the family allowed name and photo, "team photos only" when the
// signed release says so), and, before a request is enrolled, the forms of the program the family still has to sign,
// with "Send a reminder": the forms-needed mail, at once, at most once a day for each family (household), however
// many coaches press it. The roster's route guards (its coaches, the lead, administrators); sending is asked again here.
import { sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Profile } from "~/lib/profile";
import type { SqlExecutor } from "~/mail/index.server";
import { hitRateLimit } from "~/models/rate-limit.server";
import { disclosureAllowed } from "./disclosures.server";
import { formsMissing } from "./gate.server";
import { mailFormsNeeded, type ConsentServices } from "./mails.server";

export type PhotoRelease = "yes" | "team" | "no";
export type RosterPaperwork = { photo: PhotoRelease; formsMissing: Array<{ en: string; es: string }>; remindedToday: boolean };

/** One reminder a day for each family. */
export const REMINDER_WINDOW_SECONDS = 24 * 3600;

const idList = (ids: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** The rate limit's key: the athlete's household (the family), or the athlete when they have none. */
const familyKey = (householdId: string | null, athleteId: string) => `forms-reminder:${householdId ?? athleteId}`;

/** Each roster athlete's photo release, and for requests not yet enrolled, the forms missing and whether reminded today. */
export async function getRosterPaperwork(
  db: SqlExecutor,
  eventId: string,
  entries: Array<{ athleteId: string; status: string }>,
): Promise<Record<string, RosterPaperwork>> {
  const out: Record<string, RosterPaperwork> = {};
  if (entries.length === 0 || !isUuid(eventId)) return out;
  const ids = entries.map((e) => e.athleteId);
  const { rows } = await db.execute(sql`
    select a.id, ${disclosureAllowed("photo", sql`a.id`)} as photo,
      exists (select 1 from consent_signatures s where s.athlete_id = a.id and s.state = 'active' and s.photo_choice = 'team') as team,
      exists (select 1 from rate_limits r where r.key = 'forms-reminder:' || coalesce(
        (select hm.household_id::text from household_members hm where hm.user_id = a.id and hm.role = 'athlete' limit 1), a.id)
        and r.reset_at > now() and r.count >= 1) as reminded
    from users a where a.id = any(${idList(ids)})`);
  for (const e of entries) {
    const r = rows.find((x) => String(x.id) === e.athleteId);
    const missing =
      e.status === "enrolled" || e.status === "withdrawn" || e.status === "declined" ? [] : await formsMissing(db, e.athleteId, eventId);
    out[e.athleteId] = {
      photo: r?.photo !== true ? "no" : r.team === true ? "team" : "yes",
      formsMissing: missing.map((f) => f.title),
      remindedToday: r?.reminded === true,
    };
  }
  return out;
}

/** `name`: the athlete's, as the roster shows it (the answer's words name them; never what a form claimed). */
export type ReminderResult =
  { ok: true; name: string } | { ok: false; reason: "not-on-roster" } | { ok: false; reason: "nothing-missing" | "limited"; name: string };

/**
 * "Send a reminder" on the roster: `coach` (the route has checked they coach this session) mails the athlete's family
 * the forms still missing for it, now. Refused for an athlete without an open request in this session, when nothing
 * is missing, and a second time within the day for the same family (nothing sent).
 */
export async function sendRosterReminder(
  services: ConsentServices,
  coach: Pick<Profile, "id" | "role">,
  eventId: string,
  athleteId: string,
): Promise<ReminderResult> {
  const { db } = services;
  if (coach.role !== "coach" || !isUuid(eventId) || athleteId.length > 100) return { ok: false, reason: "not-on-roster" };
  const { rows } = await db.execute(sql`
    select a.full_name, ev.title, ev.title_es,
      (select hm.household_id::text from household_members hm where hm.user_id = a.id and hm.role = 'athlete' limit 1) as household_id
    from enrollments e join users a on a.id = e.athlete_id join events ev on ev.id = e.event_id
    where e.event_id = ${eventId} and e.athlete_id = ${athleteId} and e.status not in ('enrolled', 'withdrawn', 'declined')
    limit 1`);
  const row = rows[0];
  if (!row) return { ok: false, reason: "not-on-roster" };
  const name = String(row.full_name ?? "");
  const missing = await formsMissing(db, athleteId, eventId);
  if (missing.length === 0) return { ok: false, reason: "nothing-missing", name };
  return await db.transaction(async (tx) => {
    const limit = await hitRateLimit(
      tx,
      familyKey(row.household_id === null ? null : String(row.household_id), athleteId),
      1,
      REMINDER_WINDOW_SECONDS,
    );
    if (!limit.allowed) return { ok: false, reason: "limited", name } as const;
    await mailFormsNeeded(tx, services, {
      athleteId,
      athleteName: name,
      session: { en: String(row.title), es: row.title_es === null ? null : String(row.title_es) },
      forms: missing.map((f) => f.title),
    });
    return { ok: true, name } as const;
  });
}
