import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { TAGLINE } from "~/content/site";
import { pageMeta } from "~/lib/meta";
import { TestimonialsSection } from "~/components/testimonials-section";
import { loadTestimonialsSection } from "~/models/testimonials.server";
import type { Route } from "./+types/home";

export const meta = () => pageMeta(PAGES.home);

export async function loader({ request, context }: Route.LoaderArgs) {
  return { testimonials: await loadTestimonialsSection(request, context) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
    <section className="bg-gradient-to-br from-court-800 via-court-700 to-navy-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:py-28">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">{PAGES.home.heading}</h1>
        <p className="mt-4 text-2xl font-semibold text-ball-300">{TAGLINE}</p>
        <p className="mt-4 max-w-2xl text-lg text-slate-100">
          Tennis and education for student-athletes in Washington DC, Baltimore, Atlanta and Chesapeake, steering them toward
          academic circles and college scholarships.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/programs" className={buttonClass("primary", "bg-ball-400 text-navy-900 hover:bg-ball-300")}>
            Join Our Programs
          </Link>
          <Link to="/about" className={buttonClass("secondary", "border-white bg-transparent text-white hover:bg-white/10")}>
            Learn More
          </Link>
        </div>
      </div>
    </section>
    <TestimonialsSection {...loaderData.testimonials} />
    </>
  );
}
