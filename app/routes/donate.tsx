import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.donate);

export default function Page() {
  return <PageHeader heading={PAGES.donate.heading} intro={PAGES.donate.description} />;
}
