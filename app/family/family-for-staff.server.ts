// What staff read of families (Safe Play, decision 0022): a household's page (its members and confirmation, personal
// details only where the least-privilege rule lets the reader see them), and the label coaches see beside a client
// wherever one is listed (guardian or athlete, "Minor", the linked family).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { isMinorPerson, type SafePlaySettings } from "~/safe-play/index.server";
import { ageOn, type ClientLabel } from "~/safe-play/safe-play";
import { isNoLoginEmail } from "./family-log.server";
import { getConfirmation } from "./family-view.server";
import { canReadPersonalData, type PersonalDataReader } from "~/staff/index.server";

const StaffMemberRow = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(["guardian", "athlete"]),
  dob: z.string().nullable(),
  has_login: z.boolean(),
  confirmed_at: z.coerce.date().nullable(),
  confirmed_how: z.string().nullable(),
  confirmed_by: z.string().nullable(),
});

/**
 * A household as staff see it on its page: members (age, minor, login), and its confirmation. Null when unknown.
 * Dates of birth only for the safeguarding lead, who corrects them (`forLead`); coaches see ages. Phones, addresses,
 * ages and dates of birth only when the least-privilege rule lets `reader` read this family's (issue 37,
 * app/staff/personal-data.server.ts: a cleared coach of one of its athletes' sessions or conversations, or the lead
 * and administrators, cleared); else `personal` is false and they are left out.
 */
export async function getHouseholdForStaff(db: Db, householdId: string, settings: SafePlaySettings, forLead = false, reader?: PersonalDataReader) {
  const confirmation = await getConfirmation(db, householdId);
  if (!confirmation) return null;
  const { rows } = await db.execute(sql`
    select u.id, u.full_name, u.email, u.phone, m.role, u.date_of_birth::text as dob,
           exists (select 1 from accounts a where a.user_id = u.id) as has_login,
           m.confirmed_at, m.confirmed_how, cb.full_name as confirmed_by
    from household_members m join users u on u.id = m.user_id left join users cb on cb.id = m.confirmed_by
    where m.household_id = ${householdId} and u.deleted_at is null
    order by m.role desc, u.full_name, u.id`);
  const now = settings.clock();
  const firstMember = rows[0] ? String(rows[0].id) : null;
  const personal = Boolean(reader && firstMember && (await canReadPersonalData(db, reader, firstMember)));
  return {
    id: householdId,
    confirmation,
    personal,
    members: rows
      .map((r) => StaffMemberRow.parse(r))
      .map((r) => ({
        id: r.id,
        fullName: r.full_name ?? "",
        role: r.role,
        // Guardians' contact details, so staff can phone them; an athlete's stay private.
        email: personal && r.role === "guardian" && !isNoLoginEmail(r.email) ? r.email : null,
        phone: personal && r.role === "guardian" ? r.phone : null,
        age: personal && r.dob ? ageOn(r.dob, now, settings.timeZone) : null,
        minor: isMinorPerson({ role: "client", kind: r.role, dateOfBirth: r.dob }, settings),
        hasLogin: r.has_login,
        dateOfBirth: personal && forLead ? r.dob : null,
        /** Staff's confirmation of this person (who, how, when), or null while they wait. */
        confirmation: r.confirmed_at ? { at: r.confirmed_at.toISOString(), how: r.confirmed_how ?? "", by: r.confirmed_by } : null,
      })),
  };
}

const LabelRow = z.object({
  id: z.string(),
  email: z.string(),
  kind: z.enum(["guardian", "athlete"]),
  dob: z.string().nullable(),
  guardians: z.array(z.string()).nullable(),
  athletes: z.array(z.string()).nullable(),
  household_id: z.string().nullable(),
  confirmed: z.boolean().nullable(),
});

/**
 * What coaches see beside a client wherever one is listed: guardian or athlete, "Minor", and the linked family.
 * Keyed by user id and by lower-cased email (the /appointments submissions match by address: only an account that
 * confirmed its address, so a stranger who signs up with a family's address is never shown as that family's
 * account; decision 0024). No date of birth leaves the server.
 */
export async function getClientLabels(db: Pick<Db, "execute">, filter: { ids?: string[]; emails?: string[] }, settings: SafePlaySettings) {
  const ids = filter.ids ?? [];
  const emails = (filter.emails ?? []).map((e) => e.toLowerCase());
  const byId = new Map<string, ClientLabel>();
  const byEmail = new Map<string, ClientLabel>();
  if (ids.length === 0 && emails.length === 0) return { byId, byEmail };
  const list = (values: string[]) =>
    values.length
      ? sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )
      : sql`null`;
  const { rows } = await db.execute(sql`
    select u.id, u.email, u.client_kind as kind, u.date_of_birth::text as dob,
      (select array_agg(coalesce(g.full_name, 'Guardian') order by g.full_name) from guardian_links l join users g on g.id = l.guardian_id
        where l.athlete_id = u.id and g.deleted_at is null) as guardians,
      (select array_agg(coalesce(a.full_name, 'Athlete') order by a.full_name) from guardian_links l join users a on a.id = l.athlete_id
        where l.guardian_id = u.id and a.deleted_at is null) as athletes,
      m.household_id, (m.confirmed_at is not null) as confirmed
    from users u
      left join household_members m on m.user_id = u.id
    where u.role = 'client' and u.deleted_at is null
      and (u.id in (${list(ids)}) or (u.email_verified and lower(u.email) in (${list(emails)})))`);
  for (const raw of rows) {
    const r = LabelRow.parse(raw);
    const label: ClientLabel = {
      kind: r.kind,
      minor: isMinorPerson({ role: "client", kind: r.kind, dateOfBirth: r.dob }, settings),
      family: r.kind === "athlete" ? (r.guardians ?? []) : (r.athletes ?? []),
      householdId: r.household_id,
      confirmed: r.confirmed === true,
    };
    byId.set(r.id, label);
    byEmail.set(r.email.toLowerCase(), label);
  }
  return { byId, byEmail };
}
