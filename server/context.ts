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
};

declare module "react-router" {
  interface AppLoadContext extends AppLoadContextValue {}
}
