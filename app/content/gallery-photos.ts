// The gallery's starting set: photos in images/gallery/ and what a blind visitor hears for each. To use real photos,
// drop the files into images/gallery/ (JPEG, PNG, WebP, AVIF or SVG, straight from the camera), then edit this list.
// Only the server reads it (the gallery's loader): the browser gets the photos with the page, not this whole list.
// Coaches upload more, and move or remove these, on /gallery/photos.
import GALLERY_IMAGES from "virtual:site-images/gallery";
import { imageIn, type SiteImage } from "./images";

/** A photo of the gallery's starting set, known by its file in images/. */
export type StartingPhoto = SiteImage & { file: string };

const siteImage = imageIn(GALLERY_IMAGES, "app/content/gallery-photos.ts");

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
