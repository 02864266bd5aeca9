// What coaches type (announcements, events, cancellation notes) has an English version and may have a Spanish one
// beside it (issue 27). This is the one place that chooses which a reader gets: every page, feed and calendar file
// that shows typed content asks it, and only says how to show the answer (a page wraps an English fallback in
// lang="en" and marks it; the feeds, which cannot mark it, write the English as it is).
import type { Locale } from "~/i18n/language";

/** A text as the reader gets it: its words, the language they are in, and whether it stands in for a missing Spanish. */
export type TypedText = { text: string; lang: Locale; fallback: boolean };

/** The two versions of one typed text: the English (null when the coach left it empty) and the Spanish, if any. */
export type TypedVersions<En extends string | null = string | null> = { en: En; es?: string | null | undefined };

/**
 * The version for a reader in `locale`. English readers always get the English. Spanish readers get the Spanish when
 * there is one, and otherwise the English, with `fallback: true` so the page can mark it as English. Null when
 * neither exists for the reader (an empty optional note).
 */
export function inReaderLanguage(versions: TypedVersions<string>, locale: Locale): TypedText;
export function inReaderLanguage(versions: TypedVersions, locale: Locale): TypedText | null;
export function inReaderLanguage({ en, es }: TypedVersions, locale: Locale): TypedText | null {
  const spanish = es?.trim() ? es : null;
  if (locale === "es" && spanish) return { text: spanish, lang: "es", fallback: false };
  if (en === null || !en.trim()) return null;
  return { text: en, lang: "en", fallback: locale === "es" };
}

/** Words the site itself writes in the reader's language (a day, a time): never a fallback. */
export function siteWords(text: string, locale: Locale): TypedText {
  return { text, lang: locale, fallback: false };
}
