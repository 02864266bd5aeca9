// /general's pages (issue 39): the newest posts first, ten a page, and posts older than a year under the archive
// (/general?archive), still reachable. Plain links (?page=2) page through them, without JavaScript.
export const POSTS_PER_PAGE = 10;

export type GeneralView = { archive: boolean; page: number };

/** Which list and page an address asks for: "/general?archive&page=2". A page that is not a whole number from 1 is 1. */
export function readGeneralView(url: URL): GeneralView {
  const raw = url.searchParams.get("page") ?? "1";
  const page = /^[1-9][0-9]{0,4}$/.test(raw) ? Number(raw) : 1;
  return { archive: url.searchParams.has("archive"), page };
}

/** The address of a list's page: "/general", "/general?page=2", "/general?archive", "/general?archive&page=3". */
export function generalHref(view: GeneralView): string {
  const query = [view.archive ? "archive" : null, view.page > 1 ? `page=${view.page}` : null].filter(Boolean).join("&");
  return query ? `/general?${query}` : "/general";
}

/** The first instant of the recent list: a post published before it, and not pinned, is in the archive. */
export function archiveCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 1);
  return cutoff;
}
