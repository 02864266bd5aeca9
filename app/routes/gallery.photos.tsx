// Where coaches upload, reorder and delete gallery photos, and move, remove or put back those of the starting set.
import { data, Form, Link } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/gallery.photos";
import { requireCoach } from "~/auth/index.server";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/public/section";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { MoveButtons } from "~/components/ui/move-buttons";
import { PhotoCopiesNote, useRevalidateWhilePreparing } from "~/gallery/photo-copies-note";
import { errorMessage } from "~/lib/page-behaviours-contract";
import { PHOTO_MAX_BYTES, PhotoDetailsSchema } from "~/lib/site-content-schemas";
import { redirectWithToast } from "~/lib/toast.server";
import {
  checkPhoto,
  createUploadedPhoto,
  deleteUploadedPhoto,
  getGallery,
  moveGalleryPhoto,
  PHOTO_MESSAGES,
  removeStartingPhoto,
  restoreStartingPhoto,
  type GalleryKey,
} from "~/gallery/index.server";
import { invariantResponse, notFound } from "~/lib/responses.server";
import { startingPhotos } from "~/content/gallery-photos";
import { getLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { getNameableAthletes, getPhotoNames, nameAthleteOnPhoto, unnameAthleteOnPhoto } from "~/consent/index.server";
import { NAME_INTENT, NoReleaseNote, PhotoNamesForm, UNNAME_INTENT, type NameAnswer } from "~/consent/photo-names-form";
import { parseForm } from "~/lib/forms";
import { Checkbox } from "~/components/ui/controls";

export const meta = () => [{ title: m.calendar_photos_title() }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const coach = await requireCoach(request, context);
  const gallery = await getGallery(context.db, startingPhotos(getLocale()), { unready: true });
  // Who may be named on a photo, and who is (issue 40, decision 0061: only with the family's photo release).
  const uploadedIds = gallery.photos.flatMap((p) => (p.key.kind === "uploaded" ? [p.key.id] : []));
  const [athletes, names] = await Promise.all([getNameableAthletes(context.db, coach), getPhotoNames(context.db, uploadedIds)]);
  return { ...gallery, athletes, names: Object.fromEntries(names) };
}

/** The photo a form names: an uploaded one by `id`, one of the starting set by `file` (its file in images/). */
function photoKey(form: FormData): GalleryKey | null {
  const file = form.get("file");
  if (typeof file === "string" && file) return { kind: "starting", file };
  const id = form.get("id");
  return typeof id === "string" && id ? { kind: "uploaded", id } : null;
}

/** The hidden field that names a photo in its forms. */
function PhotoKeyField({ photoKey: key }: { photoKey: GalleryKey }) {
  return key.kind === "uploaded" ? <input type="hidden" name="id" value={key.id} /> : <input type="hidden" name="file" value={key.file} />;
}

type UploadResult = { ok: false; fieldErrors: Partial<Record<"photo" | "alt" | "consent", string>>; values: { alt: string; consent: boolean } };

const back = async (context: Route.ActionArgs["context"], title: string) =>
  await redirectWithToast(context, "/gallery/photos", { title, type: "success" });

export async function action({ request, context }: Route.ActionArgs) {
  const coach = await requireCoach(request, context);
  // A photo over the limit is refused before its bytes are read.
  if (Number(request.headers.get("content-length") ?? 0) > PHOTO_MAX_BYTES + 64 * 1024) {
    return data<UploadResult>({ ok: false, fieldErrors: { photo: PHOTO_MESSAGES.tooLarge() }, values: { alt: "", consent: false } }, { status: 400 });
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const key = photoKey(form);
  const done = async (changed: boolean, title: string): Promise<never> => {
    if (!changed) notFound();
    throw await back(context, title);
  };
  if (intent === "move-up" || intent === "move-down") {
    await done(
      !!key && (await moveGalleryPhoto(context.db, key, intent === "move-up" ? "up" : "down", startingPhotos(getLocale()))),
      m.calendar_order_saved(),
    );
  }
  if (intent === "delete") await done(key?.kind === "uploaded" && (await deleteUploadedPhoto(context.db, key.id)), m.calendar_photos_deleted());
  if (intent === "remove")
    await done(
      key?.kind === "starting" && (await removeStartingPhoto(context.db, key.file, startingPhotos(getLocale()))),
      m.calendar_photos_removed(),
    );
  if (intent === "put-back")
    await done(
      key?.kind === "starting" && (await restoreStartingPhoto(context.db, key.file, startingPhotos(getLocale()))),
      m.calendar_photos_restored(),
    );
  if (intent === NAME_INTENT || intent === UNNAME_INTENT) {
    const photoId = String(form.get("photoId") ?? "").slice(0, 100);
    const athleteId = String(form.get("athleteId") ?? "").slice(0, 100);
    if (intent === UNNAME_INTENT) await done(await unnameAthleteOnPhoto(context.db, photoId, athleteId), m.disclosures_gallery_unnamed_toast());
    const r = await nameAthleteOnPhoto(context.db, coach, photoId, athleteId);
    if (r.ok) throw await back(context, m.disclosures_gallery_named_toast());
    const error = r.reason === "no-release" ? m.disclosures_gallery_refused_release() : m.disclosures_gallery_refused_not_found();
    return data<NameAnswer>({ intent: NAME_INTENT, photoId, error }, { status: r.reason === "no-release" ? 409 : 404 });
  }
  invariantResponse(intent === "upload", m.calendar_error_unknown_action());

  const values = { alt: String(form.get("alt") ?? ""), consent: form.get("consent") !== null };
  const { data: details, fieldErrors } = parseForm(PhotoDetailsSchema, { alt: form.get("alt") ?? "", consent: form.get("consent") ?? undefined });
  const errors: UploadResult["fieldErrors"] = { ...(fieldErrors ?? {}) };
  const file = form.get("photo");
  const upload = file instanceof File && file.size > 0 ? file : null;
  if (!upload) errors.photo = PHOTO_MESSAGES.missing();
  else if (upload.size > PHOTO_MAX_BYTES) errors.photo = PHOTO_MESSAGES.tooLarge();
  if (!details || errors.photo) return data<UploadResult>({ ok: false, fieldErrors: errors, values }, { status: 400 });

  // Only checked here (milliseconds): the job queue makes the copies, and the page says "being prepared" until then.
  const original = Buffer.from(await upload!.arrayBuffer());
  const checked = await checkPhoto(original);
  if ("error" in checked) return data<UploadResult>({ ok: false, fieldErrors: { photo: checked.error }, values }, { status: 400 });
  await createUploadedPhoto(context.db, { alt: details.alt, createdBy: coach.id, original });
  throw await back(context, m.calendar_photos_added());
}

export default function GalleryPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as UploadResult | NameAnswer | undefined;
  const result = answer && "fieldErrors" in answer ? answer : undefined;
  const named = answer && "intent" in answer ? answer : undefined;
  const { photos, removed, athletes, names } = loaderData;
  useRevalidateWhilePreparing(photos.some((p) => p.unready?.copies === "preparing"));
  return (
    <>
      <PageHeader heading={m.calendar_gallery_arrange()} intro={m.calendar_photos_intro()} />
      <Section title={m.calendar_photos_upload()} id="upload">
        <NoReleaseNote athletes={athletes} />
        <UploadForm result={result} />
      </Section>
      <Section title={m.calendar_photos_order_title()} id="arrange">
        {photos.length === 0 ? <p className="text-slate-700">{m.calendar_photos_none()}</p> : null}
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((p, i) => (
            <li key={p.src} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
              {"unready" in p && p.unready ? (
                <PhotoCopiesNote state={p.unready} className="aspect-[3/2] w-full" />
              ) : (
                <img
                  src={p.src}
                  srcSet={p.srcSet?.webp}
                  sizes="320px"
                  alt={p.alt}
                  width={p.width}
                  height={p.height}
                  className="aspect-[3/2] h-auto w-full rounded object-cover"
                />
              )}
              <p className="text-sm text-slate-800">{p.alt}</p>
              {p.key.kind === "starting" ? <p className="text-xs text-slate-700">{m.calendar_photos_starting({ file: p.key.file })}</p> : null}
              {p.key.kind === "uploaded" ? (
                <PhotoNamesForm photoId={p.key.id} n={i + 1} named={names[p.key.id] ?? []} athletes={athletes} answer={named} />
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <PhotoKeyField photoKey={p.key} />
                  <MoveButtons
                    index={i}
                    count={photos.length}
                    upLabel={m.calendar_photos_earlier({ n: i + 1 })}
                    downLabel={m.calendar_photos_later({ n: i + 1 })}
                  />
                </Form>
                <Form method="post">
                  <PhotoKeyField photoKey={p.key} />
                  {p.key.kind === "uploaded" ? (
                    <Button type="submit" name="intent" value="delete" variant="danger">
                      {m.calendar_delete()}
                      <span className="sr-only"> {m.calendar_photos_number({ n: i + 1 })}</span>
                    </Button>
                  ) : (
                    <Button type="submit" name="intent" value="remove" variant="secondary">
                      {m.calendar_remove()}
                      <span className="sr-only"> {m.calendar_photos_number({ n: i + 1 })}</span>
                    </Button>
                  )}
                </Form>
              </div>
            </li>
          ))}
        </ol>
      </Section>
      {removed.length > 0 ? (
        <Section title={m.calendar_photos_removed_title()} id="removed">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {removed.map((p) => (
              <li key={p.src} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
                <p className="text-sm text-slate-800">{p.alt}</p>
                <Form method="post">
                  <PhotoKeyField photoKey={p.key} />
                  <Button
                    type="submit"
                    name="intent"
                    value="put-back"
                    variant="secondary"
                    aria-label={m.calendar_photos_put_back_named({ alt: p.alt })}
                  >
                    {m.calendar_photos_put_back()}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <p className="mx-auto max-w-7xl px-4 pb-10">
        <Link to={localHref("/gallery")} className="font-medium text-court-800 underline">
          {m.calendar_photos_back()}
        </Link>
      </p>
    </>
  );
}

/** The upload form: the file, its description, and the word that everyone pictured agreed. */
function UploadForm({ result }: { result: UploadResult | undefined }) {
  const e = result?.fieldErrors ?? {};
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex max-w-xl flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      aria-label={m.calendar_photos_upload()}
    >
      {result ? <FormError message={m.calendar_form_correct()} /> : null}
      <input type="hidden" name="intent" value="upload" />
      <Field
        label={m.calendar_photos_file()}
        name="photo"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
        error={e.photo}
        required
      />
      <Field label={m.calendar_photos_alt()} name="alt" defaultValue={result?.values.alt ?? ""} error={e.alt} maxLength={300} required />
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2 text-slate-800">
          <Checkbox
            name="consent"
            defaultChecked={result?.values.consent ?? false}
            required
            aria-invalid={e.consent ? true : undefined}
            aria-describedby={e.consent ? "consent-error" : undefined}
            className="mt-1"
          />
          {m.calendar_photos_consent()}
        </label>
        {e.consent ? (
          <p id="consent-error" {...errorMessage.field()} className="text-sm text-red-700">
            {e.consent}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-slate-700">{m.calendar_photos_privacy()}</p>
      <Button type="submit" className="self-start">
        {m.calendar_photos_submit()}
      </Button>
    </Form>
  );
}
