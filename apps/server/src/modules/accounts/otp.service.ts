import { randomInt } from "node:crypto";
import { maskPhone } from "@shwe/domain";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { randomToken, safeEqual, sha256Hex } from "../../lib/crypto.ts";
import { AppError, conflict, notFound, refused } from "../../lib/errors.ts";
import {
  addOtpAttempt,
  consumeOtpCode,
  consumeOtpProof,
  expireOtpCode,
  insertOtpCode,
  insertOtpProof,
  lockLatestOtp,
  lockOtpPhone,
  type OtpPurpose,
  recentSends,
} from "./otp.repository.ts";
import { insertSmsDelivery, recordSmsResult } from "./sms-delivery.repository.ts";
import type { SmsDeliveryResult, SmsGateway } from "./sms-gateway.ts";
import { redact } from "./sms-http.ts";
import { isPhoneRegistered } from "./users.repository.ts";

/** domain-rules §2 (fixed by the product, not settings). */
export const OTP_TTL_MINUTES = 5;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_SENDS_PER_HOUR = 3;
/** How long the proof of a verified phone (otp_token) may be used to register or reset. */
export const OTP_PROOF_TTL_MINUTES = 10;

export function hashOtp(phone: string, purpose: OtpPurpose, code: string): string {
  return sha256Hex(`otp:${phone}:${purpose}:${code}`);
}

export function otpMessage(purpose: OtpPurpose, code: string): string {
  const what = purpose === "register" ? "sign-up" : purpose === "login" ? "sign-in" : "password reset";
  return `Shwe Lucky ${what} code: ${code}. It expires in ${OTP_TTL_MINUTES} minutes. Never share this code with anyone.`;
}

export function checkPhone(ctx: AppContext, phone: string): Promise<boolean> {
  return isPhoneRegistered(ctx.db, phone);
}

/**
 * Sends a fresh 6-digit code for phone + purpose. Sign-up codes go only to new phones, reset and
 * sign-in codes only to registered ones. At most 3 codes per phone per hour, counted in the database under a
 * per-phone lock so concurrent requests cannot slip past the count.
 *
 * The code (its hash) and a queued delivery row are committed first; the gateway is called after
 * the commit, with no transaction open, and its outcome is stored on the delivery row. When the
 * gateway cannot deliver, the code is ended at once (it still counts towards the hourly sends) and
 * the player gets 503 SMS_UNAVAILABLE. Neither the code nor the message is logged or stored here.
 */
export async function sendOtp(ctx: AppContext, sms: SmsGateway, log: FastifyBaseLogger, phone: string, purpose: OtpPurpose): Promise<void> {
  const registered = await isPhoneRegistered(ctx.db, phone);
  if (purpose === "register" && registered) {
    throw conflict("PHONE_REGISTERED", "This phone number is already registered. Please sign in.");
  }
  if (purpose !== "register" && !registered) throw notFound("No account uses this phone number.");

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const smsPurpose = `otp_${purpose}`;
  const { otpId, deliveryId } = await ctx.db.transaction(async (tx) => {
    await lockOtpPhone(tx, phone);
    const recent = await recentSends(tx, phone);
    if (recent.count >= OTP_SENDS_PER_HOUR) {
      throw new AppError(429, "RATE_LIMITED", "Too many codes were requested for this phone. Please try again later.", {
        retry_after: Math.max(1, recent.retryAfter),
      });
    }
    const otpId = await insertOtpCode(tx, { phone, purpose, codeHash: hashOtp(phone, purpose, code), ttlMinutes: OTP_TTL_MINUTES });
    const deliveryId = await insertSmsDelivery(tx, { phone, purpose: smsPurpose, gateway: sms.name });
    return { otpId, deliveryId };
  });

  let result: SmsDeliveryResult;
  try {
    result = await sms.send(phone, otpMessage(purpose, code), { purpose: smsPurpose, reference: String(deliveryId) });
  } catch (err) {
    result = { status: "failed", attempts: 0, error: `gateway adapter error: ${redact(err instanceof Error ? err.message : String(err))}` };
  }
  await recordSmsResult(ctx.db, deliveryId, result);
  const about = { delivery: deliveryId, to: maskPhone(phone), purpose: smsPurpose, gateway: sms.name, attempts: result.attempts };
  if (result.status === "sent") {
    log.info({ sms: { ...about, provider_message_id: result.providerMessageId } }, "sms sent");
    return;
  }
  await expireOtpCode(ctx.db, otpId);
  log.error({ sms: { ...about, error: result.error } }, "sms not delivered");
  throw new AppError(503, "SMS_UNAVAILABLE", "We could not send the code right now. Please try again in a few minutes.");
}

type VerifyOutcome = { ok: true; otpToken: string } | { ok: false; error: AppError };

const requestNew = "Please request a new code.";

/**
 * Checks a code against the newest code sent to phone + purpose. A wrong try is counted (and
 * committed) before the refusal; after 5 wrong tries the code is dead. A right code is used up
 * and exchanged for a single-use proof, valid 10 minutes.
 */
export async function verifyOtp(ctx: AppContext, phone: string, purpose: OtpPurpose, code: string): Promise<string> {
  const outcome = await ctx.db.transaction(async (tx): Promise<VerifyOutcome> => {
    const otp = await lockLatestOtp(tx, phone, purpose);
    if (!otp || otp.consumed) {
      return { ok: false, error: refused("OTP_INVALID", `This code is not valid. ${requestNew}`) };
    }
    if (otp.attempts >= OTP_MAX_WRONG_TRIES) {
      return { ok: false, error: refused("OTP_LOCKED", `Too many wrong codes. ${requestNew}`) };
    }
    if (otp.expired) return { ok: false, error: refused("OTP_EXPIRED", `This code has expired. ${requestNew}`) };
    if (!safeEqual(otp.codeHash, hashOtp(phone, purpose, code))) {
      const attempts = await addOtpAttempt(tx, otp.id);
      const left = Math.max(0, OTP_MAX_WRONG_TRIES - attempts);
      const message = left > 0 ? "The code is not correct." : `The code is not correct. ${requestNew}`;
      return { ok: false, error: refused("OTP_INVALID", message, { attempts_left: left }) };
    }
    if (!(await consumeOtpCode(tx, otp.id))) {
      return { ok: false, error: refused("OTP_INVALID", `This code is not valid. ${requestNew}`) };
    }
    const otpToken = randomToken(32);
    await insertOtpProof(tx, { tokenHash: sha256Hex(otpToken), phone, purpose, ttlMinutes: OTP_PROOF_TTL_MINUTES });
    return { ok: true, otpToken };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.otpToken;
}

/** Uses up an otp_token inside the caller's transaction; refused unless it proves this phone for this purpose. */
export async function consumeProof(tx: Executor, otpToken: string, phone: string, purpose: OtpPurpose): Promise<void> {
  if (!(await consumeOtpProof(tx, sha256Hex(otpToken), phone, purpose))) {
    throw refused("OTP_TOKEN_INVALID", "Your phone verification has expired or was already used. Please verify your phone again.");
  }
}
