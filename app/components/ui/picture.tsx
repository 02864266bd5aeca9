import type { SiteImage } from "~/content/images";

type PictureProps = {
  image: SiteImage;
  /** How wide the image is shown, for the browser to pick the smallest copy that is sharp enough. */
  sizes: string;
  eager?: boolean;
  className?: string;
};

/** A photo or logo of app/content/images.ts: AVIF where the browser reads it, WebP otherwise, SVG as it is. */
export function Picture({ image, sizes, eager = false, className }: PictureProps) {
  const img = (
    <img
      src={image.src}
      srcSet={image.srcSet?.webp}
      sizes={image.srcSet ? sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className}
    />
  );
  if (!image.srcSet) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={image.srcSet.avif} sizes={sizes} />
      {img}
    </picture>
  );
}
