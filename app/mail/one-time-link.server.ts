// A mail's one-time link (password reset, email confirmation, family invitation) never rests in the outbox in plain
// text (decision 0025). The rendered bodies keep a placeholder; the link itself is sealed with AES-256-GCM under a
// key derived (HKDF-SHA256) from the auth secret with a purpose of its own, bound to its outbox row, and opened only
// to deliver the mail or to show it to the operator (`npm run mail:outbox`).
import crypto from "node:crypto";

/** Where the link goes in a stored mail's bodies. Migration 0016 writes the same words into older rows. */
export const SEALED_LINK_PLACEHOLDER = "[one-time link, sealed]";

const PURPOSE = "nlte mail_outbox one-time link v1";
const FORMAT = "v1";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function keyFor(secret: string) {
  // Its own purpose: this key opens outbox links and nothing else, and no other use of the secret opens them.
  return Buffer.from(crypto.hkdfSync("sha256", secret, "", PURPOSE, 32));
}

/** Seals `url` for the outbox row `mailId` (the row's id is authenticated: a sealed link moved to another row fails). */
export function sealLink(secret: string, mailId: string, url: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(secret), iv);
  cipher.setAAD(Buffer.from(mailId));
  const sealed = Buffer.concat([cipher.update(url, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${FORMAT}.${iv.toString("base64url")}.${sealed.toString("base64url")}`;
}

/** The link, or null when it was sealed under another secret, for another row, or changed. */
export function openLink(secret: string, mailId: string, sealed: string): string | null {
  const [format, iv, body] = sealed.split(".");
  if (format !== FORMAT || !iv || !body) return null;
  try {
    const bytes = Buffer.from(body, "base64url");
    if (bytes.length < 16) return null;
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(secret), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(mailId));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

type Bodies = { text: string; html: string };

/** The bodies with every appearance of `url` (as text and as HTML) replaced by the placeholder. */
export function withoutLink(bodies: Bodies, url: string): Bodies {
  const text = bodies.text.replaceAll(url, SEALED_LINK_PLACEHOLDER);
  const html = bodies.html.replaceAll(escapeHtml(url), SEALED_LINK_PLACEHOLDER).replaceAll(url, SEALED_LINK_PLACEHOLDER);
  if (text.includes(url) || html.includes(url)) throw new Error("the one-time link could not be taken out of the mail");
  return { text, html };
}

/** The bodies with the placeholder replaced by `replacement` (the opened link, or a note for the operator). */
export function withLink(bodies: Bodies, replacement: string): Bodies {
  return {
    // A function, not a string: "$&" and the like in a link are not replacement patterns.
    text: bodies.text.replaceAll(SEALED_LINK_PLACEHOLDER, () => replacement),
    html: bodies.html.replaceAll(SEALED_LINK_PLACEHOLDER, () => escapeHtml(replacement)),
  };
}
