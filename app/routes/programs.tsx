import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.programs);

export default function Page() {
  return <PageHeader heading={PAGES.programs.heading} intro={PAGES.programs.description} />;
}
