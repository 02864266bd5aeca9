// Money as the site keeps it: integer cents. Pure (the browser may use it): reading dollars a person typed, and the
// aid a grant gives one charge, the same rule as the database's payments_aid_cents (migration 0034).

/** "120", "120.5", "120.50", "$1,200.00" as cents; null for anything else (negative, three decimals, words). */
export function parseDollars(typed: string): number | null {
  const v = typed
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(v)) return null;
  const [whole, frac = ""] = v.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

export type AidTerms = {
  decision: "waiver" | "percent" | "amount";
  percent?: number | null;
  amountCents?: number | null;
  floorCents?: number | null;
};

/** The aid one charge gets: all of it for a waiver; else the percentage or the amount, the floor still paid, never more than the charge. */
export function aidCents(chargeCents: number, t: AidTerms): number {
  if (t.decision === "waiver") return chargeCents;
  const off = t.decision === "percent" ? Math.round((chargeCents * (t.percent ?? 0)) / 100) : (t.amountCents ?? 0);
  return Math.max(0, Math.min(chargeCents - (t.floorCents ?? 0), off, chargeCents));
}
