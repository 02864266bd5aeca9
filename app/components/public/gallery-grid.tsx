import { ChevronLeft, ChevronRight, ImageOff, X } from "lucide-react";
import { useId } from "react";
import { dialogCommand } from "~/components/ui/dialog-command";
import { Picture } from "~/components/ui/picture";
import type { SiteImage } from "~/content/images";
import { dialogSteps, photo as photoBox } from "~/lib/page-behaviours-contract";
import { m } from "~/paraglide/messages";

/** Photos in the first rows load at once; the rest load as the visitor scrolls to them. */
const EAGER_COUNT = 3;
/** How wide a photo is shown: in the grid (two columns, three from 640 px, in a page at most 80 rem wide), and full size. */
const GRID_SIZES = "(min-width: 1280px) 410px, (min-width: 640px) 33vw, 50vw";
const FULL_SIZES = "(min-width: 1600px) 1600px, 100vw";

/**
 * A photo that shows a placeholder when it cannot load: app/lib/page-behaviours.js (`photo`) marks the box of an
 * image that failed (also before the script ran) and the styles swap the two. The placeholder names the photo to
 * screen readers.
 */
function Photo({ image, eager, sizes, className }: { image: SiteImage; eager: boolean; sizes: string; className: string }) {
  return (
    <span {...photoBox.box()} className="group block">
      <Picture image={image} sizes={sizes} eager={eager} className={`group-data-broken:hidden ${className}`} />
      <span className="hidden aspect-[3/2] w-full min-w-64 flex-col items-center justify-center gap-2 rounded-lg bg-slate-200 text-slate-700 group-data-broken:flex">
        <span className="sr-only">{image.alt} </span>
        <ImageOff aria-hidden className="size-8" />
        <span className="text-sm font-medium">{m.calendar_gallery_unavailable()}</span>
      </span>
    </span>
  );
}

/**
 * The photo grid. Each photo opens full size in a native modal dialog (the button's `commandfor`), which the close
 * button, Escape, or a click on the dark area around the photo closes; previous and next buttons (and the arrow keys,
 * and a swipe: app/lib/page-behaviours.js, `dialogSteps`) go from photo to photo. No React needed, so the gallery
 * works on the page visitors get without it.
 */
export function GalleryGrid({ photos }: { photos: Array<SiteImage & { names?: string }> }) {
  const id = useId();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {photos.map((photo, i) => {
        const dialogId = `${id}-photo-${i}`;
        const other = (offset: number) => `${id}-photo-${(i + offset + photos.length) % photos.length}`;
        const stepClass =
          "absolute top-1/2 -translate-y-1/2 rounded-full bg-white p-2 text-navy-900 shadow-lg hover:bg-slate-100 focus-visible:outline-white";
        return (
          <li key={photo.src}>
            <button
              type="button"
              {...dialogCommand(dialogId, "show-modal")}
              aria-haspopup="dialog"
              className="block w-full overflow-hidden rounded-lg bg-slate-100"
            >
              <span className="sr-only">{m.calendar_gallery_view()} </span>
              <Photo
                image={photo}
                eager={i < EAGER_COUNT}
                sizes={GRID_SIZES}
                className="aspect-[3/2] h-auto w-full object-cover transition-transform hover:scale-105"
              />
            </button>
            {/* The athletes named on it, only while their families' photo releases are in force (app/consent). */}
            {photo.names ? <p className="mt-1 text-sm text-slate-800">{photo.names}</p> : null}
            <dialog
              id={dialogId}
              aria-label={photo.alt}
              className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none bg-transparent p-0 backdrop:bg-black/85"
            >
              <div
                {...dialogSteps.closeOnClick()}
                data-testid="gallery-backdrop"
                className="relative flex h-full w-full touch-pan-y items-center justify-center p-4 pt-16"
              >
                {/* Lazy: a photo in a closed dialog is not fetched until the dialog opens. */}
                <Photo
                  image={photo}
                  eager={false}
                  sizes={FULL_SIZES}
                  className="max-h-[calc(100dvh-6rem)] w-auto max-w-full rounded-lg object-contain"
                />
                {photos.length > 1 ? (
                  <>
                    <button
                      type="button"
                      {...dialogCommand(other(-1), "show-modal")}
                      {...dialogSteps.step("previous")}
                      aria-label={m.calendar_gallery_previous()}
                      className={`left-3 ${stepClass}`}
                    >
                      <ChevronLeft aria-hidden className="size-6" />
                    </button>
                    <button
                      type="button"
                      {...dialogCommand(other(1), "show-modal")}
                      {...dialogSteps.step("next")}
                      aria-label={m.calendar_gallery_next()}
                      className={`right-3 ${stepClass}`}
                    >
                      <ChevronRight aria-hidden className="size-6" />
                    </button>
                  </>
                ) : null}
                <button
                  type="button"
                  {...dialogCommand(dialogId, "close")}
                  aria-label={m.calendar_gallery_close()}
                  className="absolute right-4 top-4 rounded-full bg-white p-2 text-navy-900 shadow-lg hover:bg-slate-100"
                >
                  <X aria-hidden className="size-6" />
                </button>
              </div>
            </dialog>
          </li>
        );
      })}
    </ul>
  );
}
