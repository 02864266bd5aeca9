// Which language a page is in (issue 27, decision 0027). The address says it: /es and /es/... are Spanish, every other
// path is English. The server and the browser read the same rule from the same path, so what the server rendered
// and what the browser hydrates always agree. A person's choice (the nlte-lang cookie on the device, the account's
// language everywhere else) only sends their browser to the address in their language (server/languages.ts).
// Pure: the server's Node code and the operator's commands import it too (the catalog's runtime is bound to it in
// app/i18n/locale.ts).

export type Locale = "en" | "es";
export const LOCALES = ["en", "es"] as const satisfies readonly Locale[];
export const isLocale = (value: unknown): value is Locale => value === "en" || value === "es";

/** The device's choice, set by the language switch and at sign-in from the account. Not personal: pages stay shared. */
export const LOCALE_COOKIE = "nlte-lang";
/** A language's own name, as its readers write it: the switch offers "Español" to English readers and vice versa. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };
/** What `Intl` formats dates and numbers with. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-US", es: "es-US" };

const SPANISH_PREFIX = /^\/es(?=\/|\.data$|$)/;

/** The language a path is written in. */
export function localeOfPath(pathname: string): Locale {
  return SPANISH_PREFIX.test(pathname) ? "es" : "en";
}

/** The path without its language prefix: what the page is, whatever the language ("/es/about" is "/about"). */
export function pathWithoutLocale(pathname: string): string {
  return pathname.replace(SPANISH_PREFIX, "") || "/";
}

/** The same page in a language: localizePath("/about?x=1", "es") is "/es/about?x=1"; only site paths change. */
export function localizePath(href: string, locale: Locale): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const at = href.search(/[?#]/);
  const path = at === -1 ? href : href.slice(0, at);
  const rest = at === -1 ? "" : href.slice(at);
  const bare = pathWithoutLocale(path);
  if (locale === "en") return bare + rest;
  return (bare === "/" ? "/es" : `/es${bare}`) + rest;
}

/** The locale of the cookie header, when the device chose one. */
export function localeOfCookie(cookieHeader: string | null | undefined): Locale | null {
  const value = /(?:^|;\s*)nlte-lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? "")?.[1];
  return isLocale(value) ? value : null;
}

/** Where the server keeps each request's language (server/languages.ts runs the request inside it). */
export const SERVER_LOCALE_STORE = Symbol.for("nlte.request-locale");

type LocaleStore = { getStore(): Locale | undefined };

/** The language of what is being rendered or answered now: the request's on the server, the page's in the browser. */
export function getLocale(): Locale {
  if (typeof document === "undefined") return (globalThis as { [SERVER_LOCALE_STORE]?: LocaleStore })[SERVER_LOCALE_STORE]?.getStore() ?? "en";
  return localeOfPath(window.location.pathname);
}

/**
 * A message of the catalog in the browser's build (scripts/paraglide.ts writes each one as a call of this): its
 * English and its Spanish words (a string, or a function of the message's inputs), chosen by the language of the page
 * or by `options.locale`, as Paraglide's own chooser does.
 */
export function message<Inputs>(en: string | ((inputs: Inputs) => string), es: string | ((inputs: Inputs) => string)) {
  return (inputs = {} as Inputs, options: { locale?: Locale } = {}): string => {
    const words = (options.locale ?? getLocale()) === "es" ? es : en;
    return typeof words === "string" ? words : words(inputs);
  };
}
