// Payments' integration test files' set-up (issue 41): the loopback payment service for the file, and a request
// context signed in as someone with the service's keys, as the site reads them.
import type { AppLoadContext } from "react-router";
import { afterAll } from "vitest";
import type { Db } from "../../db/client";
import { loadConfig } from "../../server/config";
import { startPaymentService } from "./payment-service";

export type PaymentPerson = { id: string; email: string; role: "client" | "coach" };

/**
 * For an integration test file: the service, stopped after the file; its keys as the site reads them (`stripeEnv`);
 * and a request context on `db` signed in as `who` (nobody: null), with those keys or `env`.
 */
export async function withPaymentService(db: Db) {
  const service = await startPaymentService();
  afterAll(() => service.close());
  const stripeEnv = { STRIPE_SECRET_KEY: service.secretKey, STRIPE_WEBHOOK_SECRET: service.webhookSecret, STRIPE_API_URL: service.url };
  function contextAs(who: PaymentPerson | null, env: Record<string, string> = stripeEnv): AppLoadContext {
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3999", ...env });
    const session = who ? { user: { id: who.id, email: who.email, name: who.id, role: who.role } } : null;
    return { db, config, secret: "s".repeat(40), auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
  }
  return { service, stripeEnv, contextAs };
}
