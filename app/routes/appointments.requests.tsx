import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/appointments.requests";
import { requireCoach } from "~/auth/index.server";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/public/section";
import { pageWords } from "~/content/words.server";
import { pageMeta } from "~/lib/meta";
import { getClientLabels } from "~/family/index.server";
import { MessageItem, RegistrationItem } from "~/forms/inbox-page";
import { clientLabelWords } from "~/safe-play/index.server";
import { countSubmissions, getContactMessages, getRegistrationRequests, INBOX_PAGE_SIZE, updateSubmissionHandled } from "~/forms/index.server";
import { invariantResponse } from "~/lib/responses.server";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

// /appointments/requests: the coaches' inbox of the website's registration and contact forms. It was /appointments
// until issue 30 made that page the coaches' booked lessons; nothing of it changed but its address.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData ? pageMeta({ ...loaderData.words.page, title: `${m.booking_requests_heading()} | NLTE` }) : []),
  { name: "robots", content: "noindex" },
];

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
  // The page's words in the request's language (`page` is the page number: ?page=2).
  const words = { page: pageWords("appointments"), labels: clientLabelWords() };
  return { words, registrations, messages, labels, page, pages, offset, totals };
}

const HandleSchema = z.object({ kind: z.enum(["registration", "contact"]), id: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const coach = await requireCoach(request, context);
  const parsed = HandleSchema.safeParse(Object.fromEntries(await request.formData()));
  invariantResponse(parsed.success, m.messaging_appt_unknown());
  const updated = await updateSubmissionHandled(context.db, parsed.data.kind, parsed.data.id, coach.id);
  return { ok: true, updated };
}

/** Links to the newer and older pages: plain links, so they work before the page's script has loaded. */
function PageLinks({ page, pages, where }: { page: number; pages: number; where: "top" | "bottom" }) {
  if (pages <= 1) return null;
  const href = (p: number) => localHref(p === 1 ? "/appointments/requests" : `/appointments/requests?page=${p}`);
  return (
    <nav
      aria-label={where === "top" ? m.messaging_appt_pages_top() : m.messaging_appt_pages_bottom()}
      className={`mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 ${where === "top" ? "pt-6" : "pb-10"}`}
    >
      {page > 1 ? (
        <Link to={href(page - 1)} className="font-medium text-court-800 underline">
          {m.messaging_appt_newer()}
        </Link>
      ) : null}
      <span className="text-slate-700">{m.messaging_appt_page({ page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className="font-medium text-court-800 underline">
          {m.messaging_appt_older()}
        </Link>
      ) : null}
    </nav>
  );
}

/** "Showing 201–400, newest first." when there is more than one page. */
function shown(pages: number, offset: number, count: number) {
  return pages > 1 && count > 0 ? m.messaging_appt_showing({ from: offset + 1, to: offset + count }) : undefined;
}

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const { words, registrations, messages, labels, page, pages, offset, totals } = loaderData;
  return (
    <>
      <PageHeader heading={m.booking_requests_heading()} intro={m.messaging_appt_intro()}>
        <p className="mt-4">
          <Link to={localHref("/appointments")} className="font-medium underline">
            {m.booking_requests_back()}
          </Link>
        </p>
      </PageHeader>
      <PageLinks page={page} pages={pages} where="top" />
      <Section
        title={m.messaging_appt_registrations({ count: totals.registrations })}
        id="registrations"
        intro={shown(pages, offset, registrations.length)}
      >
        {registrations.length === 0 ? (
          <p className="text-slate-700">{page > 1 ? m.messaging_appt_no_older_registrations() : m.messaging_appt_no_registrations()}</p>
        ) : (
          <ul className="space-y-4">
            {registrations.map((r) => (
              <RegistrationItem key={r.id} r={r} labels={labels} words={words.labels} />
            ))}
          </ul>
        )}
      </Section>
      <Section title={m.messaging_appt_messages({ count: totals.messages })} id="messages" intro={shown(pages, offset, messages.length)}>
        {messages.length === 0 ? (
          <p className="text-slate-700">{page > 1 ? m.messaging_appt_no_older_messages() : m.messaging_appt_no_messages()}</p>
        ) : (
          <ul className="space-y-4">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} labels={labels} words={words.labels} />
            ))}
          </ul>
        )}
      </Section>
      <PageLinks page={page} pages={pages} where="bottom" />
    </>
  );
}
