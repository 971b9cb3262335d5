import { createECDH } from "node:crypto";
import webpush from "web-push";

/**
 * What APP_MODE=production refuses in its secrets (docs/operations.md, "Secrets"). Every message names
 * the setting and the rule, never the value.
 */

/**
 * Values published with the product (README, docs, api.md, demo seed, test fixtures). None of them is
 * accepted as a production secret, in any letter case, also not as part of a longer value.
 */
export const PUBLISHED_DEFAULTS: readonly string[] = [
  "demo-house-secret",
  "gdg-test-secret-0123456789",
  "demo-operator-1",
  "demo-operator-2",
  "demo-player-1",
  "demo-player-2",
  "demo-gsc-secret-key",
];

/** The strength rule of the secrets this server generates for itself (HOUSE_SECRET, METRICS_TOKEN). */
export const STRONG_SECRET_MIN_LENGTH = 32;
export const STRONG_SECRET_MIN_DISTINCT = 10;

/** Why a value is a published default, or undefined. */
function publishedDefault(value: string): string | undefined {
  const lower = value.toLowerCase();
  return PUBLISHED_DEFAULTS.some((d) => lower.includes(d)) ? "is or contains a published default value" : undefined;
}

/** True when the value is a shorter piece repeated (abcabcabc…, 0101…). */
function isRepetition(value: string): boolean {
  for (let period = 1; period <= value.length / 2; period++) {
    if (value.length % period !== 0) continue;
    if (value.slice(period) === value.slice(0, -period)) return true;
  }
  return false;
}

/**
 * Why a secret is too weak, or undefined: at least 32 characters, at least 10 different characters,
 * not one piece repeated, no published default inside (`openssl rand -hex 32` always passes).
 */
export function weakSecretReason(value: string): string | undefined {
  const published = publishedDefault(value);
  if (published) return published;
  if (value.length < STRONG_SECRET_MIN_LENGTH) return `must be at least ${STRONG_SECRET_MIN_LENGTH} characters`;
  if (new Set(value).size < STRONG_SECRET_MIN_DISTINCT) return `must use at least ${STRONG_SECRET_MIN_DISTINCT} different characters`;
  if (isRepetition(value)) return "must not be one short piece repeated";
  return undefined;
}

/**
 * Why an aggregator's secret key is refused, or undefined. The aggregator issues it, so the rule is
 * milder than for the secrets this server generates: no published default inside, at least 16
 * characters, at least 8 different ones, not one piece repeated.
 */
export function aggregatorSecretReason(value: string): string | undefined {
  const published = publishedDefault(value);
  if (published) return published;
  if (value.length < 16) return "must be at least 16 characters";
  if (new Set(value).size < 8) return "must use at least 8 different characters";
  if (isRepetition(value)) return "must not be one short piece repeated";
  return undefined;
}

export interface VapidSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Problems of a VAPID key pair and contact, by setting name: checked with web-push's own validation
 * (subject mailto: or https:, public key 65 bytes and private key 32 bytes of URL-safe base64) and
 * then as a P-256 pair (the private key is a valid scalar and the public key is its point).
 */
export function vapidProblems(vapid: VapidSettings): [string, string][] {
  try {
    webpush.getVapidHeaders("https://push.invalid", vapid.subject, vapid.publicKey, vapid.privateKey, "aes128gcm");
  } catch (err) {
    const message = err instanceof Error ? err.message.toLowerCase() : "";
    if (message.includes("subject")) return [["VAPID_SUBJECT", "must be a mailto: address or an https: URL"]];
    if (message.includes("public key")) return [["VAPID_PUBLIC_KEY", "must be 65 bytes of URL-safe base64 (an uncompressed P-256 point)"]];
    if (message.includes("private key")) return [["VAPID_PRIVATE_KEY", "must be 32 bytes of URL-safe base64 (a P-256 private key)"]];
    return [["VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY", "are not a usable VAPID key pair"]];
  }
  let derived: Buffer;
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(vapid.privateKey, "base64url"));
    derived = ecdh.getPublicKey();
  } catch {
    return [["VAPID_PRIVATE_KEY", "is not a valid P-256 private key"]];
  }
  if (!derived.equals(Buffer.from(vapid.publicKey, "base64url"))) {
    return [["VAPID_PUBLIC_KEY", "is not the public key of VAPID_PRIVATE_KEY"]];
  }
  const published = publishedDefault(vapid.privateKey);
  return published ? [["VAPID_PRIVATE_KEY", published]] : [];
}

export interface ProductionSecrets {
  DATABASE_URL: string;
  HOUSE_SECRET: string;
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  VAPID_SUBJECT: string;
  METRICS_TOKEN?: string | undefined;
  SMS_GATEWAY_TOKEN?: string | undefined;
  REDIS_URL?: string | undefined;
}

/** Every refusal of the production secrets as "SETTING: rule" (empty when they are all acceptable). */
export function productionSecretProblems(s: ProductionSecrets): string[] {
  const problems: [string, string][] = [];
  const house = weakSecretReason(s.HOUSE_SECRET);
  if (house) problems.push(["HOUSE_SECRET", house]);
  if (s.METRICS_TOKEN !== undefined) {
    const metrics = weakSecretReason(s.METRICS_TOKEN);
    if (metrics) problems.push(["METRICS_TOKEN", metrics]);
  }
  if (s.SMS_GATEWAY_TOKEN !== undefined) {
    const sms = publishedDefault(s.SMS_GATEWAY_TOKEN);
    if (sms) problems.push(["SMS_GATEWAY_TOKEN", sms]);
  }
  for (const [name, url] of [
    ["DATABASE_URL", s.DATABASE_URL],
    ["REDIS_URL", s.REDIS_URL],
  ] as const) {
    const published = url ? publishedDefault(urlPassword(url)) : undefined;
    if (published) problems.push([`${name} (its password)`, published]);
  }
  problems.push(...vapidProblems({ publicKey: s.VAPID_PUBLIC_KEY, privateKey: s.VAPID_PRIVATE_KEY, subject: s.VAPID_SUBJECT }));
  return problems.map(([name, why]) => `${name} ${why}`);
}

function urlPassword(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return "";
  }
}
