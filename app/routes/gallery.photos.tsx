// Where coaches upload, reorder and delete gallery photos. The bundled starting set (images/) is not changed here.
import { ArrowDown, ArrowUp } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/gallery.photos";
import { requireCoach } from "~/auth/session.server";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/public/section";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { parseForm } from "~/lib/auth-schemas";
import { PHOTO_MESSAGES, processPhoto } from "~/lib/photo-upload.server";
import { PHOTO_MAX_BYTES, PhotoDetailsSchema } from "~/lib/site-content-schemas";
import { setToastCookie } from "~/lib/toast.server";
import { createUploadedPhoto, deleteUploadedPhoto, getUploadedPhotos, moveUploadedPhoto } from "~/models/gallery.server";

export const meta = () => [{ title: "Add or arrange photos | Gallery" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCoach(request, context);
  return { photos: await getUploadedPhotos(context.db) };
}

type UploadResult = { ok: false; fieldErrors: Partial<Record<"photo" | "alt" | "consent", string>>; values: { alt: string; consent: boolean } };

const back = async (context: Route.ActionArgs["context"], title: string) =>
  redirect("/gallery/photos", { headers: { "Set-Cookie": await setToastCookie(context, { title, type: "success" }) } });

export async function action({ request, context }: Route.ActionArgs) {
  const coach = await requireCoach(request, context);
  // A photo over the limit is refused before its bytes are read.
  if (Number(request.headers.get("content-length") ?? 0) > PHOTO_MAX_BYTES + 64 * 1024) {
    return data<UploadResult>({ ok: false, fieldErrors: { photo: PHOTO_MESSAGES.tooLarge }, values: { alt: "", consent: false } }, { status: 400 });
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  if (intent === "move-up" || intent === "move-down") {
    if (!(await moveUploadedPhoto(context.db, id, intent === "move-up" ? "up" : "down"))) throw data("Photo not found", { status: 404 });
    throw await back(context, "Order saved");
  }
  if (intent === "delete") {
    if (!(await deleteUploadedPhoto(context.db, id))) throw data("Photo not found", { status: 404 });
    throw await back(context, "Photo deleted");
  }
  if (intent !== "upload") throw data({ error: "Unknown action" }, { status: 400 });

  const values = { alt: String(form.get("alt") ?? ""), consent: form.get("consent") !== null };
  const { data: details, fieldErrors } = parseForm(PhotoDetailsSchema, { alt: form.get("alt") ?? "", consent: form.get("consent") ?? undefined });
  const errors: UploadResult["fieldErrors"] = { ...(fieldErrors ?? {}) };
  const file = form.get("photo");
  const upload = file instanceof File && file.size > 0 ? file : null;
  if (!upload) errors.photo = PHOTO_MESSAGES.missing;
  else if (upload.size > PHOTO_MAX_BYTES) errors.photo = PHOTO_MESSAGES.tooLarge;
  if (!details || errors.photo) return data<UploadResult>({ ok: false, fieldErrors: errors, values }, { status: 400 });

  const processed = await processPhoto(Buffer.from(await upload!.arrayBuffer()));
  if ("error" in processed) return data<UploadResult>({ ok: false, fieldErrors: { photo: processed.error }, values }, { status: 400 });
  await createUploadedPhoto(context.db, { alt: details.alt, createdBy: coach.id, photo: processed });
  throw await back(context, "Photo added to the gallery");
}

export default function GalleryPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as UploadResult | undefined;
  const e = result?.fieldErrors ?? {};
  const { photos } = loaderData;
  return (
    <>
      <PageHeader heading="Add or arrange photos" intro="Uploaded photos appear first in the gallery, before the starting set." />
      <Section title="Upload a photo" id="upload">
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex max-w-xl flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          aria-label="Upload a photo"
        >
          {result ? <FormError message="Please correct the fields marked below." /> : null}
          <input type="hidden" name="intent" value="upload" />
          <Field
            label="Photo (JPEG, PNG, WebP or HEIC, up to 15 MB)"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
            error={e.photo}
            required
          />
          <Field
            label="Describe the photo for people who cannot see it"
            name="alt"
            defaultValue={result?.values.alt ?? ""}
            error={e.alt}
            maxLength={300}
            required
          />
          <div className="flex flex-col gap-1">
            <label className="flex items-start gap-2 text-slate-800">
              <input
                type="checkbox"
                name="consent"
                defaultChecked={result?.values.consent ?? false}
                required
                aria-invalid={e.consent ? true : undefined}
                aria-describedby={e.consent ? "consent-error" : undefined}
                className="mt-1 size-4"
              />
              Everyone pictured (or their guardian) agreed to this photo being published
            </label>
            {e.consent ? (
              <p id="consent-error" data-field-error="" className="text-sm text-red-700">
                {e.consent}
              </p>
            ) : null}
          </div>
          <p className="text-sm text-slate-700">The site removes the photo&apos;s location and camera details and makes small copies for phones.</p>
          <Button type="submit" className="self-start">
            Upload photo
          </Button>
        </Form>
      </Section>
      <Section title="Uploaded photos, in the order shown" id="arrange">
        {photos.length === 0 ? <p className="text-slate-700">No photos uploaded yet.</p> : null}
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((p, i) => (
            <li key={p.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
              <img
                src={p.src}
                srcSet={p.srcSet.webp}
                sizes="320px"
                alt={p.alt}
                width={p.width}
                height={p.height}
                className="aspect-[3/2] h-auto w-full rounded object-cover"
              />
              <p className="text-sm text-slate-800">{p.alt}</p>
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="id" value={p.id} />
                  <Button type="submit" name="intent" value="move-up" variant="ghost" disabled={i === 0} aria-label={`Move photo ${i + 1} earlier`}>
                    <ArrowUp aria-hidden className="size-4" />
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value="move-down"
                    variant="ghost"
                    disabled={i === photos.length - 1}
                    aria-label={`Move photo ${i + 1} later`}
                  >
                    <ArrowDown aria-hidden className="size-4" />
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={p.id} />
                  <Button type="submit" name="intent" value="delete" variant="danger">
                    Delete<span className="sr-only"> photo {i + 1}</span>
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ol>
        <Link to="/gallery" className="mt-6 inline-block font-medium text-court-800 underline">
          Back to the gallery
        </Link>
      </Section>
    </>
  );
}
