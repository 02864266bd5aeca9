// Response headers and the same-origin rule for every request that changes something.
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { pathWithoutLocale } from "../app/i18n/language";
import type { Config } from "./config";

/** Outside hosts the site really embeds: video players and thumbnails, the calendar, Google sign-in. */
const FRAME_HOSTS = [
  "https://www.youtube-nocookie.com",
  "https://www.youtube.com",
  "https://www.facebook.com",
  "https://player.vimeo.com",
  "https://calendar.google.com",
];
const IMAGE_HOSTS = ["https://i.ytimg.com", "https://img.youtube.com", "https://lh3.googleusercontent.com"];
const MEDIA_HOSTS = ["https://i.ytimg.com"];

/**
 * A page rendered for one request is allowed its scripts by that request's nonce; a stored visitor page
 * (server/page-cache.ts) by the hashes of its inline scripts and by its own origin.
 */
export type ScriptPermission = { nonce: string } | { hashes: string[] };

export function contentSecurityPolicy(scripts: ScriptPermission, config: Config) {
  const formTargets = ["'self'"];
  if (config.google) formTargets.push(new URL(config.google.issuer).origin, "https://accounts.google.com");
  // Paying opens Stripe's hosted Checkout (decision 0044): a form's answer may send the browser there.
  if (config.stripe) formTargets.push("https://checkout.stripe.com");
  // A provider reached at another address (STRIPE_API_URL: the tests' loopback service) serves its Checkout pages there.
  if (config.stripe?.apiUrl) formTargets.push(new URL(config.stripe.apiUrl).origin);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": "nonce" in scripts ? ["'self'", `'nonce-${scripts.nonce}'`, "'strict-dynamic'"] : ["'self'", ...scripts.hashes],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...IMAGE_HOSTS],
    "media-src": ["'self'", "blob:", ...MEDIA_HOSTS],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", config.publicUrl.replace(/^http/, "ws")],
    "frame-src": FRAME_HOSTS,
    // The service worker (public/sw.js: notifications and the offline page) is the site's own file.
    "worker-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "form-action": formTargets,
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  if (config.secure) directives["upgrade-insecure-requests"] = [];
  return Object.entries(directives)
    .map(([k, v]) => [k, ...v].join(" "))
    .join("; ");
}

/** The headers every answer carries, whatever it is (the Content-Security-Policy depends on the page). */
export function constantSecurityHeaders(config: Config): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
  ];
  if (config.secure) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/**
 * The headers of the built files (server/assets.ts, answered before a request's own work): every answer's, and in
 * production a fixed policy (no nonce: they run no page).
 */
export function builtFileHeaders(config: Config): Array<[string, string]> {
  const headers = constantSecurityHeaders(config);
  if (config.isProduction) headers.push(["Content-Security-Policy", contentSecurityPolicy({ hashes: [] }, config)]);
  return headers;
}

export function securityHeaders(config: Config) {
  const constant = constantSecurityHeaders(config);
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    if (config.isProduction) res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce }, config));
    for (const [name, value] of constant) res.setHeader(name, value);
    res.removeHeader("X-Powered-By");
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins a state-changing request may come from: PUBLIC_URL, or the address the browser used when none is set. */
export function allowedOrigins(req: Request, config: Config): string[] {
  return allowedOriginsFor(req.get("host"), req.protocol, config);
}

/** The same rule for requests Express does not see (the WebSocket upgrade). */
export function allowedOriginsFor(host: string | undefined, protocol: string, config: Config): string[] {
  if (config.publicUrlConfigured) return [config.publicUrl];
  return host ? [config.publicUrl, `${protocol}://${host}`] : [config.publicUrl];
}

/**
 * Cross-site request forgery guard: every POST, PUT, PATCH and DELETE must carry an Origin (or, failing that,
 * a Referer) from the site itself. Browsers always send Origin on such requests.
 */
export function requireSameOrigin(config: Config) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    let origin = req.get("origin");
    if (!origin || origin === "null") {
      const referer = req.get("referer");
      try {
        origin = referer ? new URL(referer).origin : undefined;
      } catch {
        origin = undefined;
      }
    }
    // Better Auth's OAuth callback may arrive as a form post from the identity provider.
    const isOAuthCallback = req.path.startsWith("/api/auth/callback/");
    // One-click unsubscribe (RFC 8058) is posted by mail programs; its signed token is its own proof.
    const isOneClickUnsubscribe = pathWithoutLocale(req.path) === "/unsubscribe" && req.method === "POST" && typeof req.query.token === "string";
    // The payment provider's webhook (decision 0044) is posted by the provider; its signature is its own proof.
    const isPaymentWebhook = pathWithoutLocale(req.path) === "/payments/webhook" && req.method === "POST";
    if (isOAuthCallback || isOneClickUnsubscribe || isPaymentWebhook || (origin && allowedOrigins(req, config).includes(origin))) return next();
    res.status(403).type("text/plain").send("Forbidden: this request did not come from this site.");
  };
}
