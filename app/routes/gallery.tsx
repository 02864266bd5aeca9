import type { Route } from "./+types/gallery";
import { PageHeader } from "~/components/page-header";
import { GalleryGrid } from "~/components/public/gallery-grid";
import { GALLERY_PHOTOS } from "~/content/images";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(PAGES.gallery, { matches, location });

export default function Gallery() {
  return (
    <>
      <PageHeader heading={PAGES.gallery.heading} intro={PAGES.gallery.description} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <GalleryGrid photos={GALLERY_PHOTOS} />
      </div>
    </>
  );
}
