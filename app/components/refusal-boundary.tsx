// The error boundary of a page whose refusals (400, 403, 404) are said in a sentence under the page's title, with
// the way home: /safeguarding, /families/:id. The refusal's words come with it, in the page's language.
import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import { GeneralErrorBoundary, thrownMessage } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { m } from "~/paraglide/messages";

/** `title`: the page's heading; `documentTitle`: the window's title ("Family | NLTE"). */
export function RefusalBoundary({ title, documentTitle }: { title: string; documentTitle: string }) {
  const refused = (error: Parameters<typeof thrownMessage>[0]) => (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <title>{documentTitle}</title>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p role="alert" className="mt-2 text-slate-700">
        {thrownMessage(error) ?? m.messaging_refusal_not_done()}
      </p>
      <Link to={localHref("/")} className={`${buttonClass("primary")} mt-6`}>
        {m.messaging_refusal_go_home()}
      </Link>
    </section>
  );
  return <GeneralErrorBoundary statusHandlers={{ 403: refused, 404: refused, 400: refused }} />;
}
