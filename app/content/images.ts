// Every photo and logo the site shows. To use real photos: drop the files into public/images/ (WebP or AVIF,
// about 1600 px wide for gallery photos), then edit this list: path, width and height in pixels, and the
// description a blind visitor hears. The shipped files are generated stand-ins (scripts/generate-stand-in-images.mjs).
export type SiteImage = { src: string; width: number; height: number; alt: string };

const photo = (n: number, alt: string): SiteImage => ({
  src: `/images/gallery/photo-${String(n).padStart(2, "0")}.svg`,
  width: 1200,
  height: 800,
  alt,
});

/** The gallery's 18 photos, in the order shown. */
export const GALLERY_PHOTOS: SiteImage[] = [
  photo(1, "Stand-in photo: a Level 5 beginner clinic warming up on the court"),
  photo(2, "Stand-in photo: a coach demonstrating a forehand to young players"),
  photo(3, "Stand-in photo: student-athletes doing homework after practice"),
  photo(4, "Stand-in photo: summer camp group picture at the net"),
  photo(5, "Stand-in photo: a serve practised against the evening sky"),
  photo(6, "Stand-in photo: a doubles match at a regional tournament"),
  photo(7, "Stand-in photo: parents cheering from the fence"),
  photo(8, "Stand-in photo: footwork drill with cones"),
  photo(9, "Stand-in photo: a volunteer tutor with a student"),
  photo(10, "Stand-in photo: the after-school program on a school court"),
  photo(11, "Stand-in photo: trophies from a state tournament"),
  photo(12, "Stand-in photo: a private lesson on a Friday afternoon"),
  photo(13, "Stand-in photo: winter indoor training session"),
  photo(14, "Stand-in photo: a college campus visit with the team"),
  photo(15, "Stand-in photo: racquets and balls donated by supporters"),
  photo(16, "Stand-in photo: an ages 8-12 clinic playing a rally game"),
  photo(17, "Stand-in photo: coaches and families at the season picnic"),
  photo(18, "Stand-in photo: a scholarship recipient with her family"),
];

/** Partner logos, shown in the footer. */
export const PARTNER_LOGOS: Array<SiteImage & { name: string }> = [
  { name: "USTA Mid-Atlantic", src: "/images/partners/usta.svg", width: 160, height: 64, alt: "USTA Mid-Atlantic" },
  { name: "Local Rotary Club", src: "/images/partners/rotary.svg", width: 160, height: 64, alt: "Local Rotary Club" },
  { name: "National Junior Tennis & Learning", src: "/images/partners/njtl.svg", width: 160, height: 64, alt: "National Junior Tennis & Learning" },
  { name: "DC Public Schools", src: "/images/partners/dcps.svg", width: 160, height: 64, alt: "DC Public Schools" },
];

/** Documents families download. */
export const DOCUMENTS = {
  photoRelease: { href: "/documents/photo-release-form.pdf", label: "Photo Release Form (PDF)" },
} as const;
