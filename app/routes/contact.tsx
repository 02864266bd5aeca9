import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.contact);

export default function Page() {
  return <PageHeader heading={PAGES.contact.heading} intro={PAGES.contact.description} />;
}
