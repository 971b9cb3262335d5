import { DEVICE_ID_PATTERN } from "@shwe/domain";
import { z } from "zod";
import { text } from "./common.ts";

/**
 * Referral farming controls for operators (domain-rules §7): flagged referrers whose earnings are
 * held, the decisions on them, the referral share and farming settings, and what referral paid out.
 */

const id = z.number().int();
const money = z.number().int();

/** Sign-up header of the web app: a random per-browser id kept in localStorage. */
export const DEVICE_ID_HEADER = "x-device-id";
export const deviceIdSchema = z.string().regex(DEVICE_ID_PATTERN, "must be 16-64 letters, digits, - or _");

export const REFERRAL_HOLD_STATUSES = ["held", "cleared", "forfeited"] as const;
export const referralHoldStatusSchema = z.enum(REFERRAL_HOLD_STATUSES);
export type ReferralHoldStatus = z.infer<typeof referralHoldStatusSchema>;

/** One referee in a suspicious group (phone masked). */
export const referralFlagRefereeSchema = z.object({
  id,
  phone: z.string(),
  joined_at: z.string(),
  /** The first characters of the sign-up device id (enough to tell devices apart). */
  device: z.string().nullable(),
  ip_range: z.string().nullable(),
});
export type ReferralFlagReferee = z.infer<typeof referralFlagRefereeSchema>;

/**
 * Referees of one referrer that signed up from one device or one network within the window, or
 * (`shared_sign_in`) that used the referrer's browser on the referrer's network (key: the address).
 */
export const referralFlagGroupSchema = z.object({
  kind: z.enum(["device", "ip_range", "shared_sign_in"]),
  /** The device id's first characters, the IP range, or the shared client address. */
  key: z.string(),
  from: z.string(),
  to: z.string(),
  referees: z.array(referralFlagRefereeSchema),
});
export type ReferralFlagGroup = z.infer<typeof referralFlagGroupSchema>;

export const referralFlagSchema = z.object({
  referrer_id: id,
  referrer_phone: z.string(),
  referrer_name: z.string(),
  status: referralHoldStatusSchema,
  flagged_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by_phone: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** What the referrer holds now (game_refer_amt) and what was forfeited so far. */
  game_refer_amt: money,
  forfeited_total: money,
  refer_count: z.number().int(),
  groups: z.array(referralFlagGroupSchema),
});
export type ReferralFlag = z.infer<typeof referralFlagSchema>;

export const referralFlagQuerySchema = z.strictObject({ status: z.enum([...REFERRAL_HOLD_STATUSES, "all"]).default("held") });
export type ReferralFlagQuery = z.infer<typeof referralFlagQuerySchema>;

export const referralFlagListSchema = z.object({ data: z.array(referralFlagSchema) });
export type ReferralFlagList = z.infer<typeof referralFlagListSchema>;

/** Clear (release the earnings) or forfeit (earnings to the house, referrer stays held): why. */
export const referralDecisionBodySchema = z.strictObject({ reason: text().trim().min(1).max(500) });
export type ReferralDecisionBody = z.infer<typeof referralDecisionBodySchema>;

/** The referral share (percent, two decimals) and when referees count as farming. */
export const referralSettingsSchema = z.strictObject({
  share_percent: z
    .number()
    .min(0)
    .max(100)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, "two decimals at most"),
  farming_threshold: z.number().int().min(2).max(100),
  farming_window_hours: z.number().int().min(1).max(720),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

export const referralPayoutsQuerySchema = z.strictObject({ days: z.coerce.number().int().min(1).max(90).default(30) });
export type ReferralPayoutsQuery = z.infer<typeof referralPayoutsQuerySchema>;

/** One Asia/Yangon day: shares earned by referrers, claims to main, and forfeits to the house. */
export const referralPayoutDaySchema = z.object({
  day: z.string(),
  earned: money,
  claims: z.number().int(),
  claimed: money,
  forfeited: money,
});
export type ReferralPayoutDay = z.infer<typeof referralPayoutDaySchema>;

export const referralPayoutsSchema = z.object({
  data: z.array(referralPayoutDaySchema),
  totals: z.object({ earned: money, claims: z.number().int(), claimed: money, forfeited: money }),
  /** Earnings referrers hold now, and the part of it that is held for review. */
  outstanding: money,
  held: money,
});
export type ReferralPayouts = z.infer<typeof referralPayoutsSchema>;
