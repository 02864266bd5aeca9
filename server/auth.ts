// Better Auth: accounts, passwords and sessions, stored in our own PostgreSQL tables (see db/schema.ts).
// The spec's `users` table is Better Auth's user table: `name` is stored as full_name, `image` as avatar_url.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
// Better Auth without Kysely (its own database layer: we hand it Drizzle's adapter), and the one plugin by its own path
// rather than the barrel of every plugin: 0.4 s less at every start of the server (loading 0.7 -> 0.4 s, issue 38).
import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { and, eq } from "drizzle-orm";
import { enqueueMail } from "../app/mail/index.server";
import { ACCOUNT_MAIL } from "../app/mail/account-mail";
import { recordEmailLink } from "../app/auth/index.server";
import { clearSignInLimits } from "../app/auth/index.server";
import { getAccountLocale } from "../app/i18n/choice.server";
import { isLocale, localizePath, type Locale } from "../app/i18n/language";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Config } from "./config";
import { testPasswordHash } from "./test-password-hash";

export const GOOGLE_PROVIDER_ID = "google";

/** How long a password reset link works (OWASP: short). */
export const RESET_TOKEN_SECONDS = 30 * 60;
export const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;

type MailUser = { id: string; email: string };

/** The mails Better Auth asks for (reset, changed password, sign-up attempt, verification), in the recipient's language. */
function accountMails(db: Db, config: Config, secret: string) {
  const services = { config, secret };
  /** A link to a page of the site, in the recipient's language. */
  const page = (path: string, locale: Locale) => `${config.publicUrl}${localizePath(path, locale)}`;
  const link = (path: string, token: string, locale: Locale) => `${page(path, locale)}?${new URLSearchParams({ token })}`;
  /**
   * The language of an account's mail (decision 0027): the account's, as Better Auth hands it over (a new account's is
   * the language of the page it signed up on), else as stored; an account that never chose one gets English.
   */
  const recipientLocale = async (user: { id: string }): Promise<Locale> => {
    const given = (user as { locale?: unknown }).locale;
    if (isLocale(given)) return given;
    return (await getAccountLocale(db, user.id)) ?? "en";
  };
  return {
    sendResetPassword: async ({ user, token }: { user: MailUser; token: string }) => {
      const expiresAt = new Date(Date.now() + RESET_TOKEN_SECONDS * 1000);
      const locale = await recipientLocale(user);
      await enqueueMail(
        db,
        services,
        { to: user.email, ...ACCOUNT_MAIL.resetPassword(link("/reset-password", token, locale), locale) },
        { oneTimeLinkExpiresAt: expiresAt },
      );
    },
    onPasswordReset: async ({ user }: { user: MailUser }) => {
      // The mailed link proved the owner: whatever strangers counted against the account starts again (0024).
      await clearSignInLimits(db, secret, user.email);
      const locale = await recipientLocale(user);
      await enqueueMail(db, services, { to: user.email, ...ACCOUNT_MAIL.passwordChanged(page("/forgot-password", locale), locale) });
    },
    onExistingUserSignUp: async ({ user }: { user: MailUser }) => {
      const locale = await recipientLocale(user);
      await enqueueMail(db, services, { to: user.email, ...ACCOUNT_MAIL.signUpAttempt(page("/forgot-password", locale), locale) });
    },
    sendVerificationEmail: async ({ user, token }: { user: MailUser; token: string }) => {
      // Also confirms a new address from /account: Better Auth then passes the new address as user.email.
      const locale = await recipientLocale(user);
      const url = link("/verify-email", token, locale);
      const content = isEmailChangeToken(token) ? ACCOUNT_MAIL.confirmNewEmail(url, locale) : ACCOUNT_MAIL.verifyEmail(url, locale);
      const expiresAt = new Date(Date.now() + VERIFY_TOKEN_SECONDS * 1000);
      // Only links the site mailed are accepted (app/auth/email-links.server.ts): not one signed with a backup's secret.
      await recordEmailLink(db, token, expiresAt);
      await enqueueMail(db, services, { to: user.email, ...content }, { oneTimeLinkExpiresAt: expiresAt });
    },
  };
}

export function createAuth(db: Db, config: Config, secret: string) {
  const mails = accountMails(db, config, secret);
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
      changeEmail: { enabled: true },
      additionalFields: {
        phone: { type: "string", required: false },
        // input: false with a default: whatever role a visitor sends, a new account is a client.
        role: { type: "string", required: false, input: false, defaultValue: "client" },
        // Safe Play: set at sign-up by our own action after clientKindProblem (Better Auth's routes other than the
        // OAuth callback are not exposed, so nobody else writes them); changed later only through /account's rules.
        clientKind: { type: "string", required: false, input: true, defaultValue: "guardian" },
        dateOfBirth: { type: "string", required: false, input: true },
        // Our sign-up passes true; an account made through Google gets false and answers on /account first.
        kindAnswered: { type: "boolean", required: false, input: true, defaultValue: false },
        // The language of the page the account was made on (issue 27); changed by the language switch.
        locale: { type: "string", required: false, input: true },
      },
    },
    session: {
      modelName: "sessions",
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    account: {
      modelName: "accounts",
      accountLinking: {
        enabled: true,
        // A Google identity whose address Google verified may take over an account nobody verified (decision 0012):
        // the hook below then ends that account's sessions and removes its password.
        requireLocalEmailVerified: false,
      },
    },
    // Reset and verification tokens are stored hashed: a copy of the database cannot be used to reset a password.
    verification: { modelName: "verifications", storeIdentifier: "hashed" },
    databaseHooks: {
      account: {
        create: {
          before: async (account, ctx) => {
            if (account.providerId === "credential" || !ctx) return;
            const owner = await ctx.context.internalAdapter.findUserById(account.userId);
            if (!owner || owner.emailVerified) return;
            // The unverified password account was never proven to be the address owner's: end it.
            await ctx.context.internalAdapter.deleteUserSessions(account.userId);
            await db.delete(schema.accounts).where(and(eq(schema.accounts.userId, account.userId), eq(schema.accounts.providerId, "credential")));
            await db.update(schema.users).set({ emailVerified: true, phone: null, updatedAt: new Date() }).where(eq(schema.users.id, account.userId));
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Tests only (TEST_PASSWORD_HASH=fast, decision 0034): a cheap hash; production keeps Better Auth's scrypt.
      ...(config.testPasswordHash === "fast" ? { password: testPasswordHash } : {}),
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Sign-up never signs in: the answer for an address that already has an account must look the same.
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: mails.sendResetPassword,
      onPasswordReset: mails.onPasswordReset,
      onExistingUserSignUp: mails.onExistingUserSignUp,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_TOKEN_SECONDS,
      sendVerificationEmail: mails.sendVerificationEmail,
      // No afterEmailVerification: a verified address no longer claims anything by itself (issue 37). A visitor's
      // requests kept under it wait on /account/enrollments for the guardian's keep or drop (app/enrollment,
      // visitor-requests-review.server.ts), read there while the account's address is the verified one.
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

/** Better Auth's verification links are signed JWTs; a change of address says so in its payload. */
function isEmailChangeToken(token: string) {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { requestType?: unknown };
    return payload.requestType === "change-email-verification";
  } catch {
    return false;
  }
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
  const [row] = await db.select({ value: schema.appSettings.value }).from(schema.appSettings).where(eq(schema.appSettings.key, "auth_secret"));
  return row!.value;
}
