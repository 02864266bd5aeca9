// /account/my-data: what the site keeps about the signed-in person, as a page a parent can read (the same data as
// the "Download my data" file, /account/data, from the one export function). Only their own: requireUser first.
import { CardSection } from "~/components/ui/card-section";
import { localHref } from "~/i18n/locale";
import { Link } from "react-router";
import type { Route } from "./+types/account.my-data";
import { requireUser } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { formatDateTime } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { KIND_LABEL } from "~/family/safe-play";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { exportUserData } from "~/models/account.server";

export const meta = () => [
  ...pageMeta({ title: "My data | NLTE", description: "What the site keeps about you." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const data = await exportUserData(context.db, user.id);
  if (!data) throw new Response("Not found", { status: 404 });
  return data;
}

type Row = Record<string, unknown>;
const rows = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);
const text = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));

export default function MyData({ loaderData }: Route.ComponentProps) {
  const zone = useOrgTimeZone();
  const when = (v: unknown) => (typeof v === "string" || v instanceof Date ? formatDateTime(v, zone) : "—");
  const p = loaderData.profile;
  const conversations = rows(loaderData.conversations);
  const nothing = <p className="text-slate-700">Nothing.</p>;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">My data</h1>
      <p className="text-slate-800">
        Everything the site keeps about you, as of {when(loaderData.exportedAt)}. The same, as a file:{" "}
        <a href={localHref("/account/data")} download className="font-semibold text-court-800 underline">
          Download my data
        </a>
        .
      </p>
      <CardSection title="Profile">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Name</dt>
          <dd>{text(p.fullName)}</dd>
          <dt className="font-medium">Email</dt>
          <dd>
            {text(p.email)} {p.emailVerified ? "(confirmed)" : "(not confirmed yet)"}
          </dd>
          <dt className="font-medium">Phone</dt>
          <dd>{text(p.phone)}</dd>
          {p.role === "client" ? (
            <>
              <dt className="font-medium">You are</dt>
              <dd>{KIND_LABEL[p.clientKind === "athlete" ? "athlete" : "guardian"]}</dd>
              <dt className="font-medium">Date of birth</dt>
              <dd>{text(p.dateOfBirth)}</dd>
            </>
          ) : null}
          <dt className="font-medium">Account made</dt>
          <dd>{when(p.createdAt)}</dd>
        </dl>
      </CardSection>
      <CardSection title="Family">
        {rows(loaderData.parentsOrGuardians).length + rows(loaderData.studentAthletes).length === 0 ? nothing : null}
        <ul className="list-disc pl-5">
          {rows(loaderData.parentsOrGuardians).map((g, i) => (
            <li key={`g${i}`}>Parent or guardian: {text(g.fullName)}</li>
          ))}
          {rows(loaderData.studentAthletes).map((a, i) => (
            <li key={`a${i}`}>
              Student-athlete: {text(a.fullName)}, born {text(a.dateOfBirth)}
            </li>
          ))}
        </ul>
      </CardSection>
      <CardSection title={`Conversations (${conversations.length})`}>
        {conversations.length === 0 ? nothing : null}
        {conversations.map((c, i) => {
          const messages = rows(c.messages);
          return (
            <details key={text(c.id)} className="mt-2">
              <summary className="cursor-pointer font-medium">
                Conversation {i + 1}: {messages.length} message{messages.length === 1 ? "" : "s"}
              </summary>
              <ol className="mt-2 flex flex-col gap-1 pl-4">
                {messages.map((m, j) => (
                  <li key={j} className="text-sm">
                    <span className="text-slate-700">
                      {text(m.sender)}, {when(m.created_at)}:
                    </span>{" "}
                    <span className="whitespace-pre-wrap break-words">
                      {m.message_type === "text" ? text(m.content) : `[File: ${text(m.file_name ?? m.content)}]`}
                    </span>
                  </li>
                ))}
              </ol>
            </details>
          );
        })}
      </CardSection>
      <CardSection title="Testimonials you wrote">
        {rows(loaderData.testimonials).length === 0 ? nothing : null}
        <ul className="list-disc pl-5">
          {rows(loaderData.testimonials).map((t, i) => (
            <li key={i}>
              “{text(t.content)}” ({text(t.name)}, {when(t.createdAt)})
            </li>
          ))}
        </ul>
      </CardSection>
      <CardSection title="Forms sent with your email address">
        {"formsNote" in loaderData && loaderData.formsNote ? <p className="mb-3 text-slate-800">{loaderData.formsNote}</p> : null}
        {rows(loaderData.registrationRequests).length + rows(loaderData.contactMessages).length === 0 ? nothing : null}
        <ul className="list-disc pl-5">
          {rows(loaderData.registrationRequests).map((r, i) => (
            <li key={`r${i}`}>
              Registration for {text(r.studentName)} ({text(r.programInterest)}), {when(r.createdAt)}
            </li>
          ))}
          {rows(loaderData.contactMessages).map((m, i) => (
            <li key={`c${i}`}>
              Message to the organisation, {when(m.createdAt)}: “{text(m.message)}”
            </li>
          ))}
        </ul>
      </CardSection>
      <CardSection title="Invitations you sent, and reports you made">
        {rows(loaderData.invitationsSent).length + rows(loaderData.reportsMade).length === 0 ? nothing : null}
        <ul className="list-disc pl-5">
          {rows(loaderData.invitationsSent).map((v, i) => (
            <li key={`i${i}`}>
              Invitation to {text(v.email)}, {when(v.createdAt)}
              {v.acceptedAt ? `, accepted ${when(v.acceptedAt)}` : ""}
            </li>
          ))}
          {rows(loaderData.reportsMade).map((r, i) => (
            <li key={`p${i}`}>
              Report, {when(r.createdAt)}: “{text(r.reason)}”
            </li>
          ))}
        </ul>
      </CardSection>
      <Link to={localHref("/account")} className={`${buttonClass("secondary")} self-start`}>
        Back to your account
      </Link>
    </div>
  );
}
