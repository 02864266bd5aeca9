import { CheckCircle2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
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
import { getClientLabels } from "~/family/households.server";
import { countSubmissions, getContactMessages, getRegistrationRequests, INBOX_PAGE_SIZE, updateSubmissionHandled } from "~/forms/submissions.server";
import { invariantResponse } from "~/lib/responses.server";

export const meta = () => [...pageMeta(PAGES.appointments), { name: "robots", content: "noindex" }];

// `?page=2` shows the next INBOX_PAGE_SIZE of each kind; anything that is not a page number reads as the first page.
const PageSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,5}$/)
  .transform(Number)
  .catch(1);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCoach(request, context);
  const totals = await countSubmissions(context.db);
  const pages = Math.max(1, Math.ceil(Math.max(totals.registrations, totals.messages) / INBOX_PAGE_SIZE));
  // A page past the end (an old or mistyped link) shows the last one rather than nothing.
  const page = Math.min(PageSchema.parse(new URL(request.url).searchParams.get("page")), pages);
  const offset = (page - 1) * INBOX_PAGE_SIZE;
  const [registrations, messages] = await Promise.all([
    getRegistrationRequests(context.db, INBOX_PAGE_SIZE, offset),
    getContactMessages(context.db, INBOX_PAGE_SIZE, offset),
  ]);
  // Safe Play: where a submission's address is a client's, coaches see guardian or athlete, "Minor" and the family.
  const { byEmail } = await getClientLabels(context.db, { emails: [...registrations, ...messages].map((s) => s.email) }, context.config.safePlay);
  const labels = Object.fromEntries(byEmail);
  return { registrations, messages, labels, page, pages, offset, totals };
}

const HandleSchema = z.object({ kind: z.enum(["registration", "contact"]), id: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const coach = await requireCoach(request, context);
  const parsed = HandleSchema.safeParse(Object.fromEntries(await request.formData()));
  invariantResponse(parsed.success, "Unknown submission");
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

/** Links to the newer and older pages: plain links, so they work before the page's script has loaded. */
function PageLinks({ page, pages, where }: { page: number; pages: number; where: "top" | "bottom" }) {
  if (pages <= 1) return null;
  const href = (p: number) => (p === 1 ? "/appointments" : `/appointments?page=${p}`);
  return (
    <nav
      aria-label={`Pages of submissions (${where})`}
      className={`mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 ${where === "top" ? "pt-6" : "pb-10"}`}
    >
      {page > 1 ? (
        <Link to={href(page - 1)} className="font-medium text-court-800 underline">
          Newer submissions
        </Link>
      ) : null}
      <span className="text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="font-medium text-court-800 underline">
          Older submissions
        </Link>
      ) : null}
    </nav>
  );
}

/** "Showing 201–400, newest first." when there is more than one page. */
function shown(pages: number, offset: number, count: number) {
  return pages > 1 && count > 0 ? `Showing ${offset + 1}–${offset + count}, newest first.` : undefined;
}

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const { registrations, messages, labels, page, pages, offset, totals } = loaderData;
  const zone = useOrgTimeZone();
  return (
    <>
      <PageHeader heading={PAGES.appointments.heading} intro="Registrations and messages sent by families through the website, newest first." />
      <PageLinks page={page} pages={pages} where="top" />
      <Section title={`Registrations (${totals.registrations})`} id="registrations" intro={shown(pages, offset, registrations.length)}>
        {registrations.length === 0 ? (
          <p className="text-slate-700">{page > 1 ? "No older registrations." : "No registrations yet."}</p>
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
      <Section title={`Messages (${totals.messages})`} id="messages" intro={shown(pages, offset, messages.length)}>
        {messages.length === 0 ? (
          <p className="text-slate-700">{page > 1 ? "No older messages." : "No messages yet."}</p>
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
      <PageLinks page={page} pages={pages} where="bottom" />
    </>
  );
}
