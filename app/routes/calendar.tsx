import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.calendar);

export default function Page() {
  return <PageHeader heading={PAGES.calendar.heading} intro={PAGES.calendar.description} />;
}
