// Each request is answered in the language its address is in (issue 27, decision 0027): /es/... in Spanish,
// everything else in English, read by app/i18n/locale.ts for every message the request renders or answers. A
// browser that chose Spanish (the language switch, or its account at sign-in, set the nlte-lang cookie) and opens a
// page at its English address is sent to the Spanish one. A browser that merely prefers Spanish is never redirected:
// the page offers the switch.
import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";
import { localeOfCookie, localeOfPath, localizePath, SERVER_LOCALE_STORE, type Locale } from "../app/i18n/language";

// One store per process (a test worker's files may have made it first: tests/support/locale-store.ts).
const store = ((globalThis as Record<symbol, unknown>)[SERVER_LOCALE_STORE] ??= new AsyncLocalStorage<Locale>()) as AsyncLocalStorage<Locale>;

/** Paths that are not pages: files, feeds, the auth provider's return, the language switch itself. */
const NOT_A_PAGE = /^\/(?:api|assets|auth|language|healthz|readyz)(?:\/|$)|\.[a-z0-9]+$/i;

export function languages() {
  return (req: Request, res: Response, next: NextFunction) => {
    const locale = localeOfPath(req.path);
    if (
      locale === "en" &&
      (req.method === "GET" || req.method === "HEAD") &&
      req.get("sec-fetch-dest") === "document" &&
      !NOT_A_PAGE.test(req.path) &&
      localeOfCookie(req.get("cookie")) === "es"
    ) {
      res.setHeader("Vary", "Cookie");
      return res.redirect(302, localizePath(req.originalUrl, "es"));
    }
    store.run(locale, next);
  };
}

/** Runs `fn` as a request in `locale` (tests, and jobs that answer for a person outside a request). */
export const inLocale = <T>(locale: Locale, fn: () => T): T => store.run(locale, fn);
