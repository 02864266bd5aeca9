// /safeguarding's "Changes waiting for you" (Safe Play, decision 0022): each change that would lift a protection,
// asked by someone other than staff, with who asked, from and to. Approving asks for a tick that the lead checked the
// date with the family; keeping the current date is one step (it changes nothing). Works without JavaScript.
import { Form, Link } from "react-router";
import { localHref } from "~/i18n/locale";
import { Button } from "~/components/ui/button";
import { ConfirmTick } from "~/components/ui/confirm-tick";
import { m } from "~/paraglide/messages";

type Request = { id: string; householdId: string | null; person: string; requester: string; from: string | null; to: string };

export function ProtectionRequests({ requests, errorsFor }: { requests: Request[]; errorsFor: (id: string) => Partial<Record<string, string>> }) {
  return (
    <section aria-labelledby="requests-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="requests-heading" className="text-lg font-semibold text-slate-900">
        {m.messaging_sg_protection_heading()}
      </h2>
      {requests.length === 0 ? <p className="mt-2 text-slate-700">{m.messaging_sg_protection_none()}</p> : null}
      <ul className="mt-3 flex flex-col gap-4">
        {requests.map((r) => {
          const error = errorsFor(r.id).sure;
          const errorId = `request-${r.id}-error`;
          return (
            <li key={r.id} className="rounded-md border border-slate-200 p-4 text-slate-900">
              <p>{m.messaging_sg_protection_row({ requester: r.requester || "—", person: r.person, from: r.from ?? "—", to: r.to })}</p>
              {r.householdId ? (
                <Link to={localHref(`/families/${r.householdId}`)} className="mt-1 inline-block text-sm font-medium text-court-800 underline">
                  {m.messaging_sg_open_family()}
                </Link>
              ) : null}
              <div className="mt-3 flex flex-wrap items-end gap-4">
                <Form method="post" className="flex flex-col gap-2">
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="requestId" value={r.id} />
                  <ConfirmTick name="sure" label={m.messaging_sg_protection_sure()} error={error} errorId={errorId} />
                  <Button type="submit" variant="secondary" className="self-start">
                    {m.messaging_sg_protection_approve()}
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="refuse" />
                  <input type="hidden" name="requestId" value={r.id} />
                  <Button type="submit">{m.messaging_sg_protection_refuse()}</Button>
                </Form>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
