// The gallery's starting set: photos in images/gallery/ and what a blind visitor hears for each, in each language
// (issue 27). To use real photos, drop the files into images/gallery/ (JPEG, PNG, WebP, AVIF or SVG, straight from
// the camera), then edit this list. Only the server reads it (the gallery's loaders): the browser gets the photos
// with the page, in one language, not this whole list. Coaches upload more, and move or remove these, on
// /gallery/photos.
import GALLERY_IMAGES from "virtual:site-images/gallery";
import type { Locale } from "~/i18n/language";
import { imageIn, type SiteImage } from "./images";

/** A photo of the gallery's starting set, known by its file in images/. */
export type StartingPhoto = SiteImage & { file: string };

const siteImage = imageIn(GALLERY_IMAGES, "app/content/gallery-photos.ts");

/** Each photo's file and its description in every language: a photo without its Spanish fails the typecheck. */
const STARTING_SET: Array<{ file: string; alt: Record<Locale, string> }> = [
  {
    file: "gallery/photo-01.svg",
    alt: {
      en: "Illustration: a Level 5 beginner clinic warming up on the court",
      es: "Ilustración: una clínica de principiantes de Nivel 5 calentando en la cancha",
    },
  },
  {
    file: "gallery/photo-02.svg",
    alt: {
      en: "Illustration: a coach demonstrating a forehand to young players",
      es: "Ilustración: un entrenador muestra un golpe de derecha a jugadores jóvenes",
    },
  },
  {
    file: "gallery/photo-03.svg",
    alt: {
      en: "Illustration: student-athletes doing homework after practice",
      es: "Ilustración: estudiantes-atletas haciendo la tarea después del entrenamiento",
    },
  },
  {
    file: "gallery/photo-04.svg",
    alt: { en: "Illustration: summer camp group picture at the net", es: "Ilustración: foto de grupo del campamento de verano junto a la red" },
  },
  {
    file: "gallery/photo-05.svg",
    alt: {
      en: "Illustration: a serve practised against the evening sky",
      es: "Ilustración: un saque de práctica recortado contra el cielo del atardecer",
    },
  },
  {
    file: "gallery/photo-06.svg",
    alt: { en: "Illustration: a doubles match at a regional tournament", es: "Ilustración: un partido de dobles en un torneo regional" },
  },
  {
    file: "gallery/photo-07.svg",
    alt: { en: "Illustration: parents cheering from the fence", es: "Ilustración: padres y madres animando desde la cerca" },
  },
  {
    file: "gallery/photo-08.svg",
    alt: { en: "Illustration: footwork drill with cones", es: "Ilustración: ejercicio de juego de pies con conos" },
  },
  {
    file: "gallery/photo-09.svg",
    alt: { en: "Illustration: a volunteer tutor with a student", es: "Ilustración: una tutora voluntaria con un estudiante" },
  },
  {
    file: "gallery/photo-10.svg",
    alt: {
      en: "Illustration: the after-school program on a school court",
      es: "Ilustración: el programa después de clases en la cancha de una escuela",
    },
  },
  {
    file: "gallery/photo-11.svg",
    alt: { en: "Illustration: trophies from a state tournament", es: "Ilustración: trofeos de un torneo estatal" },
  },
  {
    file: "gallery/photo-12.svg",
    alt: { en: "Illustration: a private lesson on a Friday afternoon", es: "Ilustración: una clase privada un viernes por la tarde" },
  },
  {
    file: "gallery/photo-13.svg",
    alt: { en: "Illustration: winter indoor training session", es: "Ilustración: entrenamiento de invierno en una cancha techada" },
  },
  {
    file: "gallery/photo-14.svg",
    alt: { en: "Illustration: a college campus visit with the team", es: "Ilustración: una visita con el equipo a un campus universitario" },
  },
  {
    file: "gallery/photo-15.svg",
    alt: { en: "Illustration: racquets and balls donated by supporters", es: "Ilustración: raquetas y pelotas donadas por quienes nos apoyan" },
  },
  {
    file: "gallery/photo-16.svg",
    alt: {
      en: "Illustration: an ages 8-12 clinic playing a rally game",
      es: "Ilustración: una clínica para edades de 8 a 12 años jugando a mantener el peloteo",
    },
  },
  {
    file: "gallery/photo-17.svg",
    alt: { en: "Illustration: coaches and families at the season picnic", es: "Ilustración: entrenadores y familias en el pícnic de la temporada" },
  },
  {
    file: "gallery/photo-18.svg",
    alt: { en: "Illustration: a scholarship recipient with her family", es: "Ilustración: una estudiante becada con su familia" },
  },
];

const startingSet = (locale: Locale): StartingPhoto[] => STARTING_SET.map(({ file, alt }) => ({ file, ...siteImage(file, alt[locale]) }));

/**
 * The gallery's starting set, in the order shown after the coaches' uploads, described in English. Coaches move or
 * remove these on /gallery/photos too; the database remembers that by file name, so a renamed file comes back, at
 * the end.
 */
export const GALLERY_PHOTOS: StartingPhoto[] = startingSet("en");
const GALLERY_PHOTOS_ES: StartingPhoto[] = startingSet("es");

/** The starting set described in a language (the gallery's loaders pass the request's). */
export const startingPhotos = (locale: Locale): StartingPhoto[] => (locale === "es" ? GALLERY_PHOTOS_ES : GALLERY_PHOTOS);
