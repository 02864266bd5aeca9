// The request-language store that server/languages.ts runs each request in, for tests that run code as a request in a
// language (`store.run("es", ...)`). One store per process, whoever asks first: a unit-test worker runs many files
// on one module graph (vitest.config.ts, `isolate: false`), and a file installing a store of its own would leave the
// others reading a store nobody runs.
import { AsyncLocalStorage } from "node:async_hooks";
import { SERVER_LOCALE_STORE, type Locale } from "../../app/i18n/language";

export function localeStore(): AsyncLocalStorage<Locale> {
  const global = globalThis as Record<symbol, unknown>;
  return (global[SERVER_LOCALE_STORE] ??= new AsyncLocalStorage<Locale>()) as AsyncLocalStorage<Locale>;
}
