// The VAPID key pair that signs what the site sends to browsers' push services (issue 27). Taken from
// VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; otherwise generated once and kept like the AUTH_SECRET: in DATA_DIR
// with the embedded database (so backups carry it), or in the database when it is external, so several processes
// agree. A device subscribed with one public key takes pushes signed by that pair only: the pair must not change.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../../db/client";
import { appSettings } from "../../db/schema";

export type PushKeys = { publicKey: string; privateKey: string };
type KeyConfig = { dataDir: string; databaseUrl?: string | undefined; push: { keys?: PushKeys | undefined } };

const FILE = "vapid-keys.json";
const SETTING = "vapid_keys";
/** One resolution per place the keys are kept (a test process may run several sites). */
const resolved = new Map<string, Promise<PushKeys>>();

function parse(text: string | undefined): PushKeys | null {
  try {
    const keys = JSON.parse(text ?? "") as Partial<PushKeys>;
    return typeof keys.publicKey === "string" && typeof keys.privateKey === "string"
      ? { publicKey: keys.publicKey, privateKey: keys.privateKey }
      : null;
  } catch {
    return null;
  }
}

async function resolve(config: KeyConfig, db: Db): Promise<PushKeys> {
  if (config.push.keys) return config.push.keys;
  if (!config.databaseUrl) {
    const file = path.join(config.dataDir, FILE);
    const kept = fs.existsSync(file) ? parse(fs.readFileSync(file, "utf8")) : null;
    if (kept) return kept;
    const keys = webpush.generateVAPIDKeys();
    fs.mkdirSync(config.dataDir, { recursive: true });
    // Written aside and moved in place: another process reading it never sees half a file.
    const partial = `${file}.${crypto.randomBytes(4).toString("hex")}.partial`;
    fs.writeFileSync(partial, JSON.stringify(keys) + "\n", { mode: 0o600 });
    fs.renameSync(partial, file);
    return parse(fs.readFileSync(file, "utf8")) ?? keys;
  }
  await db
    .insert(appSettings)
    .values({ key: SETTING, value: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING));
  const keys = parse(row?.value);
  if (!keys) throw new Error("The stored VAPID keys cannot be read");
  return keys;
}

/** This process's key pair (made or read once). */
export function getPushKeys(config: KeyConfig, db: Db): Promise<PushKeys> {
  const where = config.push.keys?.publicKey ?? config.databaseUrl ?? config.dataDir;
  let keys = resolved.get(where);
  if (!keys) {
    keys = resolve(config, db).catch((err: unknown) => {
      resolved.delete(where);
      throw err;
    });
    resolved.set(where, keys);
  }
  return keys;
}
