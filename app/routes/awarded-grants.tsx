import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.grants);

export default function Page() {
  return <PageHeader heading={PAGES.grants.heading} intro={PAGES.grants.description} />;
}
