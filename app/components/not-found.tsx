import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { PAGES } from "~/content/pages";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{PAGES.notFound.title}</title>
      <p className="text-7xl font-black text-court-700">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-2 text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={`${buttonClass("primary")} mt-6`}>
        Return to Home
      </Link>
    </section>
  );
}
