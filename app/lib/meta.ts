import type { PageInfo } from "~/content/pages";

/** The meta tags every page carries: a unique title and description. */
export function pageMeta(page: Pick<PageInfo, "title" | "description">) {
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
  ];
}
