// Every photo and logo the site shows. To use real photos: drop the files into the images/ folder (JPEG, PNG, WebP,
// AVIF or SVG, straight from the camera: any size, any orientation), then edit this list: the file's path inside
// images/ and the description a blind visitor hears. Each photo is served as small AVIF and WebP copies at several
// widths, with its width and height, and without its camera metadata (GPS position included): see
// scripts/site-images.ts. The shipped files are generated stand-ins (scripts/generate-stand-in-images.mjs).
import SITE_IMAGES from "virtual:site-images";
import type { SiteImageInfo } from "../../scripts/site-images";

export type SiteImage = SiteImageInfo & { alt: string };

/** An image of the images/ folder; a listed file that is not there stops the site with a message saying so. */
export function siteImage(file: string, alt: string): SiteImage {
  const info = SITE_IMAGES[file];
  if (!info) throw new Error(`images/${file} is listed in app/content/images.ts but is not in the images/ folder.`);
  return { ...info, alt };
}

/** A photo of the gallery's starting set, known by its file in images/. */
export type StartingPhoto = SiteImage & { file: string };

function galleryPhoto(file: string, alt: string): StartingPhoto {
  return { file, ...siteImage(file, alt) };
}

/**
 * The gallery's starting set, in the order shown after the coaches' uploads. Coaches move or remove these on
 * /gallery/photos too; the database remembers that by file name, so a renamed file comes back, at the end.
 */
export const GALLERY_PHOTOS: StartingPhoto[] = [
  galleryPhoto("gallery/photo-01.svg", "Illustration: a Level 5 beginner clinic warming up on the court"),
  galleryPhoto("gallery/photo-02.svg", "Illustration: a coach demonstrating a forehand to young players"),
  galleryPhoto("gallery/photo-03.svg", "Illustration: student-athletes doing homework after practice"),
  galleryPhoto("gallery/photo-04.svg", "Illustration: summer camp group picture at the net"),
  galleryPhoto("gallery/photo-05.svg", "Illustration: a serve practised against the evening sky"),
  galleryPhoto("gallery/photo-06.svg", "Illustration: a doubles match at a regional tournament"),
  galleryPhoto("gallery/photo-07.svg", "Illustration: parents cheering from the fence"),
  galleryPhoto("gallery/photo-08.svg", "Illustration: footwork drill with cones"),
  galleryPhoto("gallery/photo-09.svg", "Illustration: a volunteer tutor with a student"),
  galleryPhoto("gallery/photo-10.svg", "Illustration: the after-school program on a school court"),
  galleryPhoto("gallery/photo-11.svg", "Illustration: trophies from a state tournament"),
  galleryPhoto("gallery/photo-12.svg", "Illustration: a private lesson on a Friday afternoon"),
  galleryPhoto("gallery/photo-13.svg", "Illustration: winter indoor training session"),
  galleryPhoto("gallery/photo-14.svg", "Illustration: a college campus visit with the team"),
  galleryPhoto("gallery/photo-15.svg", "Illustration: racquets and balls donated by supporters"),
  galleryPhoto("gallery/photo-16.svg", "Illustration: an ages 8-12 clinic playing a rally game"),
  galleryPhoto("gallery/photo-17.svg", "Illustration: coaches and families at the season picnic"),
  galleryPhoto("gallery/photo-18.svg", "Illustration: a scholarship recipient with her family"),
];

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
