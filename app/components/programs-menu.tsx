import { ChevronDown } from "lucide-react";
import { localHref, pathWithoutLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { useId } from "react";
import { NavLink, useLocation } from "react-router";
import { PROGRAM_LINKS } from "~/content/site";
import { disclosure } from "~/lib/page-behaviours-contract";

const PROGRAMS_CLOSE_DELAY_MS = 150;

/**
 * The Programs dropdown: opens on hover, closes 150 ms after the pointer leaves; also a keyboard disclosure (Enter,
 * arrows, Escape). Its behaviour is app/lib/page-behaviours.js (`disclosure`), so it works on pages without React.
 */
export function ProgramsMenu() {
  const menuId = useId();
  const active = pathWithoutLocale(useLocation().pathname).startsWith("/programs");
  return (
    <div className="relative" {...disclosure.box({ hover: PROGRAMS_CLOSE_DELAY_MS, arrowKeys: true, closeOnBlur: true })}>
      <button
        type="button"
        {...disclosure.button(menuId)}
        className={`group flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium ${active ? "text-court-800 underline decoration-2 underline-offset-8" : "text-slate-700 hover:text-court-800"}`}
      >
        {m.nav_programs()} <ChevronDown aria-hidden className="size-4 transition-transform group-aria-expanded:rotate-180" />
      </button>
      <ul
        {...disclosure.panel(menuId)}
        className="absolute left-0 top-full z-40 mt-1 w-64 rounded-lg border border-slate-200 bg-white py-2 shadow-lg"
      >
        {PROGRAM_LINKS.map((p) => (
          <li key={p.to}>
            <NavLink
              to={localHref(p.to)}
              className={({ isActive }) =>
                `block px-4 py-2 text-sm ${isActive ? "bg-court-50 font-semibold text-court-800" : "text-slate-700 hover:bg-slate-50"}`
              }
            >
              {p.name()}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
