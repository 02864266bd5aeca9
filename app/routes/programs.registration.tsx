import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.registration);

export default function Page() {
  return <PageHeader heading={PAGES.registration.heading} intro={PAGES.registration.description} />;
}
