import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authTokens } from "./accounts.ts";
import { at, createdAt, id, money, ref } from "./columns.ts";

/**
 * The built-in provider "Shwe House Games" (HOUSE). It keeps its own state like any third-party game
 * server would: play sessions and rounds. Money never lives here: every bet and payout goes through
 * the signed provider wallet API, and these rows only remember what was asked and answered.
 */

const HOUSE_GAMES = ["house-slot", "house-crash"] as const;

/**
 * A play session made at launch for one player and one game. The launch URL carries a one-time launch
 * code (short-lived); the game page exchanges it once for the session token, which then travels only
 * in a header of every game call. Only SHA-256 hashes of both are stored. The session lives only while
 * the sign-in (auth token) that launched it does. It also holds the secret seed of its next round,
 * whose commitment the player sees before playing.
 */
export const houseSessions = pgTable(
  "house_sessions",
  {
    id: id(),
    /** SHA-256 of the session token; null until the launch code is exchanged. */
    tokenHash: text("token_hash"),
    /** SHA-256 of the one-time launch code; null once exchanged. */
    launchCodeHash: text("launch_code_hash"),
    /** The launch code is refused after this. */
    launchExpiresAt: at("launch_expires_at"),
    /** The sign-in that launched the session: revoking it (sign-out, password change) ends the session. */
    authTokenId: ref("auth_token_id").references(() => authTokens.id, { onDelete: "set null" }),
    /** The player's public code (users.user_code): the only player id a provider knows. */
    userCode: text("user_code").notNull(),
    game: text("game", { enum: HOUSE_GAMES }).notNull(),
    language: text("language", { enum: ["mm", "en", "cn", "thai"] }).notNull(),
    /** Secret seed of the session's next round (64 hex characters); never sent before that round ends. */
    nextSeed: text("next_seed").notNull(),
    /** SHA-256 of next_seed, shown to the player before the round. */
    nextCommitment: text("next_commitment").notNull(),
    createdAt: createdAt(),
    lastUsedAt: at("last_used_at").notNull().defaultNow(),
    /** Hard end of the session, whatever the activity. */
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("house_sessions_token_hash_uq").on(t.tokenHash),
    uniqueIndex("house_sessions_launch_code_uq").on(t.launchCodeHash),
    index("house_sessions_user_idx").on(t.userCode),
    index("house_sessions_auth_token_idx").on(t.authTokenId),
  ],
);

/**
 * One round of a house game and where it stands with the wallet:
 * pending (debit sent or about to be; outcome unknown to the wallet) → debited (bet taken, payout to
 * credit) → settled (credit confirmed, amount 0 for a lost round); pending → refused (the wallet said
 * no: nothing moved) or rolled_back (the debit's fate was unknown, so it was cancelled).
 * A round stuck in pending or debited is completed later with the same transaction ids.
 */
export const houseRounds = pgTable(
  "house_rounds",
  {
    id: id(),
    sessionId: ref("session_id")
      .notNull()
      .references(() => houseSessions.id),
    userCode: text("user_code").notNull(),
    game: text("game", { enum: HOUSE_GAMES }).notNull(),
    bet: money("bet").notNull(),
    /** Crash: the automatic cash-out in hundredths (250 = 2.50×); null for the slot. */
    cashOut: integer("cash_out"),
    /** Slot: {stops, reels, lines}; crash: {crash_point} (hundredths). */
    outcome: jsonb("outcome").notNull(),
    payout: money("payout").notNull(),
    /** The round's seed: kept secret until the round is finished, then shown with its proof. */
    seed: text("seed").notNull(),
    commitment: text("commitment").notNull(),
    status: text("status", { enum: ["pending", "debited", "settled", "refused", "rolled_back"] })
      .notNull()
      .default("pending"),
    debitTx: text("debit_tx").notNull(),
    creditTx: text("credit_tx").notNull(),
    rollbackTx: text("rollback_tx").notNull(),
    /** The wallet's last status word for this round (OK, INSUFFICIENT_FUNDS, …) or UNREACHABLE. */
    walletStatus: text("wallet_status"),
    /** The game balance the wallet reported after the round's last movement. */
    balanceAfter: money("balance_after"),
    /** The client's Idempotency-Key: a repeated play with the same key answers the same round. */
    requestKey: text("request_key"),
    /** Completion attempts after the first answer was missing. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    settledAt: at("settled_at"),
  },
  (t) => [
    uniqueIndex("house_rounds_request_key_uq").on(t.sessionId, t.requestKey),
    index("house_rounds_player_idx").on(t.userCode, t.game, t.id),
    index("house_rounds_open_idx").on(t.status, t.updatedAt).where(sql`${t.status} in ('pending', 'debited')`),
    check("house_rounds_bet_positive", sql`${t.bet} > 0`),
    check("house_rounds_payout_nonneg", sql`${t.payout} >= 0`),
  ],
);
