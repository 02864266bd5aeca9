import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { Button, buttonClass } from "~/components/ui/button";

/** What a page shows when it fails: a calm message and a way on; the details go to the server log, never the screen. */
export function ErrorFallback({ status }: { status?: number | undefined }) {
  const forbidden = status === 403;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{forbidden ? m.forbidden_title() : m.error_title()}</title>
      <h1 className="text-3xl font-bold text-slate-900">{forbidden ? m.forbidden_heading() : m.error_heading()}</h1>
      <p className="mt-3 text-slate-700">{forbidden ? m.forbidden_text() : m.error_text()}</p>
      <div className="mt-6 flex gap-3">
        {forbidden ? null : <Button onClick={() => window.location.reload()}>{m.error_refresh()}</Button>}
        <Link to={localHref("/")} className={buttonClass("secondary")} reloadDocument>
          {m.error_home()}
        </Link>
      </div>
    </section>
  );
}
