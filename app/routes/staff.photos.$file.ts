// /staff/photos/<id>-<width>.<avif|webp>: a copy of a coach's photo, served as gallery photos are
// (app/routes/gallery.photos.$file.ts). A copy never changes (a new photo gets a new id), so the photo of a profile
// shown on /about may be kept by browsers for a year; a hidden profile's photo is seen only by its coach and the
// administrators, and never kept.
import type { Route } from "./+types/staff.photos.$file";
import { getUser } from "~/auth/index.server";
import { isAdmin } from "~/models/users.server";
import { getCoachPhotoFile } from "~/staff/index.server";
import { notFound } from "~/lib/responses.server";

const FILE = /^([0-9a-f-]{36})-(\d{2,4})\.(avif|webp)$/;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const match = FILE.exec(params.file);
  if (!match) notFound();
  const [, id, width, format] = match as unknown as [string, string, string, "avif" | "webp"];
  const file = await getCoachPhotoFile(context.db, id, Number(width), format);
  if (!file) notFound();
  if (!file.public) {
    const user = await getUser(request, context);
    const allowed = user && (user.id === file.ownerId || (await isAdmin(context.db, user.id)));
    if (!allowed) notFound();
  }
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": `image/${format}`,
      "Content-Length": String(file.data.length),
      "Cache-Control": file.public ? "public, max-age=31536000, immutable" : "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
