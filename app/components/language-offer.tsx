import { useLocation } from "react-router";
import { pathWithoutLocale } from "~/i18n/locale";
import { languageOffer } from "~/lib/page-behaviours-contract";
import { m } from "~/paraglide/messages";

/**
 * On an English page, for a visitor whose browser speaks Spanish first: "¿Prefiere leer en español?" with a button that
 * opens the page in Spanish and keeps the choice (issue 27). Written in Spanish, since it speaks to Spanish readers;
 * hidden until page-behaviours.js finds the browser's language (languageOffer), so a shared page stays the same page.
 */
export function LanguageOffer() {
  const { pathname, search } = useLocation();
  return (
    <div
      role="region"
      aria-label={m.language_offer_text()}
      lang="es"
      className="border-b border-court-200 bg-court-50 px-4 py-2 text-sm"
      {...languageOffer.box("es")}
    >
      <form method="post" action="/language" className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 text-slate-900">
        <span>{m.language_offer_text()}</span>
        <input type="hidden" name="next" value={pathWithoutLocale(pathname) + search} />
        <button type="submit" name="locale" value="es" className="font-semibold text-court-800 underline">
          {m.language_offer_link()}
        </button>
      </form>
    </div>
  );
}
