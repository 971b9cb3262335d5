/**
 * The one password policy of the site, for every place a password is set: sign-up, password change
 * and reset, console accounts (invitation completion and `npm run operator:create`). A password is
 * refused when it is shorter than 8 characters, is or contains a published demo password, is one of
 * the most common passwords, is built on the account's phone number, or is one short piece repeated.
 * The list of common passwords is data, loaded by the server (apps/server/assets/common-passwords.txt)
 * and passed in; this module stays pure.
 */

import type { TextFieldRule } from "./text-fields.ts";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** A new password as a text field (sign-up, reset, change: text-fields.ts): 8 to 64 characters, kept as typed. */
export const NEW_PASSWORD_FIELD: TextFieldRule = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };
/** A password given to be checked (sign-in, the current one at a change): 1 to 64 characters. */
export const PASSWORD_FIELD: TextFieldRule = { min: 1, max: PASSWORD_MAX_LENGTH };

/** The passwords the product publishes (README "Demo accounts"): refused everywhere, in any letter case, also inside a longer one. */
export const PUBLISHED_DEMO_PASSWORDS: readonly string[] = ["demo-operator-1", "demo-operator-2", "demo-player-1", "demo-player-2"];

/** Why a password is refused; each has its own sentence below and one error code (WEAK_PASSWORD). */
export type WeakPasswordReason = "too_short" | "too_long" | "published" | "common" | "phone" | "repeated";

export const WEAK_PASSWORD_CODE = "WEAK_PASSWORD";

/** The one error message of the policy (the web shows its own translation of the code). */
export const WEAK_PASSWORD_MESSAGE =
  "This password is too easy to guess: use at least 8 characters, not your phone number, not a common or published password.";

/** The reason in words, for logs and the command line. */
export const WEAK_PASSWORD_REASONS: Readonly<Record<WeakPasswordReason, string>> = {
  too_short: `it has fewer than ${PASSWORD_MIN_LENGTH} characters`,
  too_long: `it has more than ${PASSWORD_MAX_LENGTH} characters`,
  published: "it is or contains a published demo password",
  common: "it is one of the most common passwords",
  phone: "it is built on the phone number",
  repeated: "it is one short piece repeated",
};

export interface PasswordContext {
  /** The account's phone (09…), when known: the password may not be built on it. */
  phone?: string | null | undefined;
  /** True when this lowercased password is on the list of common passwords. */
  isCommon: (lowercased: string) => boolean;
}

/** True when the value is one piece of at most 3 characters repeated (aaaaaaaa, abababab, 123123123). */
function isShortRepetition(value: string): boolean {
  for (let period = 1; period <= 3 && period <= value.length / 2; period++) {
    if (value.length % period !== 0) continue;
    if (value.slice(period) === value.slice(0, -period)) return true;
  }
  return false;
}

/**
 * The phone's forms a password may not be built on: the subscriber digits (09xxxxxxx without 09),
 * with 9 or 959 in front, and the same reversed. Any password that contains one of them is refused
 * (09123456789, +959123456789, 123456789ab, 987654321 …).
 */
function phoneForms(phone: string): string[] {
  const digits = phone.replace(/\D/g, "");
  const subscriber = digits.startsWith("959") ? digits.slice(3) : digits.startsWith("09") ? digits.slice(2) : digits;
  if (subscriber.length < 6) return [];
  return [subscriber, [...subscriber].reverse().join("")];
}

/** Why this password is refused, or undefined when the policy accepts it. */
export function weakPasswordReason(password: string, context: PasswordContext): WeakPasswordReason | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) return "too_short";
  if ([...password].length > PASSWORD_MAX_LENGTH) return "too_long";
  const lower = password.toLowerCase();
  if (PUBLISHED_DEMO_PASSWORDS.some((p) => lower.includes(p))) return "published";
  if (context.isCommon(lower) || context.isCommon(lower.trim())) return "common";
  if (context.phone) {
    // Separators and the plus sign do not make a phone number another password.
    const compact = lower.replace(/[\s.\-+()_/]/g, "");
    if (phoneForms(context.phone).some((form) => compact.includes(form))) return "phone";
  }
  if (isShortRepetition(lower)) return "repeated";
  return undefined;
}
