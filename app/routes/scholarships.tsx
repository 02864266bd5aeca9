import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.scholarships);

export default function Page() {
  return <PageHeader heading={PAGES.scholarships.heading} intro={PAGES.scholarships.description} />;
}
