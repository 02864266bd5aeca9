// /gallery/photos/<id>-<width>.<avif|webp>: a copy of an uploaded photo. A copy never changes (a new photo gets a new
// id), so browsers may keep it for a year.
import type { Route } from "./+types/gallery.photos.$file";
import { getPhotoFile } from "~/gallery/index.server";
import { notFound } from "~/lib/responses.server";

const FILE = /^([0-9a-f-]{36})-(\d{2,4})\.(avif|webp)$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const match = FILE.exec(params.file);
  if (!match) notFound();
  const [, id, width, format] = match as unknown as [string, string, string, "avif" | "webp"];
  const bytes = await getPhotoFile(context.db, id, Number(width), format);
  if (!bytes) notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": `image/${format}`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
