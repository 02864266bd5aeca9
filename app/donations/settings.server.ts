// The organisation's EIN (decision 0060), printed on every gift's receipt, and the card fee "cover the fee" adds
// (decision 0067): kept in app_settings as the organisation's other settings are (the database checks both), set by an
// administrator on /staff beside the security programme's settings.
import { sql } from "drizzle-orm";
import type { SqlExecutor } from "~/mail/index.server";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow, rows } from "../../db/rows";
import { DEFAULT_CARD_FEE, type CardFee } from "./gross-up";

export const EIN_KEY = "donations.ein";

/** The EIN ("12-3456789"), or null while none is set. */
export async function getEin(db: SqlExecutor): Promise<string | null> {
  const setting = await maybeRow(db, z.object({ value: z.string() }), sql`select value from app_settings where key = ${EIN_KEY}`);
  return setting?.value || null;
}

/** Sets the EIN, or clears it with "". */
export async function setEin(db: Db, ein: string) {
  if (!ein) {
    await db.execute(sql`delete from app_settings where key = ${EIN_KEY}`);
    return;
  }
  await db.execute(sql`insert into app_settings (key, value) values (${EIN_KEY}, ${ein})
    on conflict (key) do update set value = excluded.value`);
}

const FEE_KEYS = { basisPoints: "donations.fee_basis_points", fixedCents: "donations.fee_fixed_cents" } as const;

/** The card processor's fee donors cover: the setting, or 2.9% + 30 cents where it is missing. */
export async function getCardFee(db: SqlExecutor): Promise<CardFee> {
  const found = await rows(
    db,
    z.object({ key: z.string(), value: z.coerce.number().int() }),
    sql`select key, value from app_settings where key in (${FEE_KEYS.basisPoints}, ${FEE_KEYS.fixedCents})`,
  );
  const of = (key: string) => found.find((r) => r.key === key)?.value;
  return {
    basisPoints: of(FEE_KEYS.basisPoints) ?? DEFAULT_CARD_FEE.basisPoints,
    fixedCents: of(FEE_KEYS.fixedCents) ?? DEFAULT_CARD_FEE.fixedCents,
  };
}

/** Sets the card fee (both parts at once). */
export async function setCardFee(db: Db, fee: CardFee) {
  await db.execute(sql`insert into app_settings (key, value)
    values (${FEE_KEYS.basisPoints}, ${String(fee.basisPoints)}), (${FEE_KEYS.fixedCents}, ${String(fee.fixedCents)})
    on conflict (key) do update set value = excluded.value`);
}
