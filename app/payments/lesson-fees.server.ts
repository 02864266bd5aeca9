// Lesson fees (issue 41, decision 0058): a private lesson's or an evaluation's price per length, the organisation's
// and optionally a coach's own, set by administrators; what /lessons quotes before a family books (never a price
// while their request for help waits: the aid state's rule); which cancellation is credited (the database's rule,
// lesson_cancel_credit, asked here so the page says what the trigger will do). The charge and the credit themselves
// are made by migration 0048's trigger on bookings: booking knows nothing of payments.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow, rows } from "../../db/rows";
import { AID_DECISIONS } from "../../db/schema-payments";
import { isUuid } from "~/lib/uuid";
import type { SqlExecutor } from "~/mail/index.server";
import type { AppLoadContext } from "react-router";
import type { Profile } from "~/lib/profile";
import { m } from "~/paraglide/messages";
import { canHoldAccount } from "./access.server";
import { createAidRequest, getAidState } from "./aid.server";
import { AidRequestSchema, type AidAnswers } from "./schemas";
import { findAccountFor, getOrCreateAccountFor } from "./ledger.server";
import { PRICE_KEYS, type CreditCutoffInput, type LessonPricesInput, type PriceKey } from "./lesson-fees";
import { parseForm } from "~/lib/forms";

type SafePlaySettings = AppLoadContext["config"]["safePlay"];

const CUTOFF_KEY = "lessons.credit_cutoff_hours";
export const DEFAULT_CUTOFF_HOURS = 24;

type Prices = Record<PriceKey, number | null>;
const noPrices = (): Prices => ({ "lesson-30": null, "lesson-60": null, "evaluation-30": null });
const keyOf = (kind: string, minutes: number) => `${kind}-${minutes}` as PriceKey;
const partsOf = (key: PriceKey) => {
  const [kind, minutes] = key.split("-") as ["lesson" | "evaluation", string];
  return { kind, minutes: Number(minutes) };
};

export type PriceTable = {
  organisation: Prices;
  coaches: Array<{ id: string; name: string; prices: Prices }>;
  cutoffHours: number;
};

/** The hours before a lesson that a family's cancellation is still credited (the organisation's setting). */
export async function getCreditCutoffHours(db: SqlExecutor): Promise<number> {
  const setting = await maybeRow(db, z.object({ value: z.string() }), sql`select value from app_settings where key = ${CUTOFF_KEY}`);
  const hours = Number(setting?.value);
  return Number.isInteger(hours) && hours >= 0 ? hours : DEFAULT_CUTOFF_HOURS;
}

// The organisation's price (coach_id null) or a coach's own, for a kind and a length (smallint minutes).
const PriceRow = z.object({
  coach_id: z.string().nullable(),
  kind: z.enum(["lesson", "evaluation"]),
  minutes: z.number().int(),
  amount_cents: z.number().int(),
});

/** What /staff/lesson-prices shows: the organisation's prices, each coach's own (null: the organisation's), the cutoff. */
export async function getLessonPrices(db: SqlExecutor): Promise<PriceTable> {
  const [coaches, prices, cutoffHours] = await Promise.all([
    rows(
      db,
      z.object({ id: z.string(), full_name: z.string().nullable() }),
      sql`select id, full_name from users where role = 'coach' and deleted_at is null order by full_name, id`,
    ),
    rows(db, PriceRow, sql`select coach_id, kind, minutes, amount_cents from lesson_prices`),
    getCreditCutoffHours(db),
  ]);
  const organisation = noPrices();
  const byCoach = new Map(coaches.map((c) => [c.id, noPrices()]));
  for (const p of prices) {
    const target = p.coach_id === null ? organisation : byCoach.get(p.coach_id);
    if (target) target[keyOf(p.kind, p.minutes)] = p.amount_cents;
  }
  return {
    organisation,
    coaches: coaches.map((c) => ({ id: c.id, name: c.full_name ?? "", prices: byCoach.get(c.id)! })),
    cutoffHours,
  };
}

export type SetPricesResult = { ok: true } | { ok: false; reason: "unknown-coach" };

/**
 * An administrator sets the organisation's prices (coachId null) or one coach's own; a blank price removes it (no
 * price for the organisation, the organisation's for a coach). Bookings already made keep what they were charged.
 */
export async function setLessonPrices(db: Db, setBy: string, input: LessonPricesInput): Promise<SetPricesResult> {
  return db.transaction(async (tx) => {
    if (input.coachId) {
      const { rows } = await tx.execute(sql`select 1 from users where id = ${input.coachId} and role = 'coach' and deleted_at is null`);
      if (rows.length === 0) return { ok: false, reason: "unknown-coach" } as const;
    }
    for (const key of PRICE_KEYS) {
      const { kind, minutes } = partsOf(key);
      const cents = input.prices[key];
      if (cents === null) {
        await tx.execute(sql`delete from lesson_prices
          where coach_id is not distinct from ${input.coachId} and kind = ${kind} and minutes = ${minutes}`);
      } else {
        await tx.execute(sql`
          insert into lesson_prices (coach_id, kind, minutes, amount_cents, set_by) values (${input.coachId}, ${kind}, ${minutes}, ${cents}, ${setBy})
          on conflict (coach_id, kind, minutes) do update set amount_cents = excluded.amount_cents, set_by = excluded.set_by, updated_at = now()`);
      }
    }
    return { ok: true } as const;
  });
}

/** An administrator sets the hours before a lesson that a family's cancellation is still credited. */
export async function setCreditCutoffHours(db: SqlExecutor, input: CreditCutoffInput) {
  await db.execute(sql`
    insert into app_settings (key, value) values (${CUTOFF_KEY}, ${String(input.cutoffHours)})
    on conflict (key) do update set value = excluded.value`);
}

/**
 * What /lessons says of a price before the family books. "aid-pending": their request for help waits for staff, so no
 * price at all; "waived": a full waiver, nothing to pay; "price": from low to high (one coach: the same), after the
 * aid granted when there is some (`fullLow`/`fullHigh` the prices before it); "free": every price is $0; "none": no
 * price is set for this kind and length.
 */
export type LessonQuote =
  | { state: "none" | "free" | "aid-pending" | "waived" }
  | { state: "price"; low: number; high: number; afterAid: boolean; fullLow: number; fullHigh: number };

export async function getLessonQuote(
  db: SqlExecutor,
  q: { athleteId: string; kind: "lesson" | "evaluation"; minutes: number; coachIds: string[] },
): Promise<LessonQuote> {
  if (q.coachIds.length === 0) return { state: "none" };
  const minutes = q.kind === "evaluation" ? 30 : q.minutes;
  // An integer function, null where neither the coach nor the organisation has a price.
  const quoted = await rows(
    db,
    z.object({ cents: z.number().int().nullable() }),
    sql`
    select lesson_price_cents(c, ${q.kind}, ${minutes}) as cents
    from jsonb_array_elements_text(${JSON.stringify(q.coachIds)}::jsonb) as c`,
  );
  const prices = quoted.map((r) => r.cents).filter((c): c is number => c !== null);
  if (prices.length === 0) return { state: "none" };
  const fullLow = Math.min(...prices);
  const fullHigh = Math.max(...prices);
  if (fullHigh === 0) return { state: "free" };
  const accountId = await findAccountFor(db, q.athleteId);
  if ((await getAidState(db, accountId)).state === "open") return { state: "aid-pending" };
  if (!accountId) return { state: "price", low: fullLow, high: fullHigh, afterAid: false, fullLow, fullHigh };
  // The aid the charge will get: the grant in force on the database's day (payments_aid_in_force, migration 0047),
  // through the one formula (payments_aid_cents): the charge's trigger asks the same two functions.
  const aided = await rows(
    db,
    // A grant in force has its decision (and the integer formula then gives integers).
    z.object({ decision: z.enum(AID_DECISIONS), low: z.number().int(), high: z.number().int() }),
    sql`
    select a.decision,
      ${fullLow}::integer - payments_aid_cents(${fullLow}::integer, a.decision, a.percent, a.amount_cents, a.floor_cents) as low,
      ${fullHigh}::integer - payments_aid_cents(${fullHigh}::integer, a.decision, a.percent, a.amount_cents, a.floor_cents) as high
    from payments_aid_in_force(${accountId}::uuid, current_date) a`,
  );
  if (aided.length === 0) return { state: "price", low: fullLow, high: fullHigh, afterAid: false, fullLow, fullHigh };
  if (aided[0]!.decision === "waiver") return { state: "waived" };
  const { low, high } = aided[0]!;
  return high === 0 ? { state: "waived" } : { state: "price", low, high, afterAid: true, fullLow, fullHigh };
}

/**
 * For each of the family's bookings that was charged and still owes something, whether cancelling it now (by
 * `cancellerId`) would be credited: the database's own rule, asked with the page's clock.
 */
export async function getCancelCredits(db: SqlExecutor, bookingIds: string[], cancellerId: string, now: Date): Promise<Map<string, boolean>> {
  if (bookingIds.length === 0) return new Map();
  const credits = await rows(
    db,
    z.object({ id: z.string(), credited: z.boolean() }),
    sql`
    select b.id, lesson_cancel_credit(b.coach_id, ${cancellerId}, b.starts_at, ${now.toISOString()}::timestamptz) is not null as credited
    from bookings b join ledger_entries l on l.booking_id = b.id and l.kind = 'charge'
    where b.id = any(${`{${bookingIds.filter(isUuid).join(",")}}`}::uuid[])
      and l.amount_cents > coalesce((select sum(a.amount_cents) from ledger_entries a where a.applies_to = l.id and a.kind = 'aid'), 0)`,
  );
  return new Map(credits.map((r) => [r.id, r.credited]));
}

/** Whether `user` may tick "I would like financial help" while booking: they hold the family's purse, and no request waits or runs. */
export async function canAskHelpWhileBooking(db: SqlExecutor, user: Pick<Profile, "id" | "role">, settings: SafePlaySettings, today: string) {
  if (!(await canHoldAccount(db, user, settings))) return false;
  const aid = await getAidState(db, await findAccountFor(db, user.id));
  return aid.state === "none" || aid.state === "declined" || (aid.state === "granted" && aid.validUntil < today);
}

export type LessonHelp = { ok: true; answers: AidAnswers | null } | { ok: false; fieldErrors: Record<string, string | undefined> };

/**
 * The booking form's "I would like financial help" and its optional answers, checked by the aid request's own schema
 * (one way to ask: the answers /account/payments takes). The aid note is `aidNote` here, the booking's note being `note`.
 */
export async function parseLessonHelp(
  db: SqlExecutor,
  user: Pick<Profile, "id" | "role">,
  settings: SafePlaySettings,
  form: FormData,
): Promise<LessonHelp> {
  if (form.get("wantsHelp") === null) return { ok: true, answers: null };
  if (!(await canHoldAccount(db, user, settings))) return { ok: false, fieldErrors: { wantsHelp: m.lessonfees_help_not_holder() } };
  const fields = Object.fromEntries(["wantsHelp", "householdSize", "schoolLunch", "incomeBand"].map((k) => [k, form.get(k) ?? undefined]));
  const { data, fieldErrors } = parseForm(AidRequestSchema, { ...fields, note: form.get("aidNote") ?? "" });
  if (!data) {
    const { note, ...rest } = fieldErrors;
    return { ok: false, fieldErrors: { ...rest, ...(note ? { aidNote: note } : {}) } };
  }
  const { wantsHelp: _tick, ...answers } = data;
  return { ok: true, answers };
}

/** After the booking: the family's request for help, on the account that pays for the athlete (one open at a time). */
export async function askHelpAfterBooking(db: Db, athleteId: string, requestedBy: string, answers: AidAnswers) {
  return createAidRequest(db, await getOrCreateAccountFor(db, athleteId), requestedBy, answers);
}
