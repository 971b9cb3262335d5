import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { WEAK_PASSWORD_CODE, WEAK_PASSWORD_MESSAGE, WEAK_PASSWORD_REASONS, weakPasswordReason } from "@shwe/domain";
import { AppError } from "./errors.ts";

/**
 * The server's side of the password policy (packages/domain/src/password-policy.ts): the list of
 * common passwords, read once from apps/server/assets (the same path from src/ and from the
 * compiled dist/), and the one refusal every place that sets a password throws.
 */
export const commonPasswordsFile = resolve(dirname(fileURLToPath(import.meta.url)), "../../assets/common-passwords.txt");

let common: Set<string> | undefined;

/** The common passwords, lowercased ("#" lines are the file's header). */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(commonPasswordsFile, "utf8")
      .split("\n")
      .filter((line) => line.length > 0 && !line.startsWith("#")),
  );
  return common;
}

/** The refusal of a weak password: 422 WEAK_PASSWORD, one message, the reason and the field in the details. */
export function weakPasswordError(reason: keyof typeof WEAK_PASSWORD_REASONS, field = "password"): AppError {
  return new AppError(422, WEAK_PASSWORD_CODE, WEAK_PASSWORD_MESSAGE, {
    reason,
    fields: [{ field, message: WEAK_PASSWORD_REASONS[reason] }],
  });
}

/** Throws 422 WEAK_PASSWORD unless the policy accepts this password for the account of this phone. */
export function assertPasswordAllowed(password: string, phone: string | null | undefined, field = "password"): void {
  const set = commonPasswords();
  const reason = weakPasswordReason(password, { phone, isCommon: (p) => set.has(p) });
  if (reason) throw weakPasswordError(reason, field);
}
