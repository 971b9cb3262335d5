import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../../db/client.ts";
import { settings } from "../../../db/schema/index.ts";

/**
 * The referral share (domain-rules §7): a referrer earns this percentage of each referee's net casino
 * loss per settled round. An operator setting; default 5, two decimals at most.
 */
export const REFERRAL_SHARE_KEY = "referral.share_percent";
export const DEFAULT_REFERRAL_SHARE_PERCENT = 5;

const percentSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, "two decimals at most");

/** The share in basis points (5 % → 500); a missing or malformed setting reads as the default. */
export async function readReferralShareBasisPoints(db: Executor): Promise<number> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, REFERRAL_SHARE_KEY)).limit(1);
  const parsed = percentSchema.safeParse(rows[0]?.value);
  return Math.round((parsed.success ? parsed.data : DEFAULT_REFERRAL_SHARE_PERCENT) * 100);
}

/** Inserts the default when no value is stored (never overwrites an operator's choice). */
export async function seedReferralShare(db: Executor): Promise<void> {
  await db.insert(settings).values({ key: REFERRAL_SHARE_KEY, value: DEFAULT_REFERRAL_SHARE_PERCENT }).onConflictDoNothing();
}

/** Stores the share (tests and the operator console). */
export async function writeReferralShare(db: Executor, percent: number): Promise<void> {
  const value = percentSchema.parse(percent);
  await db
    .insert(settings)
    .values({ key: REFERRAL_SHARE_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** floor(loss × share) in whole kyat; nothing for a round the player did not lose. */
export function referralShareOf(netLoss: number, basisPoints: number): number {
  if (netLoss <= 0 || basisPoints <= 0) return 0;
  return Math.floor((netLoss * basisPoints) / 10_000);
}
