import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/gallery";
import { getUser, isCoach } from "~/auth/session.server";
import { PageHeader } from "~/components/page-header";
import { GalleryGrid } from "~/components/public/gallery-grid";
import { buttonClass } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { getGallery } from "~/gallery/gallery.server";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(PAGES.gallery, { matches, location });

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, gallery] = await Promise.all([getUser(request, context), getGallery(context.db)]);
  // Uploads and the starting set from images/, in the coaches' order.
  return { canEdit: isCoach(user), photos: gallery.photos.map(({ key: _key, ...photo }) => photo) };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader heading={PAGES.gallery.heading} intro={PAGES.gallery.description} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        {loaderData.canEdit ? (
          <Link to={localHref("/gallery/photos")} className={buttonClass("secondary", "mb-6")}>
            Add or arrange photos
          </Link>
        ) : null}
        <GalleryGrid photos={loaderData.photos} />
      </div>
    </>
  );
}
