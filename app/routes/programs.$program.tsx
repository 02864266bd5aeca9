import { data } from "react-router";
import type { Route } from "./+types/programs.$program";
import { PageHeader } from "~/components/page-header";
import { PROGRAM_PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

function programPage(slug: string | undefined) {
  return slug && Object.hasOwn(PROGRAM_PAGES, slug) ? PROGRAM_PAGES[slug as keyof typeof PROGRAM_PAGES] : null;
}

export function loader({ params }: Route.LoaderArgs) {
  const page = programPage(params.program);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta = ({ data }: Route.MetaArgs) => (data ? pageMeta(data.page) : []);

export default function ProgramPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return <PageHeader heading={page.heading} intro={page.description} />;
}
