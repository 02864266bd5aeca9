// The organisation's programs by their keys (the URL's /programs/<slug>, events' program_slug): what a coach's event
// form checks a program against (./site-content-schemas.ts). Pure and without words, so app/lib may read it; the
// programs' names and links are the site's words (app/content/site.ts's PROGRAM_LINKS, which the typecheck holds to
// exactly these keys).
export const PROGRAM_SLUGS = ["spring", "summer", "fall", "winter", "after-school", "school-without-walls"] as const;
