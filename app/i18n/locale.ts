// The catalog's runtime reads the language of what is being rendered from here: on the server the request's (kept
// by server/languages.ts), in the browser the page's address. See app/i18n/paths.ts for the rule itself.
import { overwriteGetLocale } from "~/paraglide/runtime";
import { localeOfPath, localizePath, SERVER_LOCALE_STORE, type Locale } from "./paths";

export * from "./paths";

type LocaleStore = { getStore(): Locale | undefined };

/** The language of what is being rendered or answered now. */
export function getLocale(): Locale {
  if (typeof document === "undefined") return (globalThis as { [SERVER_LOCALE_STORE]?: LocaleStore })[SERVER_LOCALE_STORE]?.getStore() ?? "en";
  return localeOfPath(window.location.pathname);
}
overwriteGetLocale(getLocale);

/** A site path in the language of what is being rendered: every link and redirect inside the site goes through it. */
export const localHref = (path: string): string => localizePath(path, getLocale());
