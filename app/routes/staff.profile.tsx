// /staff/profile: a coach's own staff profile (issue 28, decision 0030): their name (the coach-name rule), a photo
// (the gallery's pipeline), a short bio in English and optionally Spanish, the programs they coach, and whether
// families see it on /about. The Safe Play and background check dates are shown, not edited: an administrator records
// them on /staff. requireCoach on the first line of the loader and the action; one plain form (multipart), which works
// with or without JavaScript.
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/staff.profile";
import { requireCoach } from "~/auth/index.server";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { Field, FormError, TextAreaField } from "~/components/ui/field";
import { Picture } from "~/components/ui/picture";
import { PROGRAM_LINKS } from "~/content/site";
import { PhotoCopiesNote, useRevalidateWhilePreparing } from "~/gallery/photo-copies-note";
import { PHOTO_MESSAGES, checkPhoto } from "~/gallery/index.server";
import { localHref } from "~/i18n/locale";
import { dayInZone, formatCalendarDate } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { errorMessage } from "~/lib/page-behaviours-contract";
import { PHOTO_MAX_BYTES } from "~/lib/site-content-schemas";
import { m } from "~/paraglide/messages";
import { getOwnCoachProfile, saveOwnCoachProfile } from "~/staff/index.server";
import { getAdministrators, getStaffClearance } from "~/staff/index.server";
import { bioMaxText, CoachProfileSchema, NAME_MAX, profileFormValues } from "~/staff/schemas";
import { getSecurityReminder } from "~/security/index.server";
import { SecurityReminder } from "~/security/security-card";
import { done, parseForm, refusalOf, refused, type FieldErrors } from "~/lib/forms";
import { Checkbox } from "~/components/ui/controls";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData ? pageMeta(loaderData.page) : []),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const coach = await requireCoach(request, context);
  const profile = await getOwnCoachProfile(context.db, coach.id);
  // Safe Play (issue 37): whether the dates are current, and the administrators who record them.
  const [clearance, admins, securityReminder] = await Promise.all([
    getStaffClearance(context.db, coach.id, context.config.safePlay),
    getAdministrators(context.db),
    // The security programme's coordinator is reminded here when its yearly review is due (issue 40).
    getSecurityReminder(context.db, coach.id, dayInZone(context.config.safePlay.clock(), context.config.site.timeZone)),
  ]);
  return {
    clearance: clearance?.clearance ?? null,
    admins,
    securityReminder,
    contactEmail: context.config.site.email,
    page: { title: m.staff_profile_title(), description: m.staff_profile_description() },
    profile,
    programs: PROGRAM_LINKS.map((p) => ({ slug: p.slug, name: p.name() })),
  };
}

type Values = { fullName: string; bio: string; bioEs: string; programs: string[]; shown: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const coach = await requireCoach(request, context);
  // What was typed comes back with each refusal (the page shows it again: it works without JavaScript).
  const refuse = (fieldErrors: FieldErrors, values: Values) => refused<Values>({ fieldErrors, values });
  // A photo over the limit is refused before its bytes are read, as the gallery's upload does.
  if (Number(request.headers.get("content-length") ?? 0) > PHOTO_MAX_BYTES + 64 * 1024) {
    const p = await getOwnCoachProfile(context.db, coach.id);
    return refuse({ photo: PHOTO_MESSAGES.tooLarge() }, { fullName: p.fullName, bio: p.bio, bioEs: p.bioEs, programs: p.programs, shown: p.shown });
  }
  const form = await request.formData();
  const raw = profileFormValues(form);
  const values: Values = { fullName: raw.fullName, bio: raw.bio, bioEs: raw.bioEs, programs: raw.programs, shown: raw.shown !== undefined };
  const { data: input, fieldErrors } = parseForm(CoachProfileSchema, raw);
  const errors: FieldErrors = { ...fieldErrors };
  const file = form.get("photo");
  const upload = file instanceof File && file.size > 0 ? file : null;
  if (upload && upload.size > PHOTO_MAX_BYTES) errors.photo = PHOTO_MESSAGES.tooLarge();
  if (!input || errors.photo) return refuse(errors, values);
  // Every field is checked before anything is stored: a photo that is not one stores nothing, the words neither.
  // The photo is only checked here (milliseconds); the job queue makes its copies, the page says so until then.
  const original = upload ? Buffer.from(await upload.arrayBuffer()) : null;
  const checked = original ? await checkPhoto(original) : null;
  if (checked && "error" in checked) return refuse({ photo: checked.error }, values);
  const saved = await saveOwnCoachProfile(context.db, coach, input, original);
  if (!saved.ok) return refuse({ [saved.field]: saved.error }, values);
  return done({ message: input.shown ? m.staff_profile_saved_shown() : m.staff_profile_saved_hidden(), savedAt: Date.now() });
}

export default function StaffProfile({ loaderData }: Route.ComponentProps) {
  const { profile, programs, clearance, admins, contactEmail } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const refused = refusalOf(result);
  const v: Values = refused?.values ?? profile;
  const e = refused?.fieldErrors ?? {};
  useRevalidateWhilePreparing(profile.photoCopies?.copies === "preparing");
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{m.staff_profile_heading_own()}</h1>
        <p className="mt-2 text-slate-800">{m.staff_profile_intro()}</p>
      </div>
      {loaderData.securityReminder ? <SecurityReminder dueOn={loaderData.securityReminder.dueOn} back="profile" busy={busy} /> : null}

      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-6" aria-labelledby="profile-form-heading">
        <h2 id="profile-form-heading" className="sr-only">
          {m.staff_profile_heading_own()}
        </h2>
        {refused ? <FormError message={m.staff_form_correct()} /> : null}
        <CardSection title={m.staff_profile_about_you()} id="about-you-heading">
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <Field
                label={m.staff_profile_name()}
                name="fullName"
                defaultValue={v.fullName}
                error={e.fullName}
                required
                maxLength={NAME_MAX}
                autoComplete="name"
                {...(e.fullName ? {} : { "aria-describedby": "name-hint" })}
              />
              <p id="name-hint" className="text-sm text-slate-700">
                {m.staff_profile_name_hint()}
              </p>
            </div>
            <TextAreaField label={m.staff_profile_bio()} name="bio" defaultValue={v.bio} error={e.bio} rows={6} />
            <p className="-mt-3 text-sm text-slate-700">{m.staff_profile_bio_hint({ max: bioMaxText() })}</p>
            <TextAreaField label={m.staff_profile_bio_es()} name="bioEs" lang="es" defaultValue={v.bioEs} error={e.bioEs} rows={6} />
            <p className="-mt-3 text-sm text-slate-700">{m.staff_profile_bio_es_hint()}</p>
          </div>
        </CardSection>

        <CardSection title={m.staff_profile_photo()} id="photo-heading">
          {/* A new key once saved: the file chosen (and "Remove my photo") start again empty, so it is not sent twice. */}
          <div key={result?.ok ? result.savedAt : "photo"} className="flex flex-col gap-4">
            {profile.photo ? (
              <div className="w-40 overflow-hidden rounded-lg bg-slate-100">
                <Picture image={profile.photo} sizes="160px" eager className="h-auto w-full" />
              </div>
            ) : profile.photoCopies ? (
              <PhotoCopiesNote state={profile.photoCopies} className="max-w-sm" />
            ) : (
              <p className="text-slate-800">{m.staff_profile_no_photo()}</p>
            )}
            <Field
              label={profile.photo || profile.photoCopies ? m.staff_profile_new_photo() : m.staff_profile_choose_photo()}
              name="photo"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
              error={e.photo}
            />
            <p className="-mt-3 text-sm text-slate-700">{m.staff_profile_photo_hint()}</p>
            {profile.photo || profile.photoCopies ? (
              <label className="flex items-center gap-2 text-slate-800">
                <Checkbox name="removePhoto" /> {m.staff_profile_remove_photo()}
              </label>
            ) : null}
          </div>
        </CardSection>

        <CardSection title={m.staff_profile_programs()} id="programs-heading">
          <fieldset className="flex flex-col gap-2" aria-describedby={e.programs ? "programs-error" : undefined}>
            <legend className="mb-1 text-slate-800">{m.staff_profile_programs_legend()}</legend>
            {programs.map((p) => (
              <label key={p.slug} className="flex items-center gap-2 text-slate-900">
                <Checkbox name="programs" value={p.slug} defaultChecked={v.programs.includes(p.slug)} />
                {p.name}
              </label>
            ))}
          </fieldset>
          {e.programs ? (
            <p id="programs-error" {...errorMessage.field()} className="mt-1 text-sm text-red-700">
              {e.programs}
            </p>
          ) : null}
        </CardSection>

        <ChecksSection
          safePlayCheckedOn={profile.safePlayCheckedOn}
          backgroundCheckedOn={profile.backgroundCheckedOn}
          clearance={clearance}
          admins={admins}
          contactEmail={contactEmail}
        />

        <CardSection title={m.staff_profile_visibility()} id="visibility-heading">
          <label className="flex items-start gap-2 text-slate-900">
            <Checkbox name="shown" defaultChecked={v.shown} className="mt-1" />
            {m.staff_profile_show()}
          </label>
        </CardSection>

        {result?.ok ? <Confirmation key={result.savedAt}>{result.message}</Confirmation> : null}
        <Button type="submit" disabled={busy} className="self-start">
          {m.staff_profile_save()}
        </Button>
      </Form>

      <p className="flex flex-wrap gap-4 text-sm text-slate-700">
        <Link to={localHref("/about#staff-heading")} className="underline">
          {m.staff_profile_see_about()}
        </Link>
        <Link to={localHref("/account")} className="underline">
          {m.staff_back_to_account()}
        </Link>
      </p>
    </div>
  );
}

type Data = Route.ComponentProps["loaderData"];

/** The coach's check dates as an administrator recorded them, and whether they are cleared to coach, until when. */
function ChecksSection({
  safePlayCheckedOn,
  backgroundCheckedOn,
  clearance,
  admins,
  contactEmail,
}: {
  safePlayCheckedOn: string | null;
  backgroundCheckedOn: string | null;
  clearance: Data["clearance"];
  admins: Data["admins"];
  contactEmail: string;
}) {
  const expiry = (day: string | null) => (day ? formatCalendarDate(`${day}T00:00:00Z`) : null);
  const checkDate = (day: string | null) => (day ? formatCalendarDate(`${day}T00:00:00Z`) : null);
  const safePlay = checkDate(safePlayCheckedOn);
  const background = checkDate(backgroundCheckedOn);
  return (
    <CardSection title={m.staff_profile_checks()} id="checks-heading">
      <dl className="flex flex-col gap-2 text-slate-900">
        <div>
          <dt className="font-semibold">{m.staff_about_safe_play()}</dt>
          <dd>{safePlay ? m.staff_about_checked_on({ date: safePlay }) : m.staff_about_not_recorded()}</dd>
        </div>
        <div>
          <dt className="font-semibold">{m.staff_about_background()}</dt>
          <dd>{background ? m.staff_about_checked_on({ date: background }) : m.staff_about_not_recorded()}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-slate-700">{m.staff_profile_checks_by_admin()}</p>
      {clearance ? (
        <div className="mt-3 flex flex-col gap-1 text-slate-900" data-testid="own-clearance">
          <p className="font-semibold">
            {clearance.cleared
              ? m.staff_cleared_until({ date: expiry([clearance.trainingExpiresOn!, clearance.backgroundExpiresOn!].sort()[0]!) ?? "" })
              : m.staff_not_cleared()}
          </p>
          {clearance.trainingExpiresOn ? (
            <p className="text-sm">
              {m.staff_about_safe_play()}:{" "}
              {clearance.missing.includes("training")
                ? m.staff_expired_on({ date: expiry(clearance.trainingExpiresOn) ?? "" })
                : m.staff_expires_on({ date: expiry(clearance.trainingExpiresOn) ?? "" })}
            </p>
          ) : null}
          {clearance.backgroundExpiresOn ? (
            <p className="text-sm">
              {m.staff_about_background()}:{" "}
              {clearance.missing.includes("background")
                ? m.staff_expired_on({ date: expiry(clearance.backgroundExpiresOn) ?? "" })
                : m.staff_expires_on({ date: expiry(clearance.backgroundExpiresOn) ?? "" })}
            </p>
          ) : null}
          {clearance.cleared ? null : (
            <p className="text-sm">
              {admins.length
                ? m.staff_profile_clearance_ask({ names: admins.map((a) => `${a.name} (${a.email})`).join(", ") })
                : m.staff_profile_clearance_no_admin({ email: contactEmail })}
            </p>
          )}
        </div>
      ) : null}
    </CardSection>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.staff_profile_heading_own()} documentTitle={m.staff_profile_title()} />;
}
