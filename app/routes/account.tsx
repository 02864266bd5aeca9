// /account: the signed-in person's settings. Every form posts here with an `intent`; each acts on the signed-in
// person only (requireUser on the first line of the loader and the action).
import { Form, Link, useNavigation } from "react-router";
import { describeDevice } from "~/lib/device";
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
} from "~/account/index.server";
import { requireUser } from "~/auth/index.server";
import { DataSection, DeleteSection, LanguageSection, SessionsSection, StaffLinksSection } from "~/account/account-page";
import { Button } from "~/components/ui/button";
import { Confirmation } from "~/components/ui/confirmation";
import { Field, FormError, EmailField, PasswordField, PhoneField } from "~/components/ui/field";
import { pageWords } from "~/content/words.server";
import { getLocale, localHref } from "~/i18n/locale";
import { getAccountLocale, localeCookie, setAccountLocale } from "~/i18n/choice.server";
import { m } from "~/paraglide/messages";
import { ChangeEmailSchema, ChangePasswordSchema, DeleteAccountSchema, ProfileSchema } from "~/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { retryAfterHeaders } from "~/lib/retry-after";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { getAccountSettings, getActiveSessions } from "~/account/index.server";
import { getAthletesLeftWithoutGuardian } from "~/family/index.server";
import { AccountNav } from "~/components/account-nav";
import { z } from "zod";
import { AccountIntentSchema, LanguageSchema } from "~/account/index.server";
import { isAdmin, isLastAdmin } from "~/models/users.server";
import { countVisitorRequestsToReview } from "~/enrollment/index.server";
import { VisitorRequestsNotice } from "~/enrollment/visitor-requests-notice";
import { done, parseForm, refused, refusalOf, type FieldErrors } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.page), { name: "robots", content: "noindex" }] : [];
export const headers = retryAfterHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const session = await context.auth.api.getSession({ headers: request.headers });
  const settings = await getAccountSettings(context.db, user.id);
  // Said before a guardian confirms deleting their account: the athletes who would be left with no guardian.
  const leftOnDeletion = user.role === "client" ? await getAthletesLeftWithoutGuardian(context.db, user.id) : [];
  const sessions = (await getActiveSessions(context.db, user.id)).map((s) => ({
    id: s.id,
    current: s.token === session?.session.token,
    device: describeDevice(s.userAgent),
    lastActive: s.updatedAt.toISOString(),
  }));
  return {
    page: pageWords("account"),
    user,
    settings,
    // The language the account chose (issue 27); an account that never chose one reads the page's.
    locale: (await getAccountLocale(context.db, user.id)) ?? getLocale(),
    sessions,
    leftOnDeletion,
    // Said before the site's only administrator tries to delete their account: the action refuses it (issue 38).
    lastAdmin: await isLastAdmin(context.db, user.id),
    // Links to the staff pages (issue 28): /staff for administrators, /staff/profile for coaches.
    staffLinks: { admin: await isAdmin(context.db, user.id), coach: user.role === "coach" },
    // Requests a visitor sent with this guardian's verified address, waiting for their answer (issue 37).
    visitorRequests: await countVisitorRequestsToReview(context.db, user),
  };
}

/** Success is said on the page itself (a toast needs JavaScript; these forms work without it). */
function saved(intent: string, message: string, headers = new Headers()) {
  return done({ intent, message, savedAt: Date.now() }, { headers });
}

function refusal(intent: string, r: Extract<SettingsResult, { ok: false }>) {
  const headers: HeadersInit = r.retryAfterSeconds ? { "Retry-After": String(r.retryAfterSeconds) } : {};
  return refused(r.field ? { intent, fieldErrors: { [r.field]: r.error } } : { intent, formError: r.error }, { status: r.status, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const intent = AccountIntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return refused({ intent: "", formError: m.account_error_unknown_action() });
  const bad = (fieldErrors: FieldErrors | null) => refused({ intent: intent.data, fieldErrors });

  switch (intent.data) {
    case "profile": {
      const { data: input, fieldErrors } = parseForm(ProfileSchema, form);
      if (!input) return bad(fieldErrors);
      // A coach's name obeys the contact-details rule (Safe Play): saveProfile refuses it beside the field.
      const r = await saveProfile(context, user.id, input);
      if (!r.ok) return refusal(intent.data, r);
      return saved(intent.data, m.account_saved_profile());
    }
    case "password": {
      const { data: input, fieldErrors } = parseForm(ChangePasswordSchema, form);
      if (!input) return bad(fieldErrors);
      const r = await changePassword(request, context, input);
      if (!r.ok) return refusal(intent.data, r);
      return saved(intent.data, m.account_saved_password(), r.headers);
    }
    case "email": {
      const { data: input, fieldErrors } = parseForm(ChangeEmailSchema, form);
      if (!input) return bad(fieldErrors);
      if (input.newEmail === user.email.toLowerCase()) return bad({ newEmail: m.account_error_same_email() });
      const r = await changeEmail(request, context, user.id, input.newEmail);
      if (!r.ok) return refusal(intent.data, r);
      return saved(intent.data, m.account_saved_email({ email: input.newEmail }));
    }
    case "language": {
      // Kept on the account (every device and every mail follow it) and on this device; the page opens in it.
      const { data: input, fieldErrors } = parseForm(LanguageSchema, form);
      if (!input) return bad(fieldErrors);
      await setAccountLocale(context.db, user.id, input.locale);
      throw await redirectWithToast(
        context,
        "/account",
        { type: "success", title: m.account_saved_language({}, { locale: input.locale }) },
        { locale: input.locale, document: true, headers: { "Set-Cookie": localeCookie(input.locale, context.config.secure) } },
      );
    }
    case "end-session": {
      const id = z.string().min(1).max(200).safeParse(form.get("sessionId"));
      if (!id.success) return refused({ intent: intent.data, formError: m.account_error_session_ended() });
      const r = await endSession(request, context, user.id, id.data);
      if (!r.ok) return refusal(intent.data, r);
      return saved(intent.data, m.account_saved_session_ended());
    }
    case "end-others": {
      const r = await endOtherSessions(request, context);
      if (!r.ok) return refusal(intent.data, r);
      return saved(intent.data, m.account_saved_signed_out_others());
    }
    case "resend-verification": {
      // Refused (too many mails): this page answers, the message in the email section beside its own button.
      const r = await resendVerification(context, user);
      if (!r.ok) return refusal(intent.data, r);
      return await redirectWithToast(context, safeRedirect(form.get("redirectTo"), "/account"), {
        type: "success",
        title: m.account_toast_mail_sent_title(),
        description: m.account_toast_mail_sent(),
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
        { type: "success", title: m.account_toast_deleted_title(), description: m.account_toast_deleted() },
        { headers: r.headers! },
      );
    }
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { page, user, settings, locale, sessions, leftOnDeletion, lastAdmin } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const refusal = refusalOf(actionData);
  const success = actionData?.ok ? actionData : null;
  const errorsFor = (intent: string) => (refusal?.intent === intent ? refusal.fieldErrors : {});
  const errorFor = (intent: string) => (refusal?.intent === intent ? refusal.formError : undefined);
  // Said at the end of the section whose form was sent, where the person is looking.
  // A form that succeeded starts again empty (a new key), so a password typed is not left on the screen.
  const clearedFor = (intent: string) => (success?.message && success.intent === intent ? success.savedAt : undefined);
  const savedFor = (...intents: string[]) =>
    success?.message && intents.includes(success.intent ?? "") ? <Confirmation key={success.savedAt}>{success.message}</Confirmation> : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <AccountNav current="settings" family={user.role === "client"} />
      <h1 className="text-3xl font-bold text-slate-900">{page.heading}</h1>
      <VisitorRequestsNotice count={loaderData.visitorRequests} />

      <CardSection title={m.account_section_profile()} id="profile-heading">
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="profile" />
          <Field
            label={m.account_field_full_name()}
            name="fullName"
            autoComplete="name"
            required
            defaultValue={user.fullName ?? ""}
            error={errorsFor("profile").fullName}
          />
          <PhoneField label={m.account_field_phone()} name="phone" defaultValue={user.phone ?? ""} error={errorsFor("profile").phone} />
          <Button type="submit" disabled={busy} className="self-start">
            {m.account_save_profile()}
          </Button>
        </Form>
        {savedFor("profile")}
      </CardSection>

      <CardSection title={m.account_section_email()} id="email-heading">
        <p className="mb-4 text-slate-800">
          {m.account_email_is()}
          <strong>{user.email}</strong>
          {settings.emailVerified ? m.account_email_confirmed() : m.account_email_unconfirmed()}
        </p>
        {settings.emailVerified ? null : (
          <Form method="post" className="mb-6 flex flex-col gap-2">
            <input type="hidden" name="intent" value="resend-verification" />
            <input type="hidden" name="redirectTo" value={localHref("/account")} />
            <Button type="submit" variant="secondary" disabled={busy} className="self-start">
              {m.account_resend_confirmation()}
            </Button>
            <FormError message={errorFor("resend-verification")} />
          </Form>
        )}
        <Form method="post" key={clearedFor("email")} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="email" />
          <EmailField label={m.account_field_new_email()} name="newEmail" required error={errorsFor("email").newEmail} />
          <FormError message={errorFor("email")} />
          <Button type="submit" disabled={busy} className="self-start">
            {m.account_change_email()}
          </Button>
        </Form>
        {savedFor("email")}
      </CardSection>

      {settings.hasPassword ? (
        <CardSection title={m.account_section_password()} id="password-heading">
          <Form method="post" key={clearedFor("password")} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="password" />
            <PasswordField label={m.account_field_current_password()} name="currentPassword" error={errorsFor("password").currentPassword} />
            <PasswordField purpose="new" label={m.account_field_new_password()} name="newPassword" error={errorsFor("password").newPassword} />
            <FormError message={errorFor("password")} />
            <Button type="submit" disabled={busy} className="self-start">
              {m.account_change_password()}
            </Button>
          </Form>
          {savedFor("password")}
        </CardSection>
      ) : null}

      <LanguageSection locale={locale} busy={busy} error={errorFor("language") ?? errorsFor("language").locale} />

      <SessionsSection
        sessions={sessions}
        busy={busy}
        error={errorFor("end-session") ?? errorFor("end-others")}
        saved={savedFor("end-session", "end-others")}
      />

      {loaderData.staffLinks.admin || loaderData.staffLinks.coach ? <StaffLinksSection {...loaderData.staffLinks} /> : null}

      <DataSection emailVerified={settings.emailVerified} />

      <DeleteSection
        hasPassword={settings.hasPassword}
        lastAdmin={lastAdmin}
        leftOnDeletion={leftOnDeletion}
        busy={busy}
        errors={errorsFor("delete")}
        error={errorFor("delete")}
      />
      <p className="text-sm text-slate-700">
        <Link to={localHref("/messages")} className="underline">
          {m.account_back_to_messages()}
        </Link>
      </p>
    </div>
  );
}
