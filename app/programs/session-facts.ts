// How a program's session reads on its page, in the reader's language (issue 28): ages, levels, fee, places, the map
// link. Each says nothing (null) when the coach left the fact empty: the page then leaves it out, or says "ask us".
// Never "TBD".
import { INTL_LOCALE, type Locale } from "~/i18n/language";
import { inReaderLanguage, siteWords, type TypedText } from "~/lib/typed-content";
import { joinAnd } from "~/lib/words";
import { m } from "~/paraglide/messages";

const list = (items: string[], locale: Locale) =>
  locale === "es" ? new Intl.ListFormat(INTL_LOCALE.es, { type: "conjunction" }).format(items) : joinAnd(items);

/** "8-12", "4 and up", "up to 12"; Spanish "de 8 a 12 años", "desde los 4 años", "hasta los 12 años". */
export function agesText(from: number | null, to: number | null, locale: Locale): string | null {
  if (from !== null && to !== null) return m.programs_ages_range({ from: String(from), to: String(to) }, { locale });
  if (from !== null) return m.programs_ages_from({ from: String(from) }, { locale });
  if (to !== null) return m.programs_ages_to({ to: String(to) }, { locale });
  return null;
}

/** "Level 5", "Levels 1-3", "Levels 2 and 4", "all five levels" (Spanish "Nivel 5", "los cinco niveles"). */
export function levelsText(levels: number[], locale: Locale): string | null {
  const sorted = [...new Set(levels)].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  if (sorted.length === 5) return m.programs_levels_all({}, { locale });
  if (sorted.length === 1) return m.programs_levels_one({ level: String(sorted[0]) }, { locale });
  const consecutive = sorted.every((l, i) => i === 0 || l === sorted[i - 1]! + 1);
  const levelsList = consecutive && sorted.length > 2 ? `${sorted[0]}-${sorted.at(-1)}` : list(sorted.map(String), locale);
  return m.programs_levels_many({ levels: levelsList }, { locale });
}

/** "$120", "$120.50" (dollars, as the organisation's families pay). */
export function formatDollars(cents: number, locale: Locale): string {
  const whole = cents % 100 === 0;
  const key = `${locale}|${whole}`;
  let f = dollarFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency: "USD", minimumFractionDigits: whole ? 0 : 2 });
    dollarFormats.set(key, f);
  }
  return f.format(cents / 100);
}

// Made once each (making a formatter costs about 100 times using one: a family's 181 rows cost 10 ms, issue 41's bench).
const dollarFormats = new Map<string, Intl.NumberFormat>();

/** "$120 a month", "$300 for the season", "Free"; null when no fee is given. */
export function feeText(cents: number | null, per: "month" | "season" | "session" | null, locale: Locale): string | null {
  if (cents === null) return null;
  if (cents === 0) return m.programs_fee_free({}, { locale });
  const amount = formatDollars(cents, locale);
  if (per === "season") return m.programs_fee_season({ amount }, { locale });
  if (per === "session") return m.programs_fee_session({ amount }, { locale });
  return m.programs_fee_month({ amount }, { locale });
}

/** "Up to 16 players"; null when not given. */
export function capacityText(capacity: number | null, locale: Locale): string | null {
  return capacity === null ? null : m.programs_capacity({ count: String(capacity) }, { locale });
}

/** A map search for the street address (any phone opens it in its maps app); null without an address. */
export function mapHref(streetAddress: string | null): string | null {
  return streetAddress ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(streetAddress)}` : null;
}

/** Distinct texts, in their first order, joined by "; "; null when there are none. */
export function distinct(texts: Array<string | null>): string | null {
  const kept = [...new Set(texts.filter((t): t is string => Boolean(t)))];
  return kept.length ? kept.join("; ") : null;
}

/**
 * What to bring (issue 39, decision 0063): the session's own words in the reader's language (the English, marked, when
 * its Spanish is missing), or the organisation's standing list when staff wrote none. The one source of the session's
 * card and the Enrolled mail.
 */
export function whatToBring(s: { whatToBring: string | null; whatToBringEs: string | null }, locale: Locale): TypedText {
  return inReaderLanguage({ en: s.whatToBring, es: s.whatToBringEs }, locale) ?? siteWords(m.programs_what_to_bring_standing({}, { locale }), locale);
}
