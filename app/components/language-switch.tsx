import { useLocation } from "react-router";
import { getLocale, LANGUAGE_NAMES, pathWithoutLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

/**
 * "Español" on English pages, "English" on Spanish ones (issue 27): a plain form, so it works on pages without React
 * and without JavaScript, and the page opens whole in the other language (app/routes/language.ts keeps the choice).
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { pathname, search } = useLocation();
  const other = getLocale() === "es" ? "en" : "es";
  return (
    <form method="post" action="/language" className={className}>
      <input type="hidden" name="next" value={pathWithoutLocale(pathname) + search} />
      <button
        type="submit"
        name="locale"
        value={other}
        lang={other}
        aria-label={m.language_switch_to({ language: LANGUAGE_NAMES[other] })}
        className="rounded-md px-2 py-2 text-sm font-medium text-court-800 underline decoration-1 underline-offset-4 hover:text-court-900"
      >
        {LANGUAGE_NAMES[other]}
      </button>
    </form>
  );
}
