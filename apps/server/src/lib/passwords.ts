import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { randomToken } from "./crypto.ts";

/** Argon2id with the OWASP parameters of the security baseline (m = 19 MiB, t = 2, p = 1). */
/** Argon2id is 2 in the library's (const) Algorithm enum. */
const ARGON2ID = 2 as Algorithm;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when the password matches the stored hash; a malformed stored hash never matches. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real password check for a phone that has no account, so the answer
 * time does not tell whether a phone is registered.
 */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomToken(24));
  await verifyPassword(await dummyHash, password);
}
