import type { FastifyRequest } from "fastify";
import type { ZodApp } from "../../app-context.ts";
import type { RateLimitConfig } from "../../config/env.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import type { PreHandler } from "../../plugins/auth.ts";

/**
 * What a limit counts by: the caller's IP, the (already normalised) phone of the body, that phone
 * from that IP together, or the signed-in account.
 */
export type LimitKey = "ip" | "phone" | "phone_ip" | "user";

export interface LimitRule {
  by: LimitKey;
  /** Requests allowed per window (multiplied by config.rateLimits.factor). */
  max: number;
  windowMs: number;
  /**
   * The phone's owner may pass this limit with a fresh SMS code of this purpose: a body with an
   * `otp_token` skips the rule (the route must then use up that proof before anything else), and
   * the 429 says so in `details.otp_purpose`.
   */
  smsUnlock?: "login";
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The limits of the sensitive account calls. They slow down password guessing, OTP guessing and
 * phone enumeration; the exact "3 codes per phone per hour" rule is counted in the database.
 */
export const ACCOUNT_LIMITS = {
  check_phone: [
    { by: "ip", max: 30, windowMs: 15 * MINUTE },
    { by: "phone", max: 20, windowMs: 15 * MINUTE },
  ],
  send_otp: [
    { by: "ip", max: 10, windowMs: HOUR },
    { by: "phone", max: 6, windowMs: HOUR },
  ],
  verify_otp: [
    { by: "ip", max: 30, windowMs: 15 * MINUTE },
    { by: "phone", max: 15, windowMs: 15 * MINUTE },
  ],
  verify_register: [
    { by: "ip", max: 10, windowMs: HOUR },
    { by: "phone", max: 10, windowMs: HOUR },
  ],
  // Guessing one phone's password is slowed per phone and address pair; the per-phone ceiling, much
  // higher, stops guessing spread over many addresses. Whoever else hits them, the owner still gets
  // in with the password and a fresh SMS code (smsUnlock).
  login: [
    { by: "ip", max: 30, windowMs: 15 * MINUTE },
    { by: "phone_ip", max: 10, windowMs: 15 * MINUTE, smsUnlock: "login" },
    { by: "phone", max: 50, windowMs: 15 * MINUTE, smsUnlock: "login" },
  ],
  forget_password: [
    { by: "ip", max: 10, windowMs: HOUR },
    { by: "phone", max: 10, windowMs: HOUR },
  ],
  new_password: [
    { by: "ip", max: 20, windowMs: 15 * MINUTE },
    { by: "user", max: 10, windowMs: 15 * MINUTE },
  ],
  lvl_2: [
    { by: "ip", max: 20, windowMs: HOUR },
    { by: "user", max: 10, windowMs: HOUR },
  ],
  profile_update: [
    { by: "ip", max: 60, windowMs: HOUR },
    { by: "user", max: 30, windowMs: HOUR },
  ],
} satisfies Record<string, LimitRule[]>;

/**
 * The counter key of a rule for a subject: the limit's name and a SHA-256 of the subject, so the
 * shared store never holds a phone number or an address in clear.
 */
export function limitKey(name: string, by: LimitKey, subject: string): string {
  return `${name}:${by}:${sha256Hex(subject).slice(0, 32)}`;
}

function keyOf(request: FastifyRequest, by: LimitKey): string | undefined {
  if (by === "ip") return request.ip;
  if (by === "user") return request.authUser ? String(request.authUser.id) : undefined;
  const body = request.body as { phone?: unknown } | undefined;
  if (typeof body?.phone !== "string") return undefined;
  return by === "phone_ip" ? `${body.phone}|${request.ip}` : body.phone;
}

function carriesProof(request: FastifyRequest): boolean {
  return typeof (request.body as { otp_token?: unknown } | undefined)?.otp_token === "string";
}

/**
 * A pre-handler enforcing every rule (each with its own counter) through @fastify/rate-limit; over
 * a limit → 429 RATE_LIMITED with Retry-After. It runs after validation, so the phone is normalised,
 * and after the auth guard when listed behind it. Counters live in the shared store
 * (plugins/rate-limit.ts), so a limit holds across every instance and restart; when the store
 * cannot be reached the call is refused with 503 UNAVAILABLE, never let through unlimited.
 */
export function accountLimiter(app: ZodApp, config: RateLimitConfig, name: string, rules: LimitRule[]): PreHandler {
  if (!config.enabled) return async () => undefined;
  const checks = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: Math.max(1, Math.round(rule.max * config.factor)),
      timeWindow: rule.windowMs,
      keyGenerator: (request) => limitKey(name, rule.by, keyOf(request, rule.by) ?? ""),
    }),
  }));
  return async (request) => {
    for (const { rule, check } of checks) {
      if (keyOf(request, rule.by) === undefined) continue;
      if (rule.smsUnlock && carriesProof(request)) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        const retryAfter = Math.max(1, result.ttlInSeconds);
        if (rule.smsUnlock) {
          throw new AppError(429, "RATE_LIMITED", "Too many attempts for this phone. Confirm it is you with a code sent by SMS.", {
            retry_after: retryAfter,
            otp_purpose: rule.smsUnlock,
          });
        }
        throw new AppError(429, "RATE_LIMITED", "Too many attempts. Please wait and try again.", { retry_after: retryAfter });
      }
    }
  };
}
