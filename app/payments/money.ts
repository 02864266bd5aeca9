// Money as the site keeps it: integer cents. Pure (the browser may use it): reading dollars a person typed. The aid a
// grant gives one charge is the database's one rule, payments_aid_cents (migration 0034), asked wherever it is shown.

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
