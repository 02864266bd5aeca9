import { Dialog } from "radix-ui";
import { ImageOff, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { SiteImage } from "~/content/images";

/** Photos in the first rows load at once; the rest load as the visitor scrolls to them. */
const EAGER_COUNT = 3;

/** Shown inside the photo's button (whose label names the photo) or the overlay (whose title does). */
function Placeholder({ alt }: { alt: string }) {
  return (
    <div className="flex aspect-[3/2] w-full flex-col items-center justify-center gap-2 bg-slate-200 text-slate-700">
      <span className="sr-only">{alt} </span>
      <ImageOff aria-hidden className="size-8" />
      <span className="text-sm font-medium">Image unavailable</span>
    </div>
  );
}

/** A photo that shows a placeholder when it cannot load, including a failure before the page was hydrated. */
function Photo({ image, eager, className, broken, onBroken }: { image: SiteImage; eager: boolean; className: string; broken: boolean; onBroken: () => void }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) onBroken();
  }, [onBroken]);
  if (broken) return <Placeholder alt={image.alt} />;
  return (
    <img
      ref={ref}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className}
      onError={onBroken}
    />
  );
}

export function GalleryGrid({ photos }: { photos: SiteImage[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const markBroken = useCallback((src: string) => setBroken((b) => (b.has(src) ? b : new Set(b).add(src))), []);
  const current = open === null ? null : photos[open];
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo, i) => (
          <li key={photo.src}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block w-full overflow-hidden rounded-lg bg-slate-100"
            >
              <span className="sr-only">View full size: </span>
              <Photo image={photo} eager={i < EAGER_COUNT} broken={broken.has(photo.src)} onBroken={() => markBroken(photo.src)} className="aspect-[3/2] h-auto w-full object-cover transition-transform hover:scale-105" />
            </button>
          </li>
        ))}
      </ul>
      <Dialog.Root open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <Dialog.Portal>
          <Dialog.Overlay data-testid="gallery-backdrop" className="fixed inset-0 z-50 bg-black/85" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-4 z-50 m-auto flex max-h-[calc(100vh-2rem)] max-w-6xl flex-col items-center justify-center outline-none"
            onClick={(e) => {
              // A click on the dark area around the photo closes the overlay, as a backdrop click does.
              if (e.target === e.currentTarget) setOpen(null);
            }}
          >
            <Dialog.Title className="sr-only">{current?.alt ?? "Photo"}</Dialog.Title>
            {current ? (
              <Photo key={current.src} image={current} eager broken={broken.has(current.src)} onBroken={() => markBroken(current.src)} className="max-h-[calc(100vh-6rem)] w-auto max-w-full rounded-lg object-contain" />
            ) : null}
            <Dialog.Close className="absolute right-0 top-0 rounded-full bg-white p-2 text-navy-900 shadow-lg hover:bg-slate-100" aria-label="Close">
              <X aria-hidden className="size-6" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
