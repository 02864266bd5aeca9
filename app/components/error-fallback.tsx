import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";

/** What a page shows when it fails: a calm message and a way on; the details go to the server log, never the screen. */
export function ErrorFallback({ status }: { status?: number | undefined }) {
  const forbidden = status === 403;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{forbidden ? "Access denied | NLTE" : "Something went wrong | NLTE"}</title>
      <h1 className="text-3xl font-bold text-slate-900">{forbidden ? "Access denied" : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-700">
        {forbidden
          ? "You do not have permission to see this page."
          : "We're sorry, but something unexpected happened. Please try refreshing the page."}
      </p>
      <div className="mt-6 flex gap-3">
        {forbidden ? null : <Button onClick={() => window.location.reload()}>Refresh Page</Button>}
        <Link to="/" className={buttonClass("secondary")} reloadDocument>
          Go to Home
        </Link>
      </div>
    </section>
  );
}
