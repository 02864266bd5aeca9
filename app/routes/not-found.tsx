import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/not-found";
import { PAGES } from "~/content/pages";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  console.warn(`404 not found: ${url.pathname}`);
  return data(null, { status: 404 });
}

// The title comes from <NotFound />, which the error boundary shows too.
export const meta = () => [
  { name: "description", content: PAGES.notFound.description },
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
