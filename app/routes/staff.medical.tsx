// /staff/medical (issue 39, decisions 0063 and 0069): staff (readsAllMedical: the safeguarding lead and administrators)
// see which athletes have medical information and read one athlete's on demand (intent=medical), each read in the
// safeguarding log.
// requireMedicalStaff first on the loader and the action; the rule and the log are app/medical's.
import { useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/staff.medical";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { pageMeta } from "~/lib/meta";
import { answerMedicalRead, getMedicalList, readMedicalDetails, requireMedicalStaff, STAFF_MEDICAL_PAGE } from "~/medical/index.server";
import { StaffMedicalPage } from "~/medical/staff-medical-page";
import { MEDICAL_INTENT, type MedicalReadAnswer } from "~/medical/types";
import { refused } from "~/lib/forms";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.season_medical_heading()} | NLTE`, description: m.season_medical_intro() }),
  { name: "robots", content: "noindex" },
];

// Names and (after a tap) medical details: nothing of it is kept by a cache on the way or on the device.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// Reading one athlete's details changes nothing the list shows: it is not read again for it.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === MEDICAL_INTENT ? false : defaultShouldRevalidate;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMedicalStaff(request, context);
  return { athletes: await getMedicalList(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMedicalStaff(request, context);
  const form = await request.formData();
  const athleteId = String(form.get("athleteId") ?? "");
  if (form.get("intent") !== MEDICAL_INTENT) return refused({});
  return answerMedicalRead(athleteId, await readMedicalDetails(context.db, user, athleteId, null, STAFF_MEDICAL_PAGE, context.config.safePlay));
}

export default function StaffMedical({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<MedicalReadAnswer>();
  return <StaffMedicalPage athletes={loaderData.athletes} answer={answer} />;
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.season_medical_heading()} documentTitle={`${m.season_medical_heading()} | NLTE`} />;
}
