import {
  hasNoControlCharacters,
  NAME_FIELD,
  NAME_MAX_LENGTH,
  NEW_PASSWORD_FIELD,
  normalizePhone,
  OTP_CODE_PATTERN,
  OTP_LENGTH,
  PASSWORD_FIELD,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REFERRAL_CODE_PATTERN,
  type TextProblem,
  textProblem,
} from "@shwe/domain";

/**
 * Client-side checks of the server's rules (domain-rules §2), so most mistakes never leave the phone.
 * The rules are the domain's (text-fields.ts: lengths, patterns, control characters), which the
 * contracts' schemas are built from too.
 */
export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;
export const PASSWORD_MAX = PASSWORD_MAX_LENGTH;
export const NAME_MAX = NAME_MAX_LENGTH;
export { OTP_LENGTH };

/** Translation keys (auth namespace) of the problems a field can have. */
export type FieldProblem =
  | "validation.phone_required"
  | "validation.phone_invalid"
  | "validation.password_required"
  | "validation.password_short"
  | "validation.password_long"
  | "validation.password_mismatch"
  | "validation.confirm_required"
  | "validation.name_required"
  | "validation.name_long"
  | "validation.code_invalid"
  | "validation.referral_invalid"
  | "validation.control_characters";

export function checkPhone(input: string): { phone: string } | { problem: FieldProblem } {
  if (!input.trim()) return { problem: "validation.phone_required" };
  const phone = normalizePhone(input);
  return phone ? { phone } : { problem: "validation.phone_invalid" };
}

const PASSWORD_PROBLEMS: Record<TextProblem, FieldProblem> = {
  control_characters: "validation.control_characters",
  required: "validation.password_required",
  too_short: "validation.password_short",
  too_long: "validation.password_long",
};

/** A new password (sign-up, reset). Characters as the server counts them: an emoji is one, not two. */
export function checkNewPassword(password: string): FieldProblem | undefined {
  const problem = textProblem(password, NEW_PASSWORD_FIELD);
  return problem && PASSWORD_PROBLEMS[problem];
}

/** The password of a sign-in: anything the player typed, as long as the server can take it. */
export function checkPassword(password: string): FieldProblem | undefined {
  const problem = textProblem(password, PASSWORD_FIELD);
  return problem && PASSWORD_PROBLEMS[problem];
}

export function checkConfirm(password: string, confirm: string): FieldProblem | undefined {
  if (!confirm) return "validation.confirm_required";
  return confirm === password ? undefined : "validation.password_mismatch";
}

const NAME_PROBLEMS: Record<TextProblem, FieldProblem> = {
  control_characters: "validation.control_characters",
  required: "validation.name_required",
  too_short: "validation.name_required",
  too_long: "validation.name_long",
};

export function checkName(name: string): FieldProblem | undefined {
  const problem = textProblem(name, NAME_FIELD);
  return problem && NAME_PROBLEMS[problem];
}

/** Keeps only digits, at most six: what the code box accepts (also from pasted SMS text). */
export function cleanCode(input: string): string {
  return input.replace(/\D/g, "").slice(0, OTP_LENGTH);
}

export function checkCode(code: string): FieldProblem | undefined {
  return OTP_CODE_PATTERN.test(code) ? undefined : "validation.code_invalid";
}

/** A referral code is optional; when given it is six letters or digits (case does not matter). */
export function normalizeReferral(input: string): { code: string | undefined } | { problem: FieldProblem } {
  // Looked for before trimming, as the server does: a trailing vertical tab is no space to drop.
  if (!hasNoControlCharacters(input)) return { problem: "validation.control_characters" };
  const code = input.trim().toUpperCase();
  if (!code) return { code: undefined };
  return REFERRAL_CODE_PATTERN.test(code) ? { code } : { problem: "validation.referral_invalid" };
}

/**
 * Where to go after signing in: the page the login guard remembered (a same-site path), else home.
 * Accepts the path as a string or as a location object; never an absolute URL or an account page.
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  let path: string | undefined;
  if (typeof from === "string") path = from;
  else if (from && typeof from === "object" && typeof (from as { pathname?: unknown }).pathname === "string") {
    const loc = from as { pathname: string; search?: string; hash?: string };
    path = `${loc.pathname}${loc.search ?? ""}${loc.hash ?? ""}`;
  }
  if (!path?.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return "/";
  if (/^\/(login|register|forgetpwd)(\/|\?|#|$)/.test(path)) return "/";
  return path;
}
