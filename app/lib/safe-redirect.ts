const BASE = "http://same.site";
/** Control characters (which browsers strip from addresses) and the backslash (which they read as a slash). */
const suspicious = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c === "\u007f" || c === "\\");

/**
 * Only paths on this site are followed after sign-in. The browser's own reading decides: a path that a browser would
 * resolve to another host (`//evil.example`, `/\evil.example`, or one hiding a tab or newline that browsers strip,
 * `/\t/evil.example`) falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || suspicious(to)) return fallback;
  try {
    const url = new URL(to, BASE);
    if (url.origin !== BASE) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
