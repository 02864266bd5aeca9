import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.terms);

export default function Page() {
  return <PageHeader heading={PAGES.terms.heading} intro={PAGES.terms.description} />;
}
