// Families' personal data in Safe Play's model (model.ts; issue 37's least privilege, app/staff/personal-data.server.ts):
// what a staff member the oracle holds not cleared reads of the run's families on the pages that show it, through the
// functions their loaders call with the reader the loader makes (getPersonalDataReader):
//   - the session's roster (getRosterForReader): ages, medical notes, pick-up persons, emergency contacts, phones;
//   - a family's page (/families/:id, getHouseholdForStaff): guardians' addresses and phones, ages, dates of birth;
//   - /messages (getConversationsForUser): the phone of the family on the other side of a conversation.
// None of it may reach them (door "personal-data"). Nor may it reach the cleared coach K1 (not the lead, not an
// administrator) for a family of the run K1 does not coach (no athlete of it with an open request, by the oracle's
// account, in the session while K1 is one of its coaches: set-session-coaches) and shares no conversation with
// (decision 0074). "The family" is the structure the site records (a household's members, guardians' links): what the
// oracle keeps is who coaches and who asked a place. And the session's coaches as an administrator sets them on the
// program's editor (setSessionCoaches, "save-coaches"): a coach the oracle holds not cleared is never made a coach of a
// session where a person the oracle holds to be a minor has an open request (door "clearance").
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { getHouseholdForStaff } from "~/family/family-for-staff.server";
import { getRosterForReader } from "~/enrollment/index.server";
import { getConversationsForUser } from "~/messaging/index.server";
import { getPersonalDataReader } from "~/staff/index.server";
import { spec, STAFF, type ActionSpec, type StaffLabel } from "./cast";
import type { World } from "./model";

/** What a page showed of a family that only a cleared reader may read, in words (empty: nothing). */
function shownOnRoster(e: Awaited<ReturnType<typeof getRosterForReader>>[number]) {
  const shown: string[] = [];
  if (e.personal) shown.push("the family's personal data");
  if (e.age !== null) shown.push(`the age (${e.age})`);
  if (e.notes.medical) shown.push(`medical notes "${e.notes.medical}"`);
  if (e.notes.pickup) shown.push(`pick-up "${e.notes.pickup}"`);
  if (e.notes.emergencyName || e.notes.emergencyPhone) shown.push(`emergency contact "${e.notes.emergencyName} ${e.notes.emergencyPhone}"`);
  for (const p of [...e.guardians, ...e.family]) if (p.phone) shown.push(`${p.name}'s phone ${p.phone}`);
  return shown;
}

/** The households the run's people are in (the family pages staff may open). */
async function runHouseholds(w: World): Promise<string[]> {
  const ids = [...w.byId.values()].filter((p) => !p.staff).map((p) => p.id);
  if (ids.length === 0) return [];
  const { rows } = await w.db.execute(
    sql`select distinct household_id::text as id from household_members where user_id = any(${`{${ids.join(",")}}`}::text[])`,
  );
  return rows.map((r) => String(r.id));
}

type Reader = {
  label: StaffLabel;
  id: string;
  reader: Awaited<ReturnType<typeof getPersonalDataReader>>;
  /** For a cleared coach: the run's people whose family the coach coaches or talks with (the others' are not theirs). */
  linked?: Set<string>;
};
/** The run's families: their people's ids (the pages list other runs' families too; those are not this run's to judge). */
const runPeople = (w: World) => new Set([...w.byId.values()].filter((p) => !p.staff).map((p) => p.id));
const broken = (w: World, r: Reader, detail: string) =>
  w.fail(
    "personal",
    "personal-data",
    `${r.label}, ${r.linked ? "a cleared coach who neither coaches nor talks with that family" : "not cleared"}, reads ${detail}`,
  );
/** Whether the page may show this person's personal data to the reader (never, to one not cleared). */
const mayRead = (r: Reader, personId: string) => Boolean(r.linked?.has(personId));

/**
 * The run's people whose family a cleared coach may read (see the top of this file): a family member is an athlete the
 * oracle saw ask a place in the session while the coach is one of its coaches, or shares a conversation with the coach.
 */
async function linkedTo(w: World, label: StaffLabel): Promise<Set<string>> {
  const run = [...runPeople(w)];
  const linked = new Set<string>();
  if (run.length === 0) return linked;
  const { rows } = await w.db.execute<{ person: string; member: string; talks: boolean }>(sql`
    with people as (select unnest(${`{${run.join(",")}}`}::text[]) as id),
    family as (
      select p.id as person, p.id as member from people p
      union select p.id, m2.user_id from people p
        join household_members m1 on m1.user_id = p.id join household_members m2 on m2.household_id = m1.household_id
      union select p.id, g.athlete_id from people p join guardian_links g on g.guardian_id = p.id
      union select p.id, g.guardian_id from people p join guardian_links g on g.athlete_id = p.id
    )
    select f.person, f.member, exists (select 1 from conversation_participants b join conversation_participants a
      on a.conversation_id = b.conversation_id and a.user_id = ${w.people.get(label)!.id} where b.user_id = f.member) as talks
    from family f`);
  const coaches = w.sessionCoaches.has(label);
  for (const r of rows) if (r.talks || (coaches && w.enrolled.has(r.member))) linked.add(r.person);
  return linked;
}

/** The pages that show families' personal data, each as its loader reads it for `reader`. */
const PAGES: Array<(w: World, r: Reader) => Promise<void>> = [
  async function roster(w, r) {
    const run = runPeople(w);
    for (const e of await getRosterForReader(w.db, w.eventId, w.site.settings, r.reader, "Safe Play model")) {
      const shown = shownOnRoster(e);
      if (run.has(e.athleteId) && !mayRead(r, e.athleteId) && shown.length)
        broken(w, r, `on the roster, for ${w.names([e.athleteId])}: ${shown.join(", ")}`);
    }
  },
  async function familyPages(w, r) {
    for (const householdId of await runHouseholds(w)) {
      // The lead's page shows dates of birth too (the route asks isSafeguardingLead: L is the cast's lead).
      const family = await getHouseholdForStaff(w.db, householdId, w.site.settings, r.label === "L", r.reader);
      if (!family || family.members.some((m) => mayRead(r, m.id))) continue;
      const shown = family.members.flatMap((m) =>
        [
          m.email && `${m.fullName}'s address`,
          m.phone && `${m.fullName}'s phone`,
          m.age !== null && `${m.fullName}'s age`,
          m.dateOfBirth && `${m.fullName}'s date of birth`,
        ].filter(Boolean),
      );
      if (family.personal || shown.length)
        broken(w, r, `on the family page of ${w.names(family.members.map((m) => m.id))}: ${shown.join(", ") || "personal data"}`);
    }
  },
  async function messages(w, r) {
    if (!w.conversations.length) return;
    const run = runPeople(w);
    const { conversations } = await getConversationsForUser(w.db, r.id, { safePlay: w.site.settings });
    for (const c of conversations)
      if (c.other && run.has(c.other.id) && !mayRead(r, c.other.id) && c.other.phone) broken(w, r, `${w.names([c.other.id])}'s phone on /messages`);
  },
];

/**
 * The personal-data invariant after a step that changed something (see the top of this file): one page read by one
 * staff member the oracle holds not cleared, or by K1 while cleared, in turn (each reader with each page, over the
 * steps). Every page asks the same rule of every reader; reading them all after every step was a sixth of the search's
 * time.
 */
export async function checkPersonalData(w: World) {
  if (w.options.ignore.has("personal-data")) return;
  const readers = STAFF.filter((l) => !w.cleared.has(l) || l === "K1");
  if (readers.length === 0) return;
  // By the step's place in the sequence: the same sequence asks the same (shrinking replays it), different places others.
  const turn = w.trace.length;
  const label = readers[turn % readers.length]!;
  const page = PAGES[Math.floor(turn / readers.length) % PAGES.length]!;
  const id = w.people.get(label)!.id;
  const linked = w.cleared.has(label) ? await linkedTo(w, label) : undefined;
  await page(w, { label, id, reader: await getPersonalDataReader(w.db, { id }, w.site.settings), ...(linked ? { linked } : {}) });
}

/** Whom an administrator ticks as the session's coaches on the program's editor. */
const coachSets = fc.constantFrom<StaffLabel[]>(["K1"], ["K2"], ["K1", "K2"], ["K1", "A"], ["L"]);

export const PERSONAL_DATA_ACTIONS: ActionSpec<unknown>[] = [
  spec({
    name: "set-session-coaches",
    weight: 2,
    covers: ["setSessionCoaches", "route:programs.$program.edit#save-coaches"],
    args: fc.record({ coaches: coachSets }),
    show: (a) => `A makes ${a.coaches.join(" and ")} the session's coaches`,
    run: async (w, a) => {
      const ids = a.coaches.map((l) => w.people.get(l)!.id);
      const r = await w.site.outside.setSessionCoaches(w.db, "fall", w.eventId, ids, w.site.settings);
      if (!r.ok) return false;
      w.sessionCoaches.clear();
      for (const l of a.coaches) w.sessionCoaches.add(l);
      // The oracle: an open request (its own account of the roster) of a person it holds to be a minor.
      const minor = [...w.enrolled].map((id) => w.byId.get(id)).find((p) => p && w.oracleMinor(p));
      const uncleared = a.coaches.filter((l) => !w.cleared.has(l));
      if (minor && uncleared.length)
        w.expect(
          "assign",
          "clearance",
          `${uncleared.join(", ")}, not cleared, made a coach of the session where ${minor.label} is ${w.ageWords(minor)}`,
        );
      return true;
    },
  }),
];
