import { HOUSE_GAME_CODES, MAX_AMOUNT, SLOT_SYMBOLS } from "@shwe/domain";
import { z } from "zod";

/**
 * The built-in provider's own game API (Shwe House Games, p_code HOUSE), served under /house/api.
 * The game pages call it with the play session token of the launch URL in the X-House-Session
 * header (never the player's bearer token). Money moves only through the signed provider wallet API.
 */

export const HOUSE_SESSION_HEADER = "x-house-session";

export const houseGameSchema = z.enum(HOUSE_GAME_CODES);
export type HouseGame = z.infer<typeof houseGameSchema>;

export const houseLanguageSchema = z.enum(["mm", "en", "cn", "thai"]);

export const houseSlotSymbolSchema = z.enum(SLOT_SYMBOLS);
export type HouseSlotSymbol = z.infer<typeof houseSlotSymbolSchema>;

const money = z.number().int();
const digest = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * POST /house/api/launch: the game page exchanges the one-time launch code of its launch URL
 * (`/house/{game}?launch=<code>&lang=<lng>`) for the play session token, once; the token then
 * travels only in the X-House-Session header.
 */
export const houseLaunchBodySchema = z.strictObject({ launch_code: z.string().min(20).max(200) });
export type HouseLaunchBody = z.infer<typeof houseLaunchBodySchema>;
export const houseLaunchResultSchema = z.object({ session: z.string(), game: houseGameSchema });
export type HouseLaunchResult = z.infer<typeof houseLaunchResultSchema>;

/** GET /house/api/session: what the game page needs before the first round. */
export const houseSessionInfoSchema = z.object({
  game: houseGameSchema,
  language: houseLanguageSchema,
  /** The player's game balance, from the wallet's balance call. */
  balance: money,
  /** SHA-256 of the secret seed of the next round (revealed after it). */
  commitment: digest,
  /** Bet choices in kyat. */
  bets: z.array(money),
  /** Expected return to player of the game (0.961875 for the slot, 0.97 for crash). */
  rtp: z.number(),
  /** Crash only: the automatic cash-out range. */
  min_cash_out: z.number().optional(),
  max_cash_out: z.number().optional(),
  /** Slot only: line bet multipliers of three of a kind. */
  paytable: z.record(houseSlotSymbolSchema, z.number().int()).optional(),
});
export type HouseSessionInfo = z.infer<typeof houseSessionInfoSchema>;

/** POST /house/api/spin (slot). An optional Idempotency-Key header makes a retried spin answer the same round. */
export const houseSpinBodySchema = z.strictObject({ bet: z.number().int().min(1).max(MAX_AMOUNT) });
export type HouseSpinBody = z.infer<typeof houseSpinBodySchema>;

export const houseLineWinSchema = z.object({
  /** Payline 1–5: middle row, top row, bottom row, diagonal down, diagonal up. */
  line: z.number().int(),
  symbol: houseSlotSymbolSchema,
  multiplier: z.number().int(),
  payout: money,
});
export type HouseLineWin = z.infer<typeof houseLineWinSchema>;

/** reels[reel][row]: three reels of three symbols, top to bottom. */
export const houseReelsSchema = z.array(z.array(houseSlotSymbolSchema));

export const houseSpinResultSchema = z.object({
  round_id: z.string(),
  bet: money,
  reels: houseReelsSchema,
  lines: z.array(houseLineWinSchema),
  payout: money,
  /** Game balance after the round. */
  balance: money,
  /** The commitment shown before this round, and its seed, now revealed. */
  commitment: digest,
  seed: digest,
  /** The commitment of the next round. */
  next_commitment: digest,
});
export type HouseSpinResult = z.infer<typeof houseSpinResultSchema>;

/** POST /house/api/crash/play: bet and automatic cash-out multiplier (1.01–100, two decimals). */
export const houseCrashBodySchema = z.strictObject({
  bet: z.number().int().min(1).max(MAX_AMOUNT),
  auto_cash_out: z.number().min(1.01).max(100),
});
export type HouseCrashBody = z.infer<typeof houseCrashBodySchema>;

export const houseCrashResultSchema = z.object({
  round_id: z.string(),
  bet: money,
  auto_cash_out: z.number(),
  /** Where the rocket crashed (multiplier, two decimals). */
  crash_point: z.number(),
  /** The cash-out multiplier when the rocket reached it, null when it crashed first. */
  cashed_out_at: z.number().nullable(),
  payout: money,
  balance: money,
  commitment: digest,
  seed: digest,
  next_commitment: digest,
});
export type HouseCrashResult = z.infer<typeof houseCrashResultSchema>;

export const houseRoundStatusSchema = z.enum(["pending", "settled", "rolled_back"]);

/** One round of the history with its proof (seed null until the round is finished). */
export const houseRoundSchema = z.object({
  round_id: z.string(),
  game: houseGameSchema,
  bet: money,
  payout: money,
  status: houseRoundStatusSchema,
  created_at: z.string(),
  commitment: digest,
  seed: digest.nullable(),
  reels: houseReelsSchema.nullable(),
  lines: z.array(houseLineWinSchema).nullable(),
  auto_cash_out: z.number().nullable(),
  crash_point: z.number().nullable(),
});
export type HouseRound = z.infer<typeof houseRoundSchema>;

/** GET /house/api/rounds?limit= : the player's latest rounds of this game, newest first. */
export const houseRoundsQuerySchema = z.strictObject({ limit: z.coerce.number().int().min(1).max(50).optional() });
export const houseRoundListSchema = z.object({ data: z.array(houseRoundSchema) });
export type HouseRoundList = z.infer<typeof houseRoundListSchema>;
