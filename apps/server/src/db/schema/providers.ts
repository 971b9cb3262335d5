import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, id, money, ref } from "./columns.ts";

/**
 * Casino games from providers (domain-rules §6): the transactions providers send to the seamless
 * wallet API, the rounds (wagers) they make up, and the raw callbacks as received.
 */

/**
 * One row per (provider, transaction id): the id is applied at most once. The row is claimed first in
 * the money transaction; it then holds the request hash and the answer replayed to repeats.
 * A rollback naming a debit that has not arrived yet leaves a placeholder row under the debit's id
 * (`placeholder` true, no request hash): the late debit finds it and is refused.
 */
export const providerTransactions = pgTable(
  "provider_transactions",
  {
    id: id(),
    /** The provider's p_code (upper case). */
    provider: text("provider").notNull(),
    transactionId: text("transaction_id").notNull(),
    action: text("action", { enum: ["debit", "credit", "rollback"] }).notNull(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    /** The provider's round id as sent. */
    roundId: text("round_id"),
    /** The round row this transaction belongs to (once known). */
    roundRef: ref("round_ref"),
    gameCode: text("game_code"),
    amount: money("amount"),
    /** credit: win | bonus | jackpot. */
    kind: text("kind"),
    referenceTransactionId: text("reference_transaction_id"),
    /** SHA-256 of the action and the canonical body; null on a placeholder. */
    requestHash: text("request_hash"),
    /** The answer's status (PENDING only inside the transaction that claims the row). */
    status: text("status").notNull(),
    /** The first answer, replayed to a repeat with the same body. */
    answer: jsonb("answer"),
    journalId: ref("journal_id"),
    balanceBefore: money("balance_before"),
    balanceAfter: money("balance_after"),
    placeholder: boolean("placeholder").notNull().default(false),
    /** debit: the rollback transaction id that cancelled it. */
    rolledBackBy: text("rolled_back_by"),
    createdAt: createdAt(),
    updatedAt: at("updated_at"),
  },
  (t) => [
    uniqueIndex("provider_transactions_uq").on(t.provider, t.transactionId),
    index("provider_transactions_user_idx").on(t.userId, t.createdAt),
    index("provider_transactions_round_idx").on(t.roundRef),
    check("provider_transactions_amount_nonneg", sql`${t.amount} is null or ${t.amount} >= 0`),
  ],
);

/**
 * A round (wager) of one player at one provider: the game report's rows. bet is the stake still in
 * play (debits minus rolled-back debits), payout the credits. A round ends with its first credit
 * (a credit of 0 ends a lost round); its valid stake then lowers turnover and feeds the referral share.
 */
export const providerRounds = pgTable(
  "provider_rounds",
  {
    id: id(),
    provider: text("provider").notNull(),
    roundId: text("round_id").notNull(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    gameCode: text("game_code"),
    bet: money("bet").notNull().default(0),
    payout: money("payout").notNull().default(0),
    /** The stake that counted for turnover and the referral share (set at settlement). */
    validBet: money("valid_bet").notNull().default(0),
    /** Game balance before the round's first bet, and after its latest movement. */
    beforeBalance: money("before_balance"),
    balanceAfter: money("balance_after"),
    status: text("status", { enum: ["open", "settled", "rolled_back"] })
      .notNull()
      .default("open"),
    /** The referrer credited at settlement, and the share they received. */
    referrerId: ref("referrer_id"),
    referralShare: money("referral_share").notNull().default(0),
    createdAt: createdAt(),
    settledAt: at("settled_at"),
    updatedAt: at("updated_at"),
  },
  (t) => [
    uniqueIndex("provider_rounds_uq").on(t.provider, t.userId, t.roundId),
    index("provider_rounds_user_idx").on(t.userId, t.provider, t.createdAt),
    index("provider_rounds_referrer_idx").on(t.referrerId, t.userId),
    /** The week's settled rounds by settlement time (weekly cashback, migration 0013). */
    index("provider_rounds_settled_at_idx").on(t.settledAt).where(sql`${t.status} = 'settled'`),
    check("provider_rounds_amounts_nonneg", sql`${t.bet} >= 0 and ${t.payout} >= 0 and ${t.validBet} >= 0 and ${t.referralShare} >= 0`),
  ],
);

/** Every wallet call as received, kept even when its signature is bad (support and disputes). */
export const providerCallbacks = pgTable(
  "provider_callbacks",
  {
    id: id(),
    provider: text("provider").notNull(),
    action: text("action").notNull(),
    /** X-Timestamp, X-Signature, Content-Type and User-Agent as sent. */
    headers: jsonb("headers").notNull(),
    rawBody: text("raw_body").notNull(),
    signatureOk: boolean("signature_ok").notNull(),
    transactionId: text("transaction_id"),
    status: text("status").notNull(),
    answer: jsonb("answer").notNull(),
    ip: text("ip"),
    receivedAt: at("received_at").notNull().defaultNow(),
  },
  (t) => [
    index("provider_callbacks_received_idx").on(t.receivedAt),
    index("provider_callbacks_tx_idx").on(t.provider, t.transactionId),
    /** Bad-signature calls, deleted after a short retention (migration 0009). */
    index("provider_callbacks_bad_signature_idx").on(t.receivedAt).where(sql`NOT ${t.signatureOk}`),
  ],
);
