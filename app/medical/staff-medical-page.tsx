// /staff/medical (issue 39, decision 0063): the athletes who have medical information, each with its flag ("Medical
// alert" or "Medical notes") and when it last changed; a tap asks the server for one athlete's details (the sheet's
// MedicalFlag: held in the page's memory only), and each read is written to the safeguarding log.

import { CardSection } from "~/components/ui/card-section";
import { formatDateIn } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import { MedicalFlag } from "./medical-flag";
import type { MedicalListEntry } from "./staff.server";
import type { MedicalReadAnswer } from "./types";

export function StaffMedicalPage({ athletes, answer }: { athletes: MedicalListEntry[]; answer: MedicalReadAnswer | undefined }) {
  const zone = useOrgTimeZone();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{m.season_medical_heading()}</h1>
        <p className="mt-2 text-slate-800">{m.season_medical_intro()}</p>
      </div>
      <CardSection title={m.season_medical_list({ count: athletes.length })}>
        {athletes.length === 0 ? <p className="text-slate-700">{m.season_medical_none()}</p> : null}
        <ul className="flex flex-col gap-4">
          {athletes.map((a) => (
            <li key={a.id} className="rounded-md border border-slate-200 p-3">
              <p className="font-semibold text-slate-900">{a.name}</p>
              <p className="text-sm text-slate-700">{m.season_medical_updated({ day: formatDateIn(a.updatedAt, zone) })}</p>
              <MedicalFlag athleteId={a.id} athleteName={a.name} flag={a.flag} answered={answer} />
            </li>
          ))}
        </ul>
      </CardSection>
    </div>
  );
}
