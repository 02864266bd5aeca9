// The later sections of a person's /account (app/routes/account.tsx): language, devices signed in, staff links, their
// data, and deleting the account. The route guards, reads and acts; these only show.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Field, FormError, PasswordField } from "~/components/ui/field";
import { LANGUAGE_NAMES, localHref, LOCALES } from "~/i18n/locale";
import { formatDateTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import { Radio } from "~/components/ui/controls";

/** The language of the site and of the mail sent to the person. */
export function LanguageSection({ locale, busy, error }: { locale: string; busy: boolean; error: string | undefined }) {
  return (
    <CardSection title={m.account_section_language()} id="language-heading">
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="language" />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-slate-800">{m.account_language_intro()}</legend>
          {LOCALES.map((l) => (
            <label key={l} lang={l} className="flex items-center gap-2 text-slate-900">
              <Radio name="locale" value={l} defaultChecked={l === locale} />
              {LANGUAGE_NAMES[l]}
            </label>
          ))}
        </fieldset>
        <FormError message={error} />
        <Button type="submit" disabled={busy} className="self-start">
          {m.account_save_language()}
        </Button>
      </Form>
    </CardSection>
  );
}

/** The devices signed in to the account, each with a way to sign it out, and every other one at once. */
export function SessionsSection({
  sessions,
  busy,
  error,
  saved,
}: {
  sessions: Array<{ id: string; device: string; current: boolean; lastActive: string }>;
  busy: boolean;
  error: string | undefined;
  saved: ReactNode;
}) {
  const others = sessions.filter((s) => !s.current);
  const zone = useOrgTimeZone();
  return (
    <CardSection title={m.account_section_sessions()} id="sessions-heading">
      <ul className="flex flex-col gap-2">
        {sessions.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-4 rounded-md border border-slate-200 px-3 py-2">
            <span className="text-slate-900">
              {s.device}
              {s.current ? m.account_this_device() : ""}
              <span className="block text-sm text-slate-600">
                {m.account_last_active()}
                <time dateTime={s.lastActive}>{formatDateTime(s.lastActive, zone)}</time>
              </span>
            </span>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={s.id} />
                <Button type="submit" variant="secondary" disabled={busy} aria-label={m.account_sign_out_device({ device: s.device })}>
                  {m.account_sign_out()}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <FormError message={error} />
      {others.length > 0 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-others" />
          <Button type="submit" disabled={busy}>
            {m.account_sign_out_everywhere()}
          </Button>
        </Form>
      ) : null}
      {saved}
    </CardSection>
  );
}

/** The ways to the staff pages: the administrator's, the coach's own profile. */
export function StaffLinksSection({ admin, coach }: { admin: boolean; coach: boolean }) {
  return (
    <CardSection title={m.staff_account_section()} id="staff-links-heading">
      <ul className="flex flex-col gap-2">
        {admin ? (
          <li>
            <Link to={localHref("/staff")} className="font-semibold text-court-800 underline">
              {m.staff_account_admin_link()}
            </Link>
          </li>
        ) : null}
        {coach ? (
          <li>
            <Link to={localHref("/staff/profile")} className="font-semibold text-court-800 underline">
              {m.staff_account_profile_link()}
            </Link>
          </li>
        ) : null}
      </ul>
    </CardSection>
  );
}

/** The person's data: to read on a page or download. */
export function DataSection({ emailVerified }: { emailVerified: boolean }) {
  return (
    <CardSection title={m.account_section_data()} id="data-heading">
      <p className="mb-4 text-slate-800">{emailVerified ? m.account_data_text() : m.account_data_text_unconfirmed()}</p>
      <div className="flex flex-wrap gap-4">
        <Link to={localHref("/account/my-data")} className="font-semibold text-court-800 underline">
          {m.account_see_my_data()}
        </Link>
        <a href={localHref("/account/data")} download className="font-semibold text-court-800 underline">
          {m.account_download_my_data()}
        </a>
      </div>
    </CardSection>
  );
}

/** Deleting the account: what it leaves behind (athletes without a guardian), and the form. */
export function DeleteSection({
  hasPassword,
  lastAdmin,
  leftOnDeletion,
  busy,
  errors,
  error,
}: {
  hasPassword: boolean;
  lastAdmin: boolean;
  leftOnDeletion: Array<{ id: string; fullName: string; noLogin: boolean }>;
  busy: boolean;
  errors: { password?: string; confirm?: string };
  error: string | undefined;
}) {
  return (
    <CardSection title={m.account_section_delete()} id="delete-heading">
      <p className="mb-4 text-slate-800">{m.account_delete_text()}</p>
      {lastAdmin ? (
        <p role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 font-semibold text-slate-900">
          {m.account_error_delete_last_admin()}
        </p>
      ) : null}
      {leftOnDeletion.length ? (
        <div role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-slate-900">
          <p className="font-semibold">{m.account_delete_only_guardian()}</p>
          <ul className="mt-1 list-disc pl-5">
            {leftOnDeletion.map((a) => (
              <li key={a.id}>{a.noLogin ? m.account_delete_no_login({ name: a.fullName }) : m.account_delete_left_alone({ name: a.fullName })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="delete" />
        {hasPassword ? <PasswordField label={m.account_field_password()} name="password" error={errors.password} /> : null}
        <Field
          label={m.account_error_delete_confirm({ word: m.account_delete_word() })}
          name="confirm"
          autoComplete="off"
          required
          error={errors.confirm}
        />
        <FormError message={error} />
        <Button type="submit" variant="danger" disabled={busy} className="self-start">
          {m.account_section_delete()}
        </Button>
      </Form>
    </CardSection>
  );
}
