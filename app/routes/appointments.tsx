import type { Route } from "./+types/appointments";
import { requireCoach } from "~/auth/session.server";
import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.appointments);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCoach(request, context);
  return null;
}

export default function Appointments() {
  return <PageHeader heading={PAGES.appointments.heading} intro={PAGES.appointments.description} />;
}
