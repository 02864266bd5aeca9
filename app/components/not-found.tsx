import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { buttonClass } from "~/components/ui/button";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{m.not_found_title()}</title>
      <p className="text-7xl font-black text-court-700">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{m.not_found_heading()}</h1>
      <p className="mt-2 text-slate-700">{m.not_found_text()}</p>
      <Link to={localHref("/")} className={`${buttonClass("primary")} mt-6`}>
        {m.not_found_home()}
      </Link>
    </section>
  );
}
