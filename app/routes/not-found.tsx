import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/not-found";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  console.warn(`404 not found: ${url.pathname}`);
  return data(null, { status: 404 });
}

export const meta = () => [...pageMeta(PAGES.notFound), { name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return <NotFound />;
}
