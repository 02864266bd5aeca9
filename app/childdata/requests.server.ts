// Requests to delete a child's data (issue 40, decision 0056): a guardian (or an adult athlete, or staff) asks, the
// request is due 30 days later (the database holds the deadline: migration 0046), administrators see the open ones with
// their deadlines on /staff/data-requests and carry one out (carry-out.server.ts) or refuse it with a reason. One open
// request per athlete: asking again answers with the one already open.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { maybeRow } from "../../db/rows";
import { logSafeguarding } from "~/family/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { Profile } from "~/lib/profile";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { childDataRole } from "./access.server";

type Actor = Pick<Profile, "id" | "role">;

/** The safeguarding log's actions of a request (their words: logActionLabel). */
export const DELETION_ASKED = "child data deletion asked";
export const DELETION_DONE = "child data deleted";
export const DELETION_REFUSED = "child data deletion refused";

const RequestRow = z.object({
  id: z.string(),
  athlete_id: z.string(),
  athlete_name: z.string().nullable(),
  asked_by_name: z.string().nullable(),
  asked_at: z.coerce.date(),
  due_by: z.coerce.date(),
  status: z.enum(["open", "done", "refused"]),
  reason: z.string(),
  handled_at: z.coerce.date().nullable(),
});

export type DataRequest = {
  id: string;
  athleteId: string;
  athleteName: string;
  askedBy: string;
  askedAt: string;
  dueBy: string;
  status: "open" | "done" | "refused";
  reason: string;
  handledAt: string | null;
};

const toRequest = (raw: unknown): DataRequest => {
  const r = RequestRow.parse(raw);
  return {
    id: r.id,
    athleteId: r.athlete_id,
    athleteName: r.athlete_name ?? "",
    askedBy: r.asked_by_name ?? "",
    askedAt: r.asked_at.toISOString(),
    dueBy: r.due_by.toISOString(),
    status: r.status,
    reason: r.reason,
    handledAt: r.handled_at?.toISOString() ?? null,
  };
};

const columns = sql`r.id, r.athlete_id, a.full_name as athlete_name, coalesce(nullif(b.full_name, ''), b.email) as asked_by_name,
  r.asked_at, r.due_by, r.status, r.reason, r.handled_at`;
const from = sql`child_data_requests r join users a on a.id = r.athlete_id left join users b on b.id = r.asked_by`;

/** The requests about one athlete, newest first. */
export async function getRequestsOf(db: SqlExecutor, athleteId: string): Promise<DataRequest[]> {
  const { rows } = await db.execute(sql`select ${columns} from ${from} where r.athlete_id = ${athleteId} order by r.asked_at desc`);
  return rows.map(toRequest);
}

/**
 * What the family page lists: the requests about `athleteIds` (the athletes the person acts for) and those the person
 * asked (a request carried out leaves its athlete out of the household, and the family still sees it ended).
 */
export async function getFamilyRequests(db: SqlExecutor, actor: Actor, athleteIds: string[]): Promise<DataRequest[]> {
  const { rows } = await db.execute(sql`select ${columns} from ${from}
    where r.asked_by = ${actor.id} or r.athlete_id in (select jsonb_array_elements_text(${JSON.stringify(athleteIds)}::jsonb))
    order by r.asked_at desc limit 50`);
  return rows.map(toRequest);
}

/** Administrators' list: the open requests, soonest deadline first, then the last 20 closed. */
export async function getRequestsForStaff(db: SqlExecutor): Promise<{ open: DataRequest[]; closed: DataRequest[] }> {
  const open = await db.execute(sql`select ${columns} from ${from} where r.status = 'open' order by r.due_by, r.asked_at`);
  const closed = await db.execute(sql`select ${columns} from ${from} where r.status <> 'open' order by r.handled_at desc limit 20`);
  return { open: open.rows.map(toRequest), closed: closed.rows.map(toRequest) };
}

export type AskResult = { ok: true; request: DataRequest; already: boolean } | { ok: false };

/** `actor` asks to delete `athleteId`'s data: refused (as for an athlete that does not exist) outside childDataRole. */
export async function askToDelete(
  db: DbOrTx,
  actor: Actor,
  athleteId: string,
  settings: Pick<SafePlaySettings, "clock" | "timeZone">,
): Promise<AskResult> {
  if (!(await childDataRole(db, actor, athleteId, settings))) return { ok: false };
  const asked = await maybeRow(
    db,
    z.object({ id: z.string() }),
    sql`
    insert into child_data_requests (athlete_id, asked_by, asked_at, due_by) values (${athleteId}, ${actor.id}, now(), now() + interval '30 days')
    on conflict (athlete_id) where status = 'open' do nothing returning id`,
  );
  if (asked) await logSafeguarding(db, { actorId: actor.id, athleteId, action: DELETION_ASKED, detail: "" });
  const [request] = (await getRequestsOf(db, athleteId)).filter((r) => r.status === "open");
  return request ? { ok: true, request, already: asked === null } : { ok: false };
}

/** An open request locked for its handling, or null (another administrator handled it first, or no such request). */
export async function lockOpenRequest(tx: DbOrTx, requestId: string) {
  if (!z.string().uuid().safeParse(requestId).success) return null;
  const request = await maybeRow(
    tx,
    z.object({ athlete_id: z.string(), asked_by: z.string().nullable() }),
    sql`select athlete_id, asked_by from child_data_requests where id = ${requestId} and status = 'open' for update`,
  );
  return request ? { athleteId: request.athlete_id, askedBy: request.asked_by } : null;
}

/** Closes a request as `status`, by `adminId`. */
export async function closeRequest(tx: DbOrTx, requestId: string, adminId: string, status: "done" | "refused", reason = "") {
  await tx.execute(sql`update child_data_requests set status = ${status}, reason = ${reason}, handled_by = ${adminId}, handled_at = now()
    where id = ${requestId} and status = 'open'`);
}

/** The refusal's words when a request was handled already or does not exist. */
export const requestGone = () => m.childdata_staff_gone();
