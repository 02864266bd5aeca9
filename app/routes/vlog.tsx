import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.vlog);

export default function Vlog() {
  return <PageHeader heading={PAGES.vlog.heading} intro={PAGES.vlog.description} />;
}
