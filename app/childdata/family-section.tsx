// The family page's "Your children's data" (issue 40, decision 0056): for each athlete the person may act for here,
// "Download <name>'s data" (a JSON file, and the same as a page to read), and "Ask to delete <name>'s data", asked once
// first (the site's confirm control: a dialog with JavaScript, a step on the page without). An open request shows its
// deadline; an ended one says what was deleted and what was kept, or why it was refused. A guardian staff have not
// confirmed yet, or the guardian of an adult athlete, is told why the buttons are not there.
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Confirmation } from "~/components/ui/confirmation";
import { FormError } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { answerTo, CardSection, type AthleteSectionAnswer } from "~/components/ui/card-section";
import { formatDateIn } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import type { ChildDataAthlete } from "./access.server";
import type { DataRequest } from "./requests.server";
import { CHILD_DATA_INTENT } from "./intents";

type Answer = AthleteSectionAnswer;

const linkClass = "inline-flex min-h-11 items-center font-semibold text-court-800 underline";

export function ChildDataSection({
  athletes,
  requests,
  kept,
  answer,
  busy,
}: {
  athletes: ChildDataAthlete[];
  requests: DataRequest[];
  kept: string[];
  answer: Answer | undefined;
  busy: boolean;
}) {
  const zone = useOrgTimeZone();
  if (athletes.length === 0 && requests.length === 0) return null;
  const day = (iso: string) => formatDateIn(iso, zone);
  const own = (id: string) => answerTo(answer, CHILD_DATA_INTENT, id);
  const ended = requests.filter((r) => r.status !== "open");
  return (
    <CardSection title={m.childdata_heading()} id="child-data-heading">
      <p className="text-slate-700">{m.childdata_intro()}</p>
      {athletes.map((a) => {
        const answered = own(a.id);
        const open = requests.find((r) => r.athleteId === a.id && r.status === "open");
        const headingId = `child-data-${a.id}`;
        return (
          <div key={a.id} className="mt-5 flex flex-col gap-2 border-t border-slate-200 pt-4">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {a.name}
            </h3>
            {answered?.ok && answered.message ? <Confirmation key={answered.savedAt}>{answered.message}</Confirmation> : null}
            {answered && !answered.ok && answered.formError ? <FormError message={answered.formError} /> : null}
            {a.wait ? (
              <p className="text-slate-800">
                {a.wait === "unconfirmed" ? m.childdata_wait_unconfirmed({ name: a.name }) : m.childdata_wait_adult({ name: a.name })}
              </p>
            ) : (
              <>
                <div className="flex flex-wrap gap-x-6">
                  <a href={localHref(`/account/family/data/${a.id}/file`)} download className={linkClass}>
                    {m.childdata_download({ name: a.name })}
                  </a>
                  <a href={localHref(`/account/family/data/${a.id}`)} className={linkClass}>
                    {m.childdata_read({ name: a.name })}
                  </a>
                </div>
                {open ? (
                  <p className="text-slate-800">{m.childdata_open({ name: a.name, asked: day(open.askedAt), due: day(open.dueBy) })}</p>
                ) : (
                  <ConfirmAction
                    fields={{ intent: CHILD_DATA_INTENT, athleteId: a.id }}
                    label={m.childdata_ask({ name: a.name })}
                    question={m.childdata_ask_question({ name: a.name })}
                    detail={m.childdata_ask_detail()}
                    confirmLabel={m.childdata_ask_confirm()}
                    asking={(answer?.ok && answer.confirm) || null}
                    busy={busy}
                    describedBy={headingId}
                    className="self-start"
                  />
                )}
              </>
            )}
          </div>
        );
      })}
      {ended.length > 0 ? (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="font-semibold text-slate-900">{m.childdata_ended_heading()}</h3>
          <ul className="mt-2 flex flex-col gap-3">
            {ended.map((r) => (
              <li key={r.id} className="text-slate-800">
                {r.status === "done" ? (
                  <>
                    <p>{m.childdata_done({ asked: day(r.askedAt), when: day(r.handledAt ?? r.askedAt) })}</p>
                    <p className="mt-1 font-medium">{m.childdata_kept_heading()}</p>
                    <ul className="list-disc pl-5">
                      {kept.map((k) => (
                        <li key={k}>{k}</li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p>{m.childdata_refused({ name: r.athleteName, when: day(r.handledAt ?? r.askedAt), reason: r.reason })}</p>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </CardSection>
  );
}
