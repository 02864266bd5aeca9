// Better Auth: accounts, passwords and sessions, stored in our own PostgreSQL tables (see db/schema.ts).
// The spec's `users` table is Better Auth's user table: `name` is stored as full_name, `image` as avatar_url.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Config } from "./config";

export const GOOGLE_PROVIDER_ID = "google";

export function createAuth(db: Db, config: Config, secret: string) {
  return betterAuth({
    appName: config.site.orgName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
      },
    }),
    user: {
      modelName: "users",
      fields: { name: "fullName", image: "avatarUrl" },
      additionalFields: {
        phone: { type: "string", required: false },
        // input: false with a default: whatever role a visitor sends, a new account is a client.
        role: { type: "string", required: false, input: false, defaultValue: "client" },
      },
    },
    session: {
      modelName: "sessions",
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    // Our own limiter (app/models/rate-limit.server.ts) guards sign-in per address and per account.
    rateLimit: { enabled: false },
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: "nlte",
      useSecureCookies: config.secure,
      // Set by server/http.ts from req.ip (TRUST_PROXY decides how far X-Forwarded-For is believed).
      ipAddress: { ipAddressHeaders: ["x-nlte-client-ip"] },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The secret that signs session cookies. Taken from AUTH_SECRET when set; otherwise generated once and kept:
 * in DATA_DIR with the embedded database, or in the database itself when it is external, so that several
 * app processes on one database agree without any configuration.
 */
export async function resolveAuthSecret(config: Config, db: Db): Promise<string> {
  if (config.authSecret) return config.authSecret;
  if (!config.databaseUrl) {
    const file = path.join(config.dataDir, "auth-secret");
    if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
    return secret;
  }
  await db
    .insert(schema.appSettings)
    .values({ key: "auth_secret", value: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: schema.appSettings.value })
    .from(schema.appSettings)
    .where(eq(schema.appSettings.key, "auth_secret"));
  return row!.value;
}
