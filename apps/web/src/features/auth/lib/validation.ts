import { normalizePhone } from "@shwe/domain";

/** Client-side checks mirroring the server's rules (domain-rules §2), so most mistakes never leave the phone. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const NAME_MAX = 60;
export const OTP_LENGTH = 6;

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
  | "validation.referral_invalid";

export function checkPhone(input: string): { phone: string } | { problem: FieldProblem } {
  if (!input.trim()) return { problem: "validation.phone_required" };
  const phone = normalizePhone(input);
  return phone ? { phone } : { problem: "validation.phone_invalid" };
}

export function checkNewPassword(password: string): FieldProblem | undefined {
  if (!password) return "validation.password_required";
  if (password.length < PASSWORD_MIN) return "validation.password_short";
  if (password.length > PASSWORD_MAX) return "validation.password_long";
  return undefined;
}

export function checkConfirm(password: string, confirm: string): FieldProblem | undefined {
  if (!confirm) return "validation.confirm_required";
  return confirm === password ? undefined : "validation.password_mismatch";
}

export function checkName(name: string): FieldProblem | undefined {
  const trimmed = name.trim();
  if (!trimmed) return "validation.name_required";
  return trimmed.length > NAME_MAX ? "validation.name_long" : undefined;
}

/** Keeps only digits, at most six: what the code box accepts (also from pasted SMS text). */
export function cleanCode(input: string): string {
  return input.replace(/\D/g, "").slice(0, OTP_LENGTH);
}

export function checkCode(code: string): FieldProblem | undefined {
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code) ? undefined : "validation.code_invalid";
}

/** A referral code is optional; when given it is six letters or digits (case does not matter). */
export function normalizeReferral(input: string): { code: string | undefined } | { problem: FieldProblem } {
  const code = input.trim().toUpperCase();
  if (!code) return { code: undefined };
  return /^[A-Z0-9]{6}$/.test(code) ? { code } : { problem: "validation.referral_invalid" };
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
