import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** 32 random bytes, URL-safe: bearer tokens, OTP proofs. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** SHA-256 in hex (strings as UTF-8), in one call: no Hash object per digest. */
export function sha256Hex(input: string | Buffer): string {
  return hash("sha256", input, "hex");
}

export function hmacSha256Hex(secret: string | Buffer, input: string | Buffer): string {
  return createHmac("sha256", secret).update(input).digest("hex");
}

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** A code of `length` characters from `alphabet`, drawn with a CSPRNG and no modulo bias. */
export function randomCode(length: number, alphabet: string): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
