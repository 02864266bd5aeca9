// The standing words of a page in the language of the request (issue 27): loaders send them with the page, so the
// browser downloads only the words it shows, in one language. Until a page's Spanish is written it shows in
// English (PAGES_ES is being completed page by page; app/i18n tests list what is missing).
import { getLocale } from "~/i18n/locale";
import { PAGES, type PageInfo } from "./pages";
import { PAGES_ES } from "./pages-es.server";

export function pageWords(key: keyof typeof PAGES): PageInfo {
  return (getLocale() === "es" ? PAGES_ES[key] : undefined) ?? PAGES[key];
}
