import { useMatches, useRouteLoaderData } from "react-router";

/**
 * Content pages a visitor reads are sent as finished documents without the React runtime: most visitors are
 * families on phones who never sign in, and these pages need no application code. A route opts in with
 * `export const handle: PageHandle = { documentForVisitors: true }`. Signed-in people get the full application on
 * every page (the chat widget, the live unread count, coach tools). The few behaviours these pages have are
 * native HTML (details, dialog, command buttons) or the small script in app/lib/page-behaviours.js, which every page
 * loads, with or without React. See docs/decisions/0007-documents-for-visitors.md.
 */
export type PageHandle = {
  documentForVisitors?: true;
  /**
   * The page is a screen, not a document: it fills the window below the header (and the email banner) and scrolls
   * inside itself, with no footer (a conversation: its composer stays on screen, and sending never moves the page).
   */
  screen?: true;
};

type RootData = { user: unknown } | undefined;

/** The one rule: a page is a document (no React runtime) when its route opts in and nobody is signed in. */
export function isDocumentForVisitors(leafHandle: unknown, rootData: unknown): boolean {
  return !(rootData as RootData)?.user && (leafHandle as PageHandle | undefined)?.documentForVisitors === true;
}

/**
 * True while the server renders a page that will run no React in the browser. In the browser it is always false:
 * code that runs there is the application (a hydrated page, or a client-side navigation to a content page).
 */
/** Whether the page is a screen (PageHandle.screen): the layout gives it the window's height and no footer. */
export function useScreenPage(): boolean {
  return (useMatches().at(-1)?.handle as PageHandle | undefined)?.screen === true;
}

export function useDocumentPage(): boolean {
  const matches = useMatches();
  const root = useRouteLoaderData("root") as RootData;
  if (typeof document !== "undefined") return false;
  return isDocumentForVisitors(matches.at(-1)?.handle, root);
}
