// The standing words of a page in the language of the request (issue 27): loaders send them with the page, so the
// browser downloads only the words it shows, in one language.
import { getLocale } from "~/i18n/language";
import { PAGES, PROGRAM_PAGES, type PageInfo } from "./pages";
import { PAGES_ES, PROGRAM_PAGES_ES } from "./pages-es.server";

/** A page's title, description and heading in the request's language. */
export function pageWords(key: keyof typeof PAGES): PageInfo {
  return getLocale() === "es" ? PAGES_ES[key] : PAGES[key];
}

/** A program page's title, description and heading in the request's language. */
export function programPageWords(slug: keyof typeof PROGRAM_PAGES): PageInfo {
  return getLocale() === "es" ? PROGRAM_PAGES_ES[slug] : PROGRAM_PAGES[slug];
}
