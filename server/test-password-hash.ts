// A cheap password hash for tests only (decision 0034), used when TEST_PASSWORD_HASH=fast is set: Better Auth's own
// scrypt costs 32 MB and tens of milliseconds a password by design, and the sign-in limit tests check hundreds.
// Production never sets it, and a server that has it still checks a password stored with the standard hash.
import crypto from "node:crypto";
import { verifyPassword } from "better-auth/crypto";

const PREFIX = "test-scrypt";
/** scrypt at the smallest cost: tests need a real hash of the password, not a strong one. */
const COST = { N: 16, r: 1, p: 1 };
const KEY_LENGTH = 32;

function scrypt(password: string, salt: string): Promise<string> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, COST, (err, key) => (err ? reject(err) : resolve(key.toString("hex")))),
  );
}

/** Better Auth's `emailAndPassword.password` with the test hash: "test-scrypt:salt:key". */
export const testPasswordHash = {
  hash: async (password: string) => {
    const salt = crypto.randomBytes(16).toString("hex");
    return `${PREFIX}:${salt}:${await scrypt(password, salt)}`;
  },
  verify: async ({ hash, password }: { hash: string; password: string }) => {
    const [prefix, salt, key] = hash.split(":");
    if (prefix !== PREFIX) return verifyPassword({ hash, password });
    const given = Buffer.from(await scrypt(password, salt ?? ""), "hex");
    const stored = Buffer.from(key ?? "", "hex");
    return given.length === stored.length && crypto.timingSafeEqual(given, stored);
  },
};
