// /account/my-data: what the site keeps about the signed-in person, as a page a parent can read (the same data as
// the "Download my data" file, /account/data, from the one export function). Only their own: requireUser first.
import { CardSection } from "~/components/ui/card-section";
import { localHref } from "~/i18n/locale";
import { Link } from "react-router";
import type { Route } from "./+types/account.my-data";
import { requireUser } from "~/auth/index.server";
import { buttonClass } from "~/components/ui/button";
import { formatDateTime } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { programName } from "~/content/forms";
import { PROGRAM_LINKS } from "~/content/site";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { exportUserData } from "~/account/index.server";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.page), { name: "robots", content: "noindex" }] : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const data = await exportUserData(context.db, user.id);
  if (!data) throw new Response("Not found", { status: 404 });
  return { ...data, page: { title: m.account_mydata_title(), description: m.account_mydata_description(), heading: m.account_mydata_heading() } };
}

type Row = Record<string, unknown>;
const rows = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);
const text = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));

export default function MyData({ loaderData }: Route.ComponentProps) {
  const zone = useOrgTimeZone();
  const when = (v: unknown) => (typeof v === "string" || v instanceof Date ? formatDateTime(v, zone) : "—");
  const p = loaderData.profile;
  const conversations = rows(loaderData.conversations);
  const nothing = <p className="text-slate-700">{m.account_mydata_nothing()}</p>;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{loaderData.page.heading}</h1>
      <p className="text-slate-800">
        {m.account_mydata_intro({ when: when(loaderData.exportedAt) })}{" "}
        <a href={localHref("/account/data")} download className="font-semibold text-court-800 underline">
          {m.account_download_my_data()}
        </a>
        .
      </p>
      <CardSection title={m.account_section_profile()}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">{m.account_mydata_name()}</dt>
          <dd>{text(p.fullName)}</dd>
          <dt className="font-medium">{m.account_field_email()}</dt>
          <dd>
            {text(p.email)} {p.emailVerified ? m.account_mydata_confirmed() : m.account_mydata_unconfirmed()}
          </dd>
          <dt className="font-medium">{m.account_field_phone()}</dt>
          <dd>{text(p.phone)}</dd>
          {p.role === "client" ? (
            <>
              <dt className="font-medium">{m.account_mydata_you_are()}</dt>
              <dd>{p.clientKind === "athlete" ? m.account_mydata_kind_athlete() : m.account_mydata_kind_guardian()}</dd>
              <dt className="font-medium">{m.account_field_date_of_birth()}</dt>
              <dd>{text(p.dateOfBirth)}</dd>
            </>
          ) : null}
          <dt className="font-medium">{m.account_mydata_created()}</dt>
          <dd>{when(p.createdAt)}</dd>
        </dl>
      </CardSection>
      {loaderData.coachProfile ? <CoachProfileSection profile={loaderData.coachProfile} /> : null}
      <CardSection title={m.account_mydata_family()}>
        {rows(loaderData.parentsOrGuardians).length + rows(loaderData.studentAthletes).length === 0 ? nothing : null}
        <ul className="list-disc pl-5">
          {rows(loaderData.parentsOrGuardians).map((g, i) => (
            <li key={`g${i}`}>{m.account_mydata_guardian({ name: text(g.fullName) })}</li>
          ))}
          {rows(loaderData.studentAthletes).map((a, i) => (
            <li key={`a${i}`}>{m.account_mydata_athlete({ name: text(a.fullName), date: text(a.dateOfBirth) })}</li>
          ))}
        </ul>
      </CardSection>
      <ConversationsSection conversations={conversations} />
      <CardSection title={m.account_mydata_testimonials()}>
        {rows(loaderData.testimonials).length === 0 ? nothing : null}
        <ul className="list-disc pl-5">
          {rows(loaderData.testimonials).map((t, i) => (
            <li key={i}>
              “{text(t.content)}” ({text(t.name)}, {when(t.createdAt)})
            </li>
          ))}
        </ul>
      </CardSection>
      <CardSection title={m.account_mydata_forms()}>
        {"formsNote" in loaderData && loaderData.formsNote ? <p className="mb-3 text-slate-800">{loaderData.formsNote}</p> : null}
        {rows(loaderData.registrationRequests).length + rows(loaderData.contactMessages).length === 0 ? nothing : null}
        <ul className="list-disc pl-5">
          {rows(loaderData.registrationRequests).map((r, i) => (
            <li key={`r${i}`}>
              {m.account_mydata_registration({
                student: text(r.studentName),
                program: programName(text(r.programInterest)),
                when: when(r.createdAt),
              })}
            </li>
          ))}
          {rows(loaderData.contactMessages).map((c, i) => (
            <li key={`c${i}`}>{m.account_mydata_contact({ when: when(c.createdAt), message: text(c.message) })}</li>
          ))}
        </ul>
      </CardSection>
      <CardSection title={m.account_mydata_invitations()}>
        {rows(loaderData.invitationsSent).length + rows(loaderData.reportsMade).length === 0 ? nothing : null}
        <ul className="list-disc pl-5">
          {rows(loaderData.invitationsSent).map((v, i) => (
            <li key={`i${i}`}>
              {m.account_mydata_invitation({ email: text(v.email), when: when(v.createdAt) })}
              {v.acceptedAt ? m.account_mydata_accepted({ when: when(v.acceptedAt) }) : ""}
            </li>
          ))}
          {rows(loaderData.reportsMade).map((r, i) => (
            <li key={`p${i}`}>{m.account_mydata_report({ when: when(r.createdAt), reason: text(r.reason) })}</li>
          ))}
        </ul>
      </CardSection>
      <Link to={localHref("/account")} className={`${buttonClass("secondary")} self-start`}>
        {m.account_mydata_back()}
      </Link>
    </div>
  );
}

/** The person's conversations, each folded, with its messages in order. */
function ConversationsSection({ conversations }: { conversations: Row[] }) {
  const zone = useOrgTimeZone();
  const when = (v: unknown) => (typeof v === "string" || v instanceof Date ? formatDateTime(v, zone) : "—");
  return (
    <CardSection title={m.account_mydata_conversations({ count: conversations.length })}>
      {conversations.length === 0 ? <p className="text-slate-700">{m.account_mydata_nothing()}</p> : null}
      {conversations.map((c, i) => {
        const messages = rows(c.messages);
        return (
          <details key={text(c.id)} className="mt-2">
            <summary className="cursor-pointer font-medium">{m.account_mydata_conversation({ number: i + 1, count: messages.length })}</summary>
            <ol className="mt-2 flex flex-col gap-1 pl-4">
              {messages.map((message, j) => (
                <li key={j} className="text-sm">
                  <span className="text-slate-700">
                    {text(message.sender)}, {when(message.created_at)}:
                  </span>{" "}
                  <span className="whitespace-pre-wrap break-words">
                    {message.message_type === "text"
                      ? text(message.content)
                      : m.account_mydata_file({ name: text(message.file_name ?? message.content) })}
                  </span>
                </li>
              ))}
            </ol>
          </details>
        );
      })}
    </CardSection>
  );
}

/** A coach's staff profile: what families read on /about, and the check dates an administrator recorded. */
function CoachProfileSection({ profile }: { profile: NonNullable<Route.ComponentProps["loaderData"]["coachProfile"]> }) {
  const yesNo = (v: boolean) => (v ? m.account_mydata_yes() : m.account_mydata_no());
  return (
    <CardSection title={m.account_mydata_coach()}>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{m.account_mydata_coach_bio()}</dt>
        <dd className="whitespace-pre-line break-words">{text(profile.bio)}</dd>
        {profile.bioEs ? (
          <>
            <dt className="font-medium">{m.account_mydata_coach_bio_es()}</dt>
            <dd lang="es" className="whitespace-pre-line break-words">
              {profile.bioEs}
            </dd>
          </>
        ) : null}
        <dt className="font-medium">{m.account_mydata_coach_photo()}</dt>
        <dd>{yesNo(profile.hasPhoto)}</dd>
        <dt className="font-medium">{m.account_mydata_coach_programs()}</dt>
        <dd>
          {profile.programs.length ? profile.programs.map((slug) => PROGRAM_LINKS.find((l) => l.slug === slug)?.name() ?? slug).join(", ") : "—"}
        </dd>
        <dt className="font-medium">{m.account_mydata_coach_shown()}</dt>
        <dd>{yesNo(profile.shownOnAboutPage)}</dd>
        <dt className="font-medium">{m.staff_about_safe_play()}</dt>
        <dd>{text(profile.safePlayCheckedOn)}</dd>
        <dt className="font-medium">{m.staff_about_background()}</dt>
        <dd>{text(profile.backgroundCheckedOn)}</dd>
      </dl>
    </CardSection>
  );
}
