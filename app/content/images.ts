// The partner logos and documents the site shows (the gallery's photos: app/content/gallery-photos.ts). To use real
// images: drop the files into the images/ folder (JPEG, PNG, WebP, AVIF or SVG, straight from the camera: any size,
// any orientation), then edit the list: the file's path inside images/ and the description a blind visitor hears. Each photo is served as small AVIF and WebP copies at several
// widths, with its width and height, and without its camera metadata (GPS position included): see
// scripts/site-images.ts. The shipped files are generated stand-ins (scripts/generate-stand-in-images.mjs).
import PARTNER_IMAGES from "virtual:site-images/partners";
import type { SiteImageInfo } from "../../scripts/site-images";

export type SiteImage = SiteImageInfo & { alt: string };

/**
 * An image of the images/ folder, from the folder's sizes a list imports (`virtual:site-images/<folder>`: each page
 * carries only the sizes of images it can show); a listed file that is not there stops the site with a message.
 */
export function imageIn(images: Record<string, SiteImageInfo>, listedIn: string) {
  return (file: string, alt: string): SiteImage => {
    const info = images[file];
    if (!info) throw new Error(`images/${file} is listed in ${listedIn} but is not in the images/ folder.`);
    return { ...info, alt };
  };
}

const siteImage = imageIn(PARTNER_IMAGES, "app/content/images.ts");

/** Partner logos, shown in the footer. */
export const PARTNER_LOGOS: Array<SiteImage & { name: string }> = [
  { name: "USTA Mid-Atlantic", ...siteImage("partners/usta.svg", "USTA Mid-Atlantic") },
  { name: "Local Rotary Club", ...siteImage("partners/rotary.svg", "Local Rotary Club") },
  { name: "National Junior Tennis & Learning", ...siteImage("partners/njtl.svg", "National Junior Tennis & Learning") },
  { name: "DC Public Schools", ...siteImage("partners/dcps.svg", "DC Public Schools") },
];

/** Documents families download. */
export const DOCUMENTS = {
  photoRelease: { href: "/documents/photo-release-form.pdf", label: "Photo Release Form (PDF)" },
} as const;
