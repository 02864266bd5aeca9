import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.general);

export default function Page() {
  return <PageHeader heading={PAGES.general.heading} intro={PAGES.general.description} />;
}
