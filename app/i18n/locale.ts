// The catalog's runtime reads the language of what is being rendered from app/i18n/language.ts: on the server the
// request's (kept by server/languages.ts), in the browser the page's address.
import { overwriteGetLocale } from "~/paraglide/runtime";
import { getLocale, localizePath } from "./language";

export * from "./language";

overwriteGetLocale(getLocale);

/** A site path in the language of what is being rendered: every link and redirect inside the site goes through it. */
export const localHref = (path: string): string => localizePath(path, getLocale());
