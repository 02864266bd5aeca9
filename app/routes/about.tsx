import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.about);

export default function Page() {
  return <PageHeader heading={PAGES.about.heading} intro={PAGES.about.description} />;
}
