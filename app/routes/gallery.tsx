import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.gallery);

export default function Page() {
  return <PageHeader heading={PAGES.gallery.heading} intro={PAGES.gallery.description} />;
}
