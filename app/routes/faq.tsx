import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.faq);

export default function Page() {
  return <PageHeader heading={PAGES.faq.heading} intro={PAGES.faq.description} />;
}
