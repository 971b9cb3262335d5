import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import webpush from "web-push";
import type { Config } from "../../config/env.ts";

export interface VapidKeys {
  /** Base64url uncompressed P-256 public key: the browser's applicationServerKey. */
  publicKey: string;
  /** Base64url 32-byte private key; signs the JWT every push carries. */
  privateKey: string;
  /** mailto: or https: contact the push services may use. */
  subject: string;
}

/** The contact given to push services when demo mode makes its own keys. */
export const DEMO_VAPID_SUBJECT = "mailto:push@shwe-lucky.invalid";

const isKeyPair = (v: unknown): v is { publicKey: string; privateKey: string } =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as Record<string, unknown>).publicKey === "string" &&
  typeof (v as Record<string, unknown>).privateKey === "string";

/**
 * The server's VAPID keys: VAPID_* when configured (production requires them). Demo mode without
 * them makes a key pair once and keeps it in DATA_DIR/vapid.json, so browsers that subscribed stay
 * valid across restarts ("memory": a pair for this process only). Throws when the file can be neither
 * read nor written; the caller then runs without push.
 */
export function loadVapidKeys(config: Config): VapidKeys {
  if (config.vapid) return config.vapid;
  if (config.dataDir === "memory") return { ...webpush.generateVAPIDKeys(), subject: DEMO_VAPID_SUBJECT };
  const file = join(config.dataDir, "vapid.json");
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  if (isKeyPair(stored)) return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: DEMO_VAPID_SUBJECT };
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { ...keys, subject: DEMO_VAPID_SUBJECT };
}
