import { NAME_FIELD, NEW_PASSWORD_FIELD, OTP_CODE_PATTERN, PASSWORD_FIELD, REFERRAL_CODE_PATTERN } from "@shwe/domain";
import { z } from "zod";
import { profileSchema, text, textField } from "./common.ts";

/** A phone as typed by the player (09…, +959…, 959…); the server normalises it. */
export const phoneInputSchema = text().min(9).max(20);
/** ≥ 8 characters, any characters, at most 64 (domain-rules §2). */
export const passwordSchema = textField(NEW_PASSWORD_FIELD, {
  min: `must be at least ${NEW_PASSWORD_FIELD.min} characters`,
  max: `must be at most ${NEW_PASSWORD_FIELD.max} characters`,
});
/** A password given to be checked (sign-in, the current one at a change). */
export const currentPasswordSchema = textField(PASSWORD_FIELD);
export const lvl2StatusSchema = z.enum(["none", "pending", "approved", "rejected"]);
/** register: sign-up; reset: password reset; login: sign-in while the phone is locked by wrong passwords. */
export const otpPurposeSchema = z.enum(["register", "reset", "login"]);
// The rules below are the domain's (text-fields.ts), which the sign-up forms check too; the web's
// auth validation tests hold the forms' checks and these schemas equal.
export const otpCodeSchema = text().regex(OTP_CODE_PATTERN, "must be 6 digits");
export const nameSchema = textField(NAME_FIELD);
export const referralCodeSchema = text().trim().toUpperCase().regex(REFERRAL_CODE_PATTERN, "must be 6 letters or digits");

export const checkPhoneBodySchema = z.strictObject({ phone: phoneInputSchema });
export const checkPhoneResponseSchema = z.object({ registered: z.boolean() });

export const sendOtpBodySchema = z.strictObject({ phone: phoneInputSchema, purpose: otpPurposeSchema });
export const verifyOtpBodySchema = z.strictObject({ phone: phoneInputSchema, purpose: otpPurposeSchema, code: otpCodeSchema });
export const verifyOtpResponseSchema = z.object({ otp_token: z.string() });

export const registerBodySchema = z.strictObject({
  phone: phoneInputSchema,
  name: nameSchema,
  password: passwordSchema,
  otp_token: text().min(1).max(200),
  referral_code: referralCodeSchema.optional(),
});
/**
 * Sign-in. `otp_token` (a proof of purpose login) is needed only when the sign-in limits of the phone
 * are reached: the answer is then 429 RATE_LIMITED with `details.otp_purpose: "login"`.
 */
export const loginBodySchema = z.strictObject({
  phone: phoneInputSchema,
  password: currentPasswordSchema,
  otp_token: text().min(1).max(200).optional(),
});
export const sessionResponseSchema = z.object({ token: z.string(), expires_at: z.string(), user: profileSchema });

export const forgetPasswordBodySchema = z.strictObject({
  phone: phoneInputSchema,
  password: passwordSchema,
  otp_token: text().min(1).max(200),
});
export const newPasswordBodySchema = z.strictObject({ old_password: currentPasswordSchema, password: passwordSchema });
export const profileUpdateBodySchema = z.strictObject({ name: nameSchema });
export const lvl2ResponseSchema = z.object({ status: z.literal("pending") });

/**
 * An operator's decision on a player's pending level-2 upload. A rejection needs a reason (shown to the
 * player). `upload_id`, when given, pins the decision to the upload the operator looked at: if the player
 * replaced it meanwhile, the decision is refused with 409 ALREADY_DECIDED.
 */
export const adminLvl2DecisionBodySchema = z
  .strictObject({
    decision: z.enum(["approve", "reject"]),
    reason: text().trim().min(1).max(500).optional(),
    upload_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decision === "reject" && !body.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "is required to reject" });
    }
  });
export const adminLvl2DecisionResponseSchema = z.object({
  id: z.number().int(),
  lvl_2: z.union([z.literal(1), z.literal(2)]),
  lvl_2_status: lvl2StatusSchema,
});

/** POST /api/user/renew_token (only within the token's last day). */
export const renewTokenResponseSchema = z.object({ token: z.string(), expires_at: z.string() });

/** GET /api/user/lvl_2/image?id= (the owner's own upload; without id the latest one). */
export const lvl2ImageQuerySchema = z.strictObject({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** GET /api/dev/outbox?phone=09… (demo mode only): what the console SMS adapter sent, newest first. */
export const devOutboxQuerySchema = z.strictObject({ phone: phoneInputSchema });
export const devOutboxResponseSchema = z.object({
  data: z.array(z.object({ to: z.string(), text: z.string(), created_at: z.string() })),
});

/** GET /api/admin/lvl2?status=pending (default; oldest first so the queue is worked in order). */
export const adminLvl2ListQuerySchema = z.strictObject({
  status: z.enum(["pending", "approved", "rejected"]).default("pending"),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const adminLvl2UploadSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  image_url: z.string(),
});
export const adminLvl2ListResponseSchema = z.object({ data: z.array(adminLvl2UploadSchema) });

/** POST /api/admin/users/{id}/block: block (true) or unblock (false), always with a reason. */
export const adminBlockBodySchema = z.strictObject({
  blocked: z.boolean(),
  reason: text().trim().min(1).max(500),
});
export const adminBlockResponseSchema = z.object({ id: z.number().int(), blocked: z.boolean() });

/** GET /api/admin/users?q= : find accounts by phone (any accepted form or a prefix), user code or referral code. */
export const adminUserSearchQuerySchema = z.strictObject({ q: text().trim().min(2).max(20) });
export const adminUserSummarySchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  role: z.enum(["player", "operator", "admin"]),
  user_code: z.string(),
  referral_code: z.string(),
  lvl_2: z.union([z.literal(1), z.literal(2)]),
  lvl_2_status: lvl2StatusSchema,
  blocked: z.boolean(),
  created_at: z.string(),
});
export const adminUserSearchResponseSchema = z.object({ data: z.array(adminUserSummarySchema) });

/** Every error code the account calls answer (besides VALIDATION_FAILED, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE). */
export const accountErrorCodes = [
  "PHONE_REGISTERED",
  "INVALID_CREDENTIALS",
  "BLOCKED",
  "OTP_INVALID",
  "OTP_EXPIRED",
  "OTP_LOCKED",
  "OTP_TOKEN_INVALID",
  "REFERRAL_UNKNOWN",
  "WRONG_PASSWORD",
  "PASSWORD_UNCHANGED",
  "ALREADY_LEVEL_2",
  "ALREADY_DECIDED",
  "TOO_EARLY_TO_RENEW",
  "CANNOT_BLOCK_SELF",
  "RATE_LIMITED",
] as const;
export type AccountErrorCode = (typeof accountErrorCodes)[number];

export type CheckPhoneBody = z.infer<typeof checkPhoneBodySchema>;
export type SendOtpBody = z.infer<typeof sendOtpBodySchema>;
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;
export type RegisterBody = z.infer<typeof registerBodySchema>;
export type LoginBody = z.infer<typeof loginBodySchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type ForgetPasswordBody = z.infer<typeof forgetPasswordBodySchema>;
export type NewPasswordBody = z.infer<typeof newPasswordBodySchema>;
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;
export type RenewTokenResponse = z.infer<typeof renewTokenResponseSchema>;
export type DevOutboxResponse = z.infer<typeof devOutboxResponseSchema>;
export type AdminLvl2DecisionBody = z.infer<typeof adminLvl2DecisionBodySchema>;
export type AdminLvl2DecisionResponse = z.infer<typeof adminLvl2DecisionResponseSchema>;
export type AdminLvl2Upload = z.infer<typeof adminLvl2UploadSchema>;
export type AdminLvl2ListResponse = z.infer<typeof adminLvl2ListResponseSchema>;
export type AdminBlockBody = z.infer<typeof adminBlockBodySchema>;
export type AdminBlockResponse = z.infer<typeof adminBlockResponseSchema>;
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;
