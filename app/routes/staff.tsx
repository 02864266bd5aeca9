// /staff: the administrator's page (issue 28, decision 0030). Invite a coach by mail, cancel an invitation, make
// someone a coach, the safeguarding lead or an administrator (or not), show or hide a coach's profile on /about,
// record their Safe Play training and background check dates (the coaches not cleared are listed first, with what is
// missing and when each date expires: issue 37), and read the log of every change. Everyone else gets
// 403 (a visitor is sent to sign in) from requireAdmin, on the first line of the loader and the action. Every form is a
// plain form: it works on a phone with or without JavaScript.
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { EmailField, Field, FormError } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { dayInZone, formatCalendarDate, formatDateTime, isIsoDay } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import { actorOf, requireAdmin } from "~/staff/index.server";
import { cancelStaffInvitation, getPendingInvitations, inviteCoach } from "~/staff/index.server";
import { getStaffLog } from "~/staff/index.server";
import { getStaff, setProfileShown, setStaffChecks, type StaffMember } from "~/staff/index.server";
import { changeStaffRole } from "~/staff/index.server";
import { getEducationStaffIds } from "~/athletes/index.server";
import { answerSecuritySettings, getSecurityCard } from "~/security/index.server";
import { SECURITY_SETTINGS_INTENT, SecurityProgrammeCard, SecurityReminder } from "~/security/security-card";
import { answerCardFee, answerDonationSettings, getCardFee, getEin } from "~/donations/index.server";
import { DONATION_FEE_INTENT, DONATION_SETTINGS_INTENT, DonationSettingsCard } from "~/donations/settings-card";
import { getOpenRequestsNotice } from "~/childdata/index.server";
import { DataRequestsNotice } from "~/childdata/staff-notice";
import {
  CancelInvitationSchema,
  checksSchema,
  InviteSchema,
  ROLE_CHANGES,
  RoleChangeSchema,
  ShownSchema,
  type RoleChangeIntent,
} from "~/staff/schemas";
import { done, parseForm, refused, refusalOf, type ActionResult } from "~/lib/forms";
import { badRequest, notFound } from "~/lib/responses.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData ? pageMeta(loaderData.page) : []),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  const [staff, invitations, log, education, security, dataRequests] = await Promise.all([
    getStaff(context.db, context.config.safePlay),
    getPendingInvitations(context.db),
    getStaffLog(context.db),
    getEducationStaffIds(context.db),
    // The security programme (issue 40): its coordinator, review date, and the reminder when the review is due.
    getSecurityCard(context.db, admin.id, today),
    // Families' open requests about a child's data (issue 40): how many, and the earliest deadline.
    getOpenRequestsNotice(context.db),
  ]);
  return {
    page: { title: m.staff_title(), description: m.staff_description() },
    me: admin.id,
    // The latest day a check can have happened (the date fields' max): today in the organisation's time zone.
    today,
    staff,
    invitations,
    log,
    education,
    ein: await getEin(context.db),
    cardFee: await getCardFee(context.db),
    security,
    dataRequests,
  };
}

/**
 * What the page's forms answer (decision 0077): a success says what was done (`message`) and names the person it was
 * about (`userId`); a refusal carries the person among what was sent (`values.userId`). Either is shown beside that
 * person's forms.
 */
type StaffAnswer = ActionResult<{ userId?: string }>;

/** The person an answer is about, if any. */
const answerPerson = (answer: StaffAnswer) => (answer.ok ? answer.userId : answer.values?.userId);

/** The security programme's answers, already in the one shape, with their status. */
const answer = (r: { body: StaffAnswer; status: number }) => data(r.body, { status: r.status });
function personGone(): never {
  return notFound(m.staff_person_gone());
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "invite") {
    const values = { email: String(form.get("email") ?? "") };
    const { data: input, fieldErrors } = parseForm(InviteSchema, form);
    if (!input) return refused({ intent, fieldErrors, values });
    const r = await inviteCoach(context.db, context, admin, input.email);
    if (!r.ok) return refused({ intent, fieldErrors: { email: r.error }, values }, r.status);
    return done({ intent, message: m.staff_done_invited({ email: input.email }) });
  }

  if (intent === SECURITY_SETTINGS_INTENT) {
    const r = await answerSecuritySettings(context.db, admin.id, form, dayInZone(context.config.safePlay.clock(), context.config.site.timeZone));
    return answer(r);
  }

  if (intent === DONATION_SETTINGS_INTENT) return answerDonationSettings(context.db, form);
  if (intent === DONATION_FEE_INTENT) return answerCardFee(context.db, form);

  if (intent === "cancel-invitation") {
    const { data: input } = parseForm(CancelInvitationSchema, form);
    if (!input || !(await cancelStaffInvitation(context.db, admin, input.invitationId))) notFound(m.staff_invitation_gone());
    return done({ intent, message: m.staff_done_invitation_cancelled() });
  }

  if ((ROLE_CHANGES as readonly string[]).includes(intent)) {
    const { data: input } = parseForm(RoleChangeSchema, form);
    if (!input) personGone();
    const r = await changeStaffRole(context.db, admin, input.userId, input.intent, context.config.safePlay);
    if (!r.ok && r.status === 404) personGone();
    if (!r.ok) return refused({ intent, values: { userId: input.userId }, formError: r.error }, r.status);
    // An administrator who removed their own flag can no longer open this page.
    if (input.intent === "remove-admin" && input.userId === admin.id)
      throw await redirectWithToast(context, "/account", { type: "success", title: r.done });
    return done<{ userId: string }>({ intent, userId: input.userId, message: r.done });
  }

  if (intent === "show" || intent === "hide") {
    const { data: input } = parseForm(ShownSchema, form);
    if (!input || !(await setProfileShown(context.db, actorOf(admin), input.userId, intent === "show"))) personGone();
    return done<{ userId: string }>({ intent, userId: input.userId, message: intent === "show" ? m.staff_done_shown() : m.staff_done_hidden() });
  }

  if (intent === "checks") {
    const values = {
      userId: String(form.get("userId") ?? ""),
      safePlayCheckedOn: String(form.get("safePlayCheckedOn") ?? ""),
      backgroundCheckedOn: String(form.get("backgroundCheckedOn") ?? ""),
    };
    const { data: input, fieldErrors } = parseForm(checksSchema(dayInZone(context.config.safePlay.clock(), context.config.site.timeZone)), form);
    if (!input) return refused({ intent, fieldErrors, values });
    if (!(await setStaffChecks(context.db, actorOf(admin), input))) personGone();
    return done<{ userId: string }>({ intent, userId: input.userId, message: m.staff_done_checks() });
  }

  badRequest(m.staff_unknown_request());
}

export default function Staff({ loaderData }: Route.ComponentProps) {
  const { staff, invitations, log, me, today, education, security } = loaderData;
  const result = useActionData<StaffAnswer>();
  const busy = useNavigation().state === "submitting";
  const zone = useOrgTimeZone();
  const invite = result?.intent === "invite" ? result : undefined;
  const invited = invite?.ok ? invite.message : undefined;
  const inviteRefusal = refusalOf(invite);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{m.staff_heading()}</h1>
        <p className="mt-2 text-slate-800">{m.staff_intro()}</p>
      </div>
      {security.reminder ? <SecurityReminder dueOn={security.reminder.dueOn} back="staff" busy={busy} /> : null}
      <DataRequestsNotice notice={loaderData.dataRequests} />

      <CardSection title={m.staff_invite_title()} id="invite-heading">
        <p className="mb-4 text-slate-800">{m.staff_invite_text()}</p>
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="invite" />
          <EmailField
            // Empty again once sent (a new key), ready for the next address.
            key={invited ?? "invite"}
            label={m.staff_invite_email()}
            name="email"
            required
            maxLength={254}
            defaultValue={inviteRefusal?.values?.email ?? ""}
            error={inviteRefusal?.fieldErrors.email}
          />
          {invited ? <Confirmation key={invited}>{invited}</Confirmation> : null}
          <Button type="submit" disabled={busy} className="self-start">
            {m.staff_invite_send()}
          </Button>
        </Form>
        {invitations.length > 0 ? (
          <>
            <h3 className="mt-6 font-semibold text-slate-900">{m.staff_invitations_waiting()}</h3>
            <ul className="mt-2 flex flex-col gap-2">
              {invitations.map((inv) => (
                <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2">
                  <span className="text-slate-900">
                    <span className="block break-all">{inv.email}</span>
                    <span className="block text-sm text-slate-700">
                      {m.staff_invitation_sent()} <time dateTime={inv.sentAt}>{formatDateTime(inv.sentAt, zone)}</time>
                    </span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="cancel-invitation" />
                    <input type="hidden" name="invitationId" value={inv.id} />
                    <Button type="submit" variant="secondary" disabled={busy}>
                      {m.staff_invitation_cancel()}
                      <span className="sr-only"> ({inv.email})</span>
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {result?.ok && result.intent === "cancel-invitation" && result.message ? (
          <Confirmation key={result.message}>{result.message}</Confirmation>
        ) : null}
      </CardSection>

      <UnclearedCoaches staff={staff} />

      <section aria-labelledby="staff-heading" className="flex flex-col gap-4">
        <h2 id="staff-heading" className="text-xl font-semibold text-slate-900">
          {m.staff_list_title()}
        </h2>
        {staff.length === 0 ? <p className="text-slate-800">{m.staff_list_none()}</p> : null}
        {staff.map((person) => (
          <StaffCard
            key={person.id}
            person={person}
            isMe={person.id === me}
            today={today}
            result={result && answerPerson(result) === person.id ? result : undefined}
            busy={busy}
            education={education.includes(person.id)}
          />
        ))}
      </section>

      <SecurityProgrammeCard programme={security.programme} choices={security.choices} today={today} result={result} busy={busy} />
      <DonationSettingsCard ein={loaderData.ein} cardFee={loaderData.cardFee} result={result} busy={busy} />

      <CardSection title={m.staff_log_title()} id="log-heading">
        {log.length === 0 ? <p className="text-slate-800">{m.staff_log_none()}</p> : null}
        <ol className="flex flex-col gap-2">
          {log.map((line) => (
            <li key={line.id} className="rounded-md border border-slate-200 px-3 py-2 text-slate-900">
              <p className="text-sm text-slate-700">
                <time dateTime={line.at}>{formatDateTime(line.at, zone)}</time> · {line.actor}
              </p>
              <p className="break-words">
                <span className="font-semibold">{line.action}</span>
                {line.subject ? `: ${line.subject}` : ""}
                {line.detail ? ` (${isIsoDay(line.detail) ? formatCalendarDate(`${line.detail}T00:00:00Z`) : line.detail})` : ""}
              </p>
            </li>
          ))}
        </ol>
      </CardSection>

      <p className="text-sm text-slate-700">
        <Link to={localHref("/account")} className="underline">
          {m.staff_back_to_account()}
        </Link>
      </p>
    </div>
  );
}

const dayText = (day: string) => formatCalendarDate(`${day}T00:00:00Z`) ?? day;

/** What a date of the clearance says: when it stops being current, that it has, or that it is not on record. */
function checkState(expiresOn: string | null, today: string) {
  if (!expiresOn) return m.staff_not_on_record();
  return expiresOn > today ? m.staff_expires_on({ date: dayText(expiresOn) }) : m.staff_expired_on({ date: dayText(expiresOn) });
}

function clearanceLine(person: StaffMember, today: string) {
  const c = person.clearance;
  return `${m.staff_about_safe_play()}: ${checkState(c.trainingExpiresOn, today)} · ${m.staff_about_background()}: ${checkState(c.backgroundExpiresOn, today)}`;
}

/** The coaches who are not cleared, each with what is missing: the administrator's list (issue 37). */
function UnclearedCoaches({ staff }: { staff: StaffMember[] }) {
  const { today } = useLoaderData<typeof loader>();
  const uncleared = staff.filter((p) => p.coach && !p.clearance.cleared);
  return (
    <CardSection title={m.staff_uncleared_title()} id="uncleared-heading">
      <p className="mb-3 text-slate-800">{m.staff_uncleared_intro()}</p>
      {uncleared.length === 0 ? <p className="text-slate-800">{m.staff_uncleared_none()}</p> : null}
      <ul className="flex flex-col gap-2" data-testid="uncleared-coaches">
        {uncleared.map((p) => (
          <li key={p.id} className="text-slate-900">
            <a href={`#person-${p.id}`} className="font-semibold underline">
              {p.name || p.email}
            </a>
            : {clearanceLine(p, today)}
          </li>
        ))}
      </ul>
    </CardSection>
  );
}

/** One button of a person's card; its accessible name carries their name. */
function RoleButton({ person, intent, label, busy }: { person: StaffMember; intent: RoleChangeIntent; label: string; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="userId" value={person.id} />
      <Button type="submit" name="intent" value={intent} variant={intent.startsWith("remove") ? "secondary" : "primary"} disabled={busy}>
        {label}
        <span className="sr-only"> ({person.name || person.email})</span>
      </Button>
    </Form>
  );
}

function StaffCard({
  person,
  isMe,
  today,
  result,
  busy,
  education,
}: {
  person: StaffMember;
  /** Holds the education staff permission (issue 42). */
  education: boolean;
  isMe: boolean;
  today: string;
  result?: StaffAnswer | undefined;
  busy: boolean;
}) {
  const headingId = `person-${person.id}`;
  const checks = result?.intent === "checks" ? refusalOf(result) : undefined;
  const roles = [
    person.coach ? m.staff_badge_coach() : person.hasProfile ? m.staff_badge_former_coach() : null,
    person.lead ? m.staff_badge_lead() : null,
    person.admin ? m.staff_badge_admin() : null,
    education ? m.athletes_staff_badge() : null,
  ].filter(Boolean);
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {person.name || person.email}
        {isMe ? <span className="font-normal text-slate-700"> {m.staff_you()}</span> : null}
      </h3>
      <p className="break-all text-sm text-slate-700">{person.email}</p>
      <p className="mt-1 text-sm text-slate-800">{roles.join(" · ")}</p>
      {person.coach ? (
        <p className="mt-1 text-sm text-slate-800" data-testid="clearance">
          <strong>
            {person.clearance.cleared
              ? m.staff_cleared_until({ date: dayText([person.clearance.trainingExpiresOn!, person.clearance.backgroundExpiresOn!].sort()[0]!) })
              : m.staff_not_cleared()}
          </strong>{" "}
          {clearanceLine(person, today)}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2">
        {person.coach ? (
          <RoleButton person={person} intent="remove-coach" label={m.staff_remove_coach()} busy={busy} />
        ) : (
          <RoleButton person={person} intent="grant-coach" label={m.staff_grant_coach()} busy={busy} />
        )}
        {person.coach ? (
          person.lead ? (
            <RoleButton person={person} intent="remove-lead" label={m.staff_remove_lead()} busy={busy} />
          ) : (
            <RoleButton person={person} intent="grant-lead" label={m.staff_grant_lead()} busy={busy} />
          )
        ) : null}
        {person.admin ? (
          <RoleButton person={person} intent="remove-admin" label={m.staff_remove_admin()} busy={busy} />
        ) : (
          <RoleButton person={person} intent="grant-admin" label={m.staff_grant_admin()} busy={busy} />
        )}
        {education ? (
          <RoleButton person={person} intent="remove-education" label={m.athletes_staff_remove()} busy={busy} />
        ) : (
          <RoleButton person={person} intent="grant-education" label={m.athletes_staff_grant()} busy={busy} />
        )}
      </div>
      {person.coach && person.lead ? <p className="mt-2 text-sm text-slate-700">{m.staff_remove_coach_ends_lead()}</p> : null}
      {result && !result.ok && result.formError ? (
        <div className="mt-3">
          <FormError message={result.formError} />
        </div>
      ) : null}

      {person.hasProfile ? (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h4 className="font-semibold text-slate-900">{m.staff_profile_heading()}</h4>
          <p className="mt-1 text-sm text-slate-800">{person.shown ? m.staff_profile_shown() : m.staff_profile_hidden()}</p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="userId" value={person.id} />
            <Button type="submit" name="intent" value={person.shown ? "hide" : "show"} variant="secondary" disabled={busy}>
              {person.shown ? m.staff_hide_profile() : m.staff_show_profile()}
              <span className="sr-only"> ({person.name || person.email})</span>
            </Button>
          </Form>

          <Form method="post" className="mt-4 flex flex-col gap-3">
            <input type="hidden" name="intent" value="checks" />
            <input type="hidden" name="userId" value={person.id} />
            <p className="text-sm text-slate-700">{m.staff_checks_help()}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label={m.staff_checks_safe_play()}
                name="safePlayCheckedOn"
                type="date"
                max={today}
                defaultValue={checks?.values?.safePlayCheckedOn ?? person.safePlayCheckedOn ?? ""}
                error={checks?.fieldErrors.safePlayCheckedOn}
              />
              <Field
                label={m.staff_checks_background()}
                name="backgroundCheckedOn"
                type="date"
                max={today}
                defaultValue={checks?.values?.backgroundCheckedOn ?? person.backgroundCheckedOn ?? ""}
                error={checks?.fieldErrors.backgroundCheckedOn}
              />
            </div>
            <Button type="submit" disabled={busy} className="self-start">
              {m.staff_checks_save()}
              <span className="sr-only"> ({person.name || person.email})</span>
            </Button>
          </Form>
        </div>
      ) : null}
      {result?.ok && result.message ? (
        <Confirmation key={result.message} className="mt-3">
          {result.message}
        </Confirmation>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.staff_heading()} documentTitle={m.staff_title()} />;
}
