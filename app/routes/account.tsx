// /account: the signed-in person's settings. Every form posts here with an `intent`; each acts on the signed-in
// person only (requireUser on the first line of the loader and the action).
import { data, Form, Link, useNavigation } from "react-router";
import { localHref } from "~/i18n/locale";
import { CardSection } from "~/components/ui/card-section";
import type { Route } from "./+types/account";
import {
  changeEmail,
  changePassword,
  deleteAccount,
  endOtherSessions,
  endSession,
  resendVerification,
  saveProfile,
  type SettingsResult,
} from "~/auth/account-settings.server";
import { requireUser } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { PAGES } from "~/content/pages";
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  DELETE_CONFIRMATION,
  DeleteAccountSchema,
  parseForm,
  PreferencesSchema,
  ProfileSchema,
  type FieldErrors,
} from "~/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { retryAfterHeaders } from "~/lib/retry-after";
import { safeRedirect } from "~/lib/safe-redirect";
import { formatDateTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { redirectWithToast } from "~/lib/toast.server";
import { getAccountSettings, getActiveSessions, updatePreferences } from "~/models/account.server";
import { getAthletesLeftWithoutGuardian, getFamily } from "~/family/households.server";
import { getTestimonialsAwaitingGuardian } from "~/testimonials/testimonials.server";
import { familyAction } from "~/family/actions.server";
import { FAMILY_INTENTS } from "~/family/schemas";
import { AccountFamily } from "~/components/account-family";
import { z } from "zod";

export const meta = () => [...pageMeta(PAGES.account), { name: "robots", content: "noindex" }];
export const headers = retryAfterHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const session = await context.auth.api.getSession({ headers: request.headers });
  const settings = await getAccountSettings(context.db, user.id);
  const family = user.role === "client" ? await getFamily(context.db, user.id, context.config.safePlay) : null;
  // Said before a guardian confirms deleting their account: the athletes who would be left with no guardian.
  const leftOnDeletion = family?.kind === "guardian" ? await getAthletesLeftWithoutGuardian(context.db, user.id) : [];
  // A minor's testimonial waits for a guardian (decision 0022).
  const awaitingTestimonials = family?.kind === "guardian" ? await getTestimonialsAwaitingGuardian(context.db, user.id) : [];
  const sessions = (await getActiveSessions(context.db, user.id)).map((s) => ({
    id: s.id,
    current: s.token === session?.session.token,
    device: describeDevice(s.userAgent),
    lastActive: s.updatedAt.toISOString(),
  }));
  return { user, settings, sessions, family: family ? { ...family, awaitingTestimonials } : null, leftOnDeletion };
}

function describeDevice(ua: string | null) {
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Chrome\//.test(ua)
      ? "Chrome"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

type ActionData = { intent: string; fieldErrors?: FieldErrors; error?: string; saved?: string; savedAt?: number; athleteId?: string };

const IntentSchema = z.enum([
  "profile",
  "password",
  "email",
  "preferences",
  "end-session",
  "end-others",
  "delete",
  "resend-verification",
  ...FAMILY_INTENTS,
]);

/** Success is said on the page itself (a toast needs JavaScript; these forms work without it). */
function done(intent: string, saved: string, headers = new Headers()) {
  return data<ActionData>({ intent, saved }, { headers });
}

function refusal(intent: string, r: Extract<SettingsResult, { ok: false }>) {
  const headers: HeadersInit = r.retryAfterSeconds ? { "Retry-After": String(r.retryAfterSeconds) } : {};
  return data<ActionData>(r.field ? { intent, fieldErrors: { [r.field]: r.error } } : { intent, error: r.error }, { status: r.status, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const intent = IntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return data<ActionData>({ intent: "", error: "Unknown action" }, { status: 400 });
  const bad = (fieldErrors: FieldErrors | null) => data<ActionData>({ intent: intent.data, fieldErrors: fieldErrors ?? {} }, { status: 400 });

  switch (intent.data) {
    case "kind":
    case "add-athlete":
    case "edit-athlete":
    case "invite-athlete":
    case "cancel-invitation":
    case "remove-athlete":
    case "invite-guardian":
    case "remove-guardian":
    case "invite-coguardian":
    case "approve-testimonial":
    case "decline-testimonial":
      return familyAction(intent.data, form, user, context);
    case "profile": {
      const { data: input, fieldErrors } = parseForm(ProfileSchema, form);
      if (!input) return bad(fieldErrors);
      // A coach's name obeys the contact-details rule (Safe Play): saveProfile refuses it beside the field.
      const r = await saveProfile(context, user.id, input);
      if (!r.ok) return refusal(intent.data, r);
      return done(intent.data, "Your profile has been updated.");
    }
    case "password": {
      const { data: input, fieldErrors } = parseForm(ChangePasswordSchema, form);
      if (!input) return bad(fieldErrors);
      const r = await changePassword(request, context, input);
      if (!r.ok) return refusal(intent.data, r);
      return done(intent.data, "Your password has been changed. Your other devices have been signed out.", r.headers);
    }
    case "email": {
      const { data: input, fieldErrors } = parseForm(ChangeEmailSchema, form);
      if (!input) return bad(fieldErrors);
      if (input.newEmail === user.email.toLowerCase()) return bad({ newEmail: "This is already your email address" });
      const r = await changeEmail(request, context, user.id, input.newEmail);
      if (!r.ok) return refusal(intent.data, r);
      return done(intent.data, `We sent a link to ${input.newEmail}. Your email address changes when you follow it.`);
    }
    case "preferences": {
      const { data: input, fieldErrors } = parseForm(PreferencesSchema, form);
      if (!input) return bad(fieldErrors);
      await updatePreferences(context.db, user.id, {
        notifyMessages: input.notifyMessages,
        ...(user.role === "coach" ? { notifySubmissions: input.notifySubmissions } : {}),
      });
      return done(intent.data, "Your notification preferences have been saved.");
    }
    case "end-session": {
      const id = z.string().min(1).max(200).safeParse(form.get("sessionId"));
      if (!id.success) return data<ActionData>({ intent: intent.data, error: "That session has already ended." }, { status: 400 });
      const r = await endSession(request, context, user.id, id.data);
      if (!r.ok) return refusal(intent.data, r);
      return done(intent.data, "That device has been signed out.");
    }
    case "end-others": {
      const r = await endOtherSessions(request, context);
      if (!r.ok) return refusal(intent.data, r);
      return done(intent.data, "You have been signed out everywhere else.");
    }
    case "resend-verification": {
      // Refused (too many mails): this page answers, the message in the email section beside its own button.
      const r = await resendVerification(context, user);
      if (!r.ok) return refusal(intent.data, r);
      return await redirectWithToast(context, safeRedirect(form.get("redirectTo"), "/account"), {
        type: "success",
        title: "Email sent",
        description: "We sent the link again. Please check your email.",
      });
    }
    case "delete": {
      const settings = await getAccountSettings(context.db, user.id);
      const schema = settings.hasPassword ? DeleteAccountSchema : DeleteAccountSchema.extend({ password: z.string().optional() });
      const { data: input, fieldErrors } = parseForm(schema, form);
      if (!input) return bad(fieldErrors);
      const r = await deleteAccount(request, context, user.id, settings.hasPassword ? (input.password ?? "") : null);
      if (!r.ok) return refusal(intent.data, r);
      return await redirectWithToast(
        context,
        "/",
        { type: "success", title: "Account deleted", description: "Your account has been deleted." },
        { headers: r.headers! },
      );
    }
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, settings, sessions, family, leftOnDeletion } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // A family form about one athlete answers with its id: its errors show on that athlete's card only.
  const mine = (intent: string, athleteId?: string) =>
    actionData?.intent === intent && (athleteId === undefined || actionData.athleteId === athleteId);
  const errorsFor = (intent: string, athleteId?: string) => (mine(intent, athleteId) ? (actionData?.fieldErrors ?? {}) : {});
  const errorFor = (intent: string, athleteId?: string) => (mine(intent, athleteId) ? actionData?.error : undefined);
  const familyIntent = (FAMILY_INTENTS as readonly string[]).includes(actionData?.intent ?? "");
  const others = sessions.filter((s) => !s.current);
  const zone = useOrgTimeZone();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{PAGES.account.heading}</h1>
      {actionData?.saved && !familyIntent ? (
        <p role="status" className="rounded-md border border-court-300 bg-court-50 px-3 py-2 text-slate-900">
          {actionData.saved}
        </p>
      ) : null}

      <CardSection title="Profile" id="profile-heading">
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="profile" />
          <Field
            label="Full name"
            name="fullName"
            autoComplete="name"
            required
            defaultValue={user.fullName ?? ""}
            error={errorsFor("profile").fullName}
          />
          <Field label="Phone" name="phone" type="tel" autoComplete="tel" defaultValue={user.phone ?? ""} error={errorsFor("profile").phone} />
          <Button type="submit" disabled={busy} className="self-start">
            Save profile
          </Button>
        </Form>
      </CardSection>

      {family ? (
        <AccountFamily
          me={user.id}
          family={family}
          busy={busy}
          answer={familyIntent ? actionData : undefined}
          errorsFor={errorsFor}
          errorFor={errorFor}
        />
      ) : null}

      <CardSection title="Email address" id="email-heading">
        <p className="mb-4 text-slate-800">
          Your address is <strong>{user.email}</strong>
          {settings.emailVerified ? " (confirmed)." : " (not confirmed yet)."}
        </p>
        {settings.emailVerified ? null : (
          <Form method="post" className="mb-6 flex flex-col gap-2">
            <input type="hidden" name="intent" value="resend-verification" />
            <input type="hidden" name="redirectTo" value="/account" />
            <Button type="submit" variant="secondary" disabled={busy} className="self-start">
              Send the confirmation link again
            </Button>
            <FormError message={errorFor("resend-verification")} />
          </Form>
        )}
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="email" />
          <Field label="New email address" name="newEmail" type="email" autoComplete="email" required error={errorsFor("email").newEmail} />
          <FormError message={errorFor("email")} />
          <Button type="submit" disabled={busy} className="self-start">
            Change email
          </Button>
        </Form>
      </CardSection>

      {settings.hasPassword ? (
        <CardSection title="Password" id="password-heading">
          <Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="password" />
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={errorsFor("password").currentPassword}
            />
            <Field
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              error={errorsFor("password").newPassword}
            />
            <FormError message={errorFor("password")} />
            <Button type="submit" disabled={busy} className="self-start">
              Change password
            </Button>
          </Form>
        </CardSection>
      ) : null}

      <CardSection title="Notifications" id="notifications-heading">
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="preferences" />
          <label className="flex items-center gap-2 text-slate-900">
            <input type="checkbox" name="notifyMessages" defaultChecked={settings.notifyMessages} className="size-4" />
            Email me when a message waits unread
          </label>
          {user.role === "coach" ? (
            <label className="flex items-center gap-2 text-slate-900">
              <input type="checkbox" name="notifySubmissions" defaultChecked={settings.notifySubmissions} className="size-4" />
              Email me new registration and contact submissions
            </label>
          ) : null}
          <Button type="submit" disabled={busy} className="self-start">
            Save preferences
          </Button>
        </Form>
      </CardSection>

      <CardSection title="Where you are signed in" id="sessions-heading">
        <ul className="flex flex-col gap-2">
          {sessions.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-4 rounded-md border border-slate-200 px-3 py-2">
              <span className="text-slate-900">
                {s.device}
                {s.current ? " (this device)" : ""}
                <span className="block text-sm text-slate-600">
                  Last active <time dateTime={s.lastActive}>{formatDateTime(s.lastActive, zone)}</time>
                </span>
              </span>
              {s.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="sessionId" value={s.id} />
                  <Button type="submit" variant="secondary" disabled={busy} aria-label={`Sign out ${s.device}`}>
                    Sign out
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <FormError message={errorFor("end-session") ?? errorFor("end-others")} />
        {others.length > 0 ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="end-others" />
            <Button type="submit" disabled={busy}>
              Sign out everywhere
            </Button>
          </Form>
        ) : null}
      </CardSection>

      <CardSection title="Your data" id="data-heading">
        <p className="mb-4 text-slate-800">
          A file with your profile, the conversations and messages you can see, the testimonials you wrote and the forms sent with your address
          {settings.emailVerified ? "." : " (once you confirm your email address)."}
        </p>
        <div className="flex flex-wrap gap-4">
          <Link to={localHref("/account/my-data")} className="font-semibold text-court-800 underline">
            See my data
          </Link>
          <a href={localHref("/account/data")} download className="font-semibold text-court-800 underline">
            Download my data
          </a>
        </div>
      </CardSection>

      <CardSection title="Delete my account" id="delete-heading">
        <p className="mb-4 text-slate-800">
          This removes your profile and signs you out everywhere. Messages you already sent stay in the other person's conversation, shown as from
          “Deleted user”. It cannot be undone.
        </p>
        {leftOnDeletion.length ? (
          <div role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-slate-900">
            <p className="font-semibold">You are the only parent or guardian of your family on the site:</p>
            <ul className="mt-1 list-disc pl-5">
              {leftOnDeletion.map((a) => (
                <li key={a.id}>
                  {a.noLogin
                    ? `${a.fullName} has no login of their own and will be removed with your account.`
                    : `${a.fullName} will have no parent or guardian on the site, so coaches cannot message them until one is linked. The safeguarding lead will be told.`}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="delete" />
          {settings.hasPassword ? (
            <Field label="Password" name="password" type="password" autoComplete="current-password" required error={errorsFor("delete").password} />
          ) : null}
          <Field label={`Type ${DELETE_CONFIRMATION} to confirm`} name="confirm" autoComplete="off" required error={errorsFor("delete").confirm} />
          <FormError message={errorFor("delete")} />
          <Button type="submit" variant="danger" disabled={busy} className="self-start">
            Delete my account
          </Button>
        </Form>
      </CardSection>
      <p className="text-sm text-slate-700">
        <Link to={localHref("/messages")} className="underline">
          Back to messages
        </Link>
      </p>
    </div>
  );
}
