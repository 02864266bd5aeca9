// What every loader and action receives as `context`: made once per process in server/index.ts,
// so a test can hand in another database or configuration.
import type { Db } from "../db/client";
import type { Auth } from "./auth";
import type { Config } from "./config";

export type AppServices = {
  db: Db;
  auth: Auth;
  config: Config;
  /** Signs cookies of our own (toasts). */
  secret: string;
};

export type AppLoadContextValue = AppServices & {
  /** Nonce for the inline scripts React Router renders; the Content-Security-Policy allows only these. */
  cspNonce: string;
  /** The caller's address, as far as it can be trusted (see TRUST_PROXY). */
  clientIp: string;
  /**
   * One object per HTTP request, for what a page's loaders share (the signed-in user, read once: getUser). React
   * Router hands each loader its own copy of the Request, so the Request cannot be that key. Absent in tests' contexts.
   */
  requestScope?: object;
};

declare module "react-router" {
  interface AppLoadContext extends AppLoadContextValue {}
}
