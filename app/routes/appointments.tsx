import { CheckCircle2 } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/appointments";
import { requireCoach } from "~/auth/session.server";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/public/section";
import { Button } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { formatDateTime } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { ClientBadges } from "~/components/client-label";
import { getClientLabels } from "~/models/family.server";
import { getContactMessages, getRegistrationRequests, updateSubmissionHandled } from "~/models/submissions.server";

export const meta = () => [...pageMeta(PAGES.appointments), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCoach(request, context);
  const [registrations, messages] = await Promise.all([getRegistrationRequests(context.db), getContactMessages(context.db)]);
  // Safe Play: where a submission's address is a client's, coaches see guardian or athlete, "Minor" and the family.
  const { byEmail } = await getClientLabels(
    context.db,
    { emails: [...registrations, ...messages].map((s) => s.email) },
    context.config.messaging.safePlay,
  );
  const labels = Object.fromEntries(byEmail);
  return { registrations, messages, labels };
}

const HandleSchema = z.object({ kind: z.enum(["registration", "contact"]), id: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const coach = await requireCoach(request, context);
  const parsed = HandleSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data({ error: "Unknown submission" }, { status: 400 });
  const updated = await updateSubmissionHandled(context.db, parsed.data.kind, parsed.data.id, coach.id);
  return { ok: true, updated };
}

function Handled({
  kind,
  id,
  handledAt,
  handledByName,
  label,
}: {
  kind: string;
  id: string;
  handledAt: Date | string | null;
  handledByName: string | null;
  label: string;
}) {
  const navigation = useNavigation();
  const zone = useOrgTimeZone();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === id;
  if (handledAt) {
    return (
      <p className="flex items-center gap-1 text-sm font-medium text-court-800">
        <CheckCircle2 aria-hidden className="size-4" /> Handled{handledByName ? ` by ${handledByName}` : ""} on {formatDateTime(handledAt, zone)}
      </p>
    );
  }
  return (
    <Form method="post">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" disabled={busy} aria-label={`Mark handled: ${label}`}>
        {busy ? "Saving..." : "Mark handled"}
      </Button>
    </Form>
  );
}

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const { registrations, messages, labels } = loaderData;
  const zone = useOrgTimeZone();
  return (
    <>
      <PageHeader heading={PAGES.appointments.heading} intro="Registrations and messages sent by families through the website, newest first." />
      <Section title={`Registrations (${registrations.length})`} id="registrations">
        {registrations.length === 0 ? (
          <p className="text-slate-700">No registrations yet.</p>
        ) : (
          <ul className="space-y-4">
            {registrations.map((r) => (
              <li
                key={r.id}
                className={`rounded-xl border p-5 ${r.handledAt ? "border-slate-200 bg-slate-50" : "border-court-200 bg-white shadow-sm"}`}
              >
                <article aria-label={`Registration: ${r.studentName}`}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h3 className="text-lg font-semibold text-navy-900">
                        {r.studentName}, {r.age}
                      </h3>
                      <p className="text-sm text-slate-600">Received {formatDateTime(r.createdAt, zone)}</p>
                    </div>
                    <Handled kind="registration" id={r.id} handledAt={r.handledAt} handledByName={r.handledByName} label={r.studentName} />
                  </div>
                  <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                    <div>
                      <dt className="inline font-semibold">Skill level: </dt>
                      <dd className="inline">{r.skillLevel}</dd>
                    </div>
                    <div>
                      <dt className="inline font-semibold">Program: </dt>
                      <dd className="inline">{r.programInterest}</dd>
                    </div>
                    <div>
                      <dt className="inline font-semibold">Parent/guardian: </dt>
                      <dd className="inline">{r.parentName}</dd>
                    </div>
                    <div>
                      <dt className="inline font-semibold">Email: </dt>
                      <dd className="inline">
                        <a className="text-court-800 underline" href={`mailto:${r.email}`}>
                          {r.email}
                        </a>{" "}
                        <ClientBadges label={labels[r.email.toLowerCase()]} />
                      </dd>
                    </div>
                    <div>
                      <dt className="inline font-semibold">Phone: </dt>
                      <dd className="inline">{r.phone}</dd>
                    </div>
                    <div>
                      <dt className="inline font-semibold">Emergency contact: </dt>
                      <dd className="inline">{r.emergencyContact}</dd>
                    </div>
                  </dl>
                </article>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={`Messages (${messages.length})`} id="messages">
        {messages.length === 0 ? (
          <p className="text-slate-700">No messages yet.</p>
        ) : (
          <ul className="space-y-4">
            {messages.map((m) => (
              <li
                key={m.id}
                className={`rounded-xl border p-5 ${m.handledAt ? "border-slate-200 bg-slate-50" : "border-court-200 bg-white shadow-sm"}`}
              >
                <article aria-label={`Message from ${m.name}`}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h3 className="text-lg font-semibold text-navy-900">{m.name}</h3>
                      <p className="text-sm text-slate-600">
                        Received {formatDateTime(m.createdAt, zone)} ·{" "}
                        <a className="text-court-800 underline" href={`mailto:${m.email}`}>
                          {m.email}
                        </a>
                        {m.phone ? ` · ${m.phone}` : ""}
                      </p>
                      <ClientBadges label={labels[m.email.toLowerCase()]} />
                    </div>
                    <Handled kind="contact" id={m.id} handledAt={m.handledAt} handledByName={m.handledByName} label={m.name} />
                  </div>
                  <p className="mt-3 whitespace-pre-line text-slate-800">{m.message}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
