import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/gallery";
import { getUser, isCoach } from "~/auth/index.server";
import { PageHeader } from "~/components/page-header";
import { GalleryGrid } from "~/components/public/gallery-grid";
import { buttonClass } from "~/components/ui/button";
import { startingPhotos } from "~/content/gallery-photos";
import { pageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { getGallery } from "~/gallery/index.server";
import { getPublicCaptions } from "~/consent/index.server";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, gallery] = await Promise.all([getUser(request, context), getGallery(context.db, startingPhotos(getLocale()))]);
  // Uploads and the starting set from images/ (described in the reader's language), in the coaches' order. An athlete
  // named on a photo is shown ("Sofía G.") only while the family's photo release is in force (issue 40, decision 0061).
  const captions = await getPublicCaptions(
    context.db,
    gallery.photos.flatMap((p) => (p.key.kind === "uploaded" ? [p.key.id] : [])),
  );
  const photos = gallery.photos.map(({ key, ...photo }) => {
    const names = key.kind === "uploaded" ? captions.get(key.id) : undefined;
    return names ? { ...photo, names } : photo;
  });
  return { page: pageWords("gallery"), canEdit: isCoach(user), photos };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader heading={loaderData.page.heading} intro={loaderData.page.description} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        {loaderData.canEdit ? (
          <Link to={localHref("/gallery/photos")} className={buttonClass("secondary", "mb-6")}>
            {m.calendar_gallery_arrange()}
          </Link>
        ) : null}
        <GalleryGrid photos={loaderData.photos} />
      </div>
    </>
  );
}
